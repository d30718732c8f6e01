"""GUI oracle of ``sprint-channel`` (issue tracker -> team chat): two apps, one window each."""

from __future__ import annotations

from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig
from cuagym.families.cross._chat_tracker_oracle import BoardPart, ChatPart, CrossAppOracle
from cuagym.families.issue_tracker.shared import exact

__all__ = ["SprintChannelOracle"]


class SprintChannelOracle(CrossAppOracle):
    """Chat on top: read the active sprint's goal on the tracker's sprints page, then create
    the public channel with it as the description and post the first message."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.tracker = BoardPart(task)
        self.chat = ChatPart(task)
        self.parts = (self.tracker, self.chat)
        self.goal: str | None = None

    def stages(self) -> list[Stage]:
        project, name = str(self.p["project"]), str(self.p["channel"])

        async def goal_read() -> bool:
            if not await self.tracker.on_project_page(project, "sprints"):
                return False
            shown = await self.tracker.all(
                '[data-testid="sprint-card"][data-state="active"] > p:not(.muted)'
            )
            if not shown:
                raise PageBusy("the active sprint shows no goal")
            self.goal = exact(shown[0]["text"])
            return True

        async def look() -> Act:
            # The sprints page is reached from the project's own sidebar: the project list
            # links each project's board, so the board comes first.
            side = await self.tracker.one('[data-testid="project-sidebar"] .proj-badge')
            page = "sprints" if side is not None and exact(side["text"]) == project else "board"
            return await self.tracker.go_to_project_page(project, page)

        async def created() -> bool:
            locked = await self.chat.one('[data-testid="channel-name"] .icon-lock')
            return await self.chat.on_channel(name) and locked is None

        async def create() -> Act:
            if self.goal is None:
                raise PageBusy("the goal has not been read yet")
            dialog = await self.chat.one('[data-testid="new-channel-dialog"]')
            if dialog is None:
                add = await self.chat.one('[data-testid="add-channel"]')
                if add is None:
                    raise PageBusy("no sidebar")
                return Act.of("add a channel.", self.click(add))
            for testid, want in (("new-channel-name", name), ("new-channel-purpose", self.goal)):
                field = await self.chat.one(f'[data-testid="{testid}"]')
                if field is not None and field.get("value") != want:
                    return Act.of(f"fill in: {want}", *self.fill(field, want))
            private = await self.chat.one('[data-testid="new-channel-private"]')
            if private is not None and private.get("checked"):
                return Act.of("keep it public.", self.click(private))
            button = await self.chat.one('[data-testid="new-channel-create"]')
            if button is None:
                raise PageBusy("no create button")
            return Act.of("create the channel.", self.click(button), commits=True)

        return [
            self.window_stage("issue-tracker"),
            Stage("read the sprint goal", goal_read, look, tries=8),
            self.window_stage("team-chat"),
            Stage(f"create #{name}", created, create, tries=10),
            self.chat.post_stage(str(self.p["text"])),
        ]
