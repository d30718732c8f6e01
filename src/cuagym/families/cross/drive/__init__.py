"""Cross-app task families homed in the drive: a request read in the mailbox or the team chat,
done in the drive (see ``_cross``)."""

from __future__ import annotations

from cuagym.families.cross.drive._cross import MoveFromChat, ShareFromMail

__all__ = ["MoveFromChat", "ShareFromMail"]
