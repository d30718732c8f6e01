"""Cross-app task families homed in calc."""
