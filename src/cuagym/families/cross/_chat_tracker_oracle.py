"""Oracle parts of the tracker <-> chat families: two apps, one window each.

A task on two web apps starts with one Chromium window per app (its start screen); the oracle
works in whichever window is focused and switches windows the way a person does on this
desktop, with the window manager's alt+tab. It reuses the two apps' own oracles for their
pages (the tracker's create dialog, the chat's threads) as *parts*: their stages read the page
of the focused window, and forget it every turn like the oracle itself.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Act, Stage, WebOracle, call
from cuagym.core import Environment, TaskConfig
from cuagym.families.cross._chat_tracker import ME_CHAT
from cuagym.families.issue_tracker.shared import CreateIssueOracle, TrackerOracle
from cuagym.families.team_chat.shared import ChatOracle

__all__ = ["BoardPart", "ChatPart", "CreateIssuePart", "CrossAppOracle"]


class ChatPart(ChatOracle):
    """The chat's page helpers, signed in as the tracker's user (not one of the chat seed's
    people, so not in ``HANDLES``)."""

    def __init__(self, task: TaskConfig) -> None:
        WebOracle.__init__(self, task)
        self.me = ME_CHAT["name"]
        self._seen_text: dict[str, str] = {}
        self._found: dict[tuple[str, str, str], str] = {}

    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages


class CreateIssuePart(CreateIssueOracle):
    """The tracker's create dialog, with the report as the description and no labels,
    estimate or sprint."""

    def __init__(self, task: TaskConfig, description: str) -> None:
        super().__init__(task)
        self.description = description

    def create_fields(self) -> list[tuple[str, str, bool]]:
        p = self.p
        return [
            ("create-project", "", True),
            ("create-type", "Bug", True),
            ("create-title", str(p["title"]), False),
            ("create-description", self.description, False),
            ("create-priority", str(p["priority"]).capitalize(), True),
            ("create-assignee", str(p["assignee_name"]), True),
            ("create-labels", "", False),
            ("create-points", "", False),
            ("create-sprint", "Backlog", True),
        ]


class CrossAppOracle(WebOracle):
    """An oracle over two web apps' windows: ``parts`` read pages for it."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.parts: tuple[WebOracle, ...] = ()

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        await super().begin(task, env)
        for part in self.parts:
            part._env = self._env

    async def end(self) -> None:
        for part in self.parts:
            part._env = None
        await super().end()

    def forget_page(self) -> None:
        super().forget_page()
        for part in self.parts:
            part.forget_page()

    def window_stage(self, app: str) -> Stage:
        """Bring the window of ``app`` to the front (alt+tab cycles the windows)."""

        async def done() -> bool:
            path = await self.path()
            return path == f"/{app}" or path.startswith(f"/{app}/")

        async def act() -> Act:
            # A commit: the switch is not repeated while the other window is coming up (a
            # second alt+tab would cycle back).
            switch = call("key", keys=["alt", "tab"])
            return Act.of(f"switch to the {app} window.", switch, commits=True)

        return Stage(f"the {app} window", done, act, tries=4)


class BoardPart(TrackerOracle):
    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages
