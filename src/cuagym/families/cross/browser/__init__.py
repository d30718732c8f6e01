"""Cross-app families homed in browser: a document of another desktop app (a Writer memo, a
Calc sheet) says what the browser's profile should hold."""
