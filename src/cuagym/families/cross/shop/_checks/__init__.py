"""The reward checks of shop's cross-app families (one module per family, pasted as text)."""
