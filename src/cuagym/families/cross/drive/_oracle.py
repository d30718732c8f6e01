"""GUI oracles of the drive's cross-app families. They know the task's params (who is on the
email, where the chat asks the file to go), so they work in the drive alone, the window on top
(see the families' start windows), with the drive's own skills."""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.drive import DriveOracle
from cuagym.apps.web_oracle import Stage
from cuagym.core import TaskConfig

__all__ = ["CROSS_ORACLES"]


class ShareFromMailOracle(DriveOracle):
    """The file's page; Share with each person on the email, in the asked role."""

    def stages(self) -> list[Stage]:
        p = self.p
        file, where, role = str(p["file"]), str(p["where"]), str(p["role"])
        return [self.open_stage("file", file, where)] + [
            self.share_stage(file, where, str(name), str(email), role)
            for name, email in zip(p["people"], p["emails"], strict=True)
        ]


class MoveFromChatOracle(DriveOracle):
    """The file's page; Move it to the folder the message names."""

    def stages(self) -> list[Stage]:
        p = self.p
        file, where = str(p["file"]), str(p["where"])
        return [
            self.open_stage("file", file, where),
            self.move_stage(file, where, str(p["target"])),
        ]


CROSS_ORACLES: dict[str, Callable[[TaskConfig], DriveOracle]] = {
    "share-from-mail": ShareFromMailOracle,
    "move-from-chat": MoveFromChatOracle,
}
