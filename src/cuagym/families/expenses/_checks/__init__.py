"""The reward checks of the expenses families: one module per family, each the body of its
reward's ``main`` below the inline marker, pasted by :func:`cuagym.scripts.inlined_file`."""
