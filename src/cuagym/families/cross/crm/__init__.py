"""Cross-app task families homed in crm."""
