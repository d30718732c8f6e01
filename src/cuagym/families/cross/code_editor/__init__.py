"""Cross-app task families homed in code-editor."""
