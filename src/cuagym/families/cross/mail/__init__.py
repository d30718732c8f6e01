"""Cross-app task families homed in mail."""
