"""The code-editor kit: what a task family outside this package builds code-editing tasks
with (the cross-app families homed in code-editor import these names, never this package's
private modules): the family base, its world, the project picker and the check-block
helpers' home."""

from cuagym.families.code_editor._base import HOME, CodeFamily, World, pick_project, quote

__all__ = ["HOME", "CodeFamily", "World", "pick_project", "quote"]
