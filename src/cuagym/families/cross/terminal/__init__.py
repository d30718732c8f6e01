"""Cross-app task families homed in terminal."""
