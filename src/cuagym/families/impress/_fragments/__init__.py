"""Script fragments of these families: statements and helpers pasted into their scripts.

Each module is real code (ruff and mypy check it) whose part below its inline marker is pasted
verbatim into a script: a reward's checks (``*_checks``, statements of ``main``), a golden
patch's edit (``*_patch``) or extra reward helpers (``*_helpers``). Above the marker it imports
what the script has in scope (:mod:`cuagym.families._office_scope` and the inlined libraries).
They are read as text (:func:`cuagym.families._office.fragment`), never imported.
"""
