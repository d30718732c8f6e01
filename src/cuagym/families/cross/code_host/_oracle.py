"""GUI oracles of code-host's cross families: the forge and the chat, one window each.

They reuse the forge oracles' stages (the release form, the reviewers dialog) and the chat
oracle's page helpers as parts of one :class:`CrossAppOracle`, switching windows with alt+tab
the way a person does on this desktop.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Stage, WebOracle
from cuagym.core import TaskConfig
from cuagym.families.code_host.shared import (
    LabelsOracle,
    ReleaseOracle,
    RerunOracle,
    ReviewersOracle,
)
from cuagym.families.cross._chat_tracker_oracle import CrossAppOracle
from cuagym.families.team_chat.shared import ChatOracle

__all__ = ["AnnounceReleaseOracle", "RerunFromMailOracle", "ReviewersFromChatOracle"]

#: the forge's person in the chat (``_cross.CHAT_ME``'s handle)
CHAT_HANDLE = "mara.okafor"


class ChatPart(ChatOracle):
    """The chat's page helpers, signed in as the forge's person."""

    def __init__(self, task: TaskConfig) -> None:
        WebOracle.__init__(self, task)
        self.me = CHAT_HANDLE
        self._seen_text: dict[str, str] = {}
        self._found: dict[tuple[str, str, str], str] = {}

    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages


class AnnounceReleaseOracle(CrossAppOracle):
    """The forge on top: publish the release; then the chat: open the channel and post."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.forge = ReleaseOracle(task)
        self.chat = ChatPart(task)
        self.parts = (self.forge, self.chat)

    def stages(self) -> list[Stage]:
        channel, text = str(self.p["channel"]), str(self.p["text"])
        return [
            self.window_stage("code-host"),
            *self.forge.stages(),
            self.window_stage("team-chat"),
            self.chat.channel_stage(channel),
            self.chat.post_stage(text),
        ]


class ReviewersFromChatOracle(CrossAppOracle):
    """The chat on top: open the channel with the request (reading it, as a person does);
    then the forge: the pull request's reviewers dialog."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.forge = ReviewersOracle(task)
        self.chat = ChatPart(task)
        self.parts = (self.forge, self.chat)

    def stages(self) -> list[Stage]:
        return [
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(self.p["channel"])),
            self.window_stage("code-host"),
            *self.forge.stages(),
        ]


class RerunFromMailOracle(CrossAppOracle):
    """The mailbox on top (the oracle knows the report); the forge: the run's Re-run button,
    then the pull request's labels dialog."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.rerun = RerunOracle(task)
        self.labels = LabelsOracle(task)
        self.parts = (self.rerun, self.labels)

    def stages(self) -> list[Stage]:
        return [self.window_stage("code-host"), *self.rerun.stages(), *self.labels.stages()]
