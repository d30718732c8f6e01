"""The reward checks of expenses' cross-app families (one module per family, pasted as text)."""
