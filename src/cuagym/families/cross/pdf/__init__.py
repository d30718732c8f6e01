"""Cross-app task families homed in pdf."""
