"""The reward checks of social's cross-app families: one module per family, each the body of
its reward's ``main`` below the inline marker."""
