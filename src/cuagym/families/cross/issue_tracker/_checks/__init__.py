"""The reward checks of the cross-app families homed in issue-tracker: each module the body of
its reward's ``main`` below the inline marker, pasted by :func:`cuagym.scripts.inlined_file`."""
