"""The environment protocol's companions."""

from cuagym.core._environment import FileEntry, NotAGUIEnvironment

__all__ = ["FileEntry", "NotAGUIEnvironment"]
