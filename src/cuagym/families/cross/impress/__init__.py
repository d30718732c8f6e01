"""Cross-app task families homed in impress."""
