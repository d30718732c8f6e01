"""The reward checks of the issue-tracker families: each module the body of its reward's
``main`` below the inline marker, pasted by :func:`cuagym.scripts.inlined_file`."""
