"""Cross-app task families homed in writer."""
