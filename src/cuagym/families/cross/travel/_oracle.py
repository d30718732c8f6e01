"""GUI oracles of travel's cross-app families.

What the traveller's e-mail says is the task's params (the oracle's privileged knowledge, as a
cross-app oracle reads its source), so ``flight-from-mail`` works on the travel site alone,
through the same pages as the single-app booking oracle. ``announce-trip`` works in two
windows: the approvals queue on the travel site, then the chat's channel, switching with alt+tab
the way a person does on this desktop.
"""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.web_oracle import Stage, WebOracle
from cuagym.core import Policy, TaskConfig
from cuagym.families.cross._chat_tracker_oracle import CrossAppOracle
from cuagym.families.team_chat.shared import ChatOracle
from cuagym.families.travel.shared import BookFlightOracle, DecideApprovalsOracle

__all__ = ["CROSS_ORACLES"]

#: the travel manager's handle in the chat (``_cross.CHAT_ME``)
CHAT_HANDLE = "noor.haddad"


class ChatPart(ChatOracle):
    """The chat's page helpers, signed in as the travel manager."""

    def __init__(self, task: TaskConfig) -> None:
        WebOracle.__init__(self, task)
        self.me = CHAT_HANDLE
        self._seen_text: dict[str, str] = {}
        self._found: dict[tuple[str, str, str], str] = {}

    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages


class AnnounceTripOracle(CrossAppOracle):
    """The travel site on top: approve the trip in the queue; then the chat: the channel, the
    message."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.travel = DecideApprovalsOracle(task)
        self.chat = ChatPart(task)
        self.parts = (self.travel, self.chat)

    def stages(self) -> list[Stage]:
        p = self.p
        return [
            self.window_stage("travel"),
            self.travel.decide_stage(str(p["trip"]), True, str(p["note"])),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(p["channel"])),
            self.chat.post_stage(str(p["text"])),
        ]


CROSS_ORACLES: dict[str, Callable[[TaskConfig], Policy]] = {
    "flight-from-mail": BookFlightOracle,
    "announce-trip": AnnounceTripOracle,
}
