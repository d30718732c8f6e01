"""The reward checks of the cross families homed in code-host, one module per family."""
