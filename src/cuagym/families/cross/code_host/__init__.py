"""Cross-app task families homed in code-host (the forge with the team chat)."""

from cuagym.families.cross.code_host._cross import AnnounceRelease, ReviewersFromChat

__all__ = ["AnnounceRelease", "ReviewersFromChat"]
