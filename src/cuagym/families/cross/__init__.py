"""Cross-app task families: they compose apps through their public surfaces."""
