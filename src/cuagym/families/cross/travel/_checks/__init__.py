"""The reward checks of travel's cross-app families (one module per family)."""
