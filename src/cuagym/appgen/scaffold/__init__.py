"""The scaffold every synthesized app starts from: a real app package on the web kit.

``scaffold_app`` is an app like any other (ruff and mypy check it, a test serves it): an
:class:`~cuagym.apps.AppSpec`, a state schema on :class:`~cuagym.apps.webkit.StateModel`, a
seed, invariants, and one home screen in a themed shell. ``cuagym appgen build`` copies it into
a workspace as the app's package, renamed, with the plan's identity written into
``_identity.py``; the Dev agent grows it from there.
"""
