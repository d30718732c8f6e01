"""Cross-app task families homed in files."""
