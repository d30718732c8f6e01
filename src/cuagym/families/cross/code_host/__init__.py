"""Cross-app task families homed in code-host (the forge with the team chat and the mail)."""

from cuagym.families.cross.code_host._ci_mail import RerunFromCiMail
from cuagym.families.cross.code_host._cross import AnnounceRelease, ReviewersFromChat

__all__ = ["AnnounceRelease", "RerunFromCiMail", "ReviewersFromChat"]
