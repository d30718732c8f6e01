"""GUI oracles of the cross-app families of the issue tracker and the team chat (whichever
domain owns the family): two apps, one window each.

A task on two web apps starts with one Chromium window per app (its start screen); the oracle
works in whichever window is focused and switches windows the way a person does on this
desktop, with the window manager's alt+tab. It reuses the two apps' own oracles for their
pages (the tracker's create dialog, the chat's threads) as *parts*: their stages read the page
of the focused window, and forget it every turn like the oracle itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cuagym.core import Environment, TaskConfig
from cuagym.families._web_oracle import Act, Element, PageBusy, Stage, WebOracle, call
from cuagym.families.cross.issue_tracker._cross import _ME_CHAT, _REPORTS, reply_text
from cuagym.families.cross.issue_tracker._cross_sprint import status_text
from cuagym.families.issue_tracker._oracle import CreateIssueOracle, TrackerOracle, exact
from cuagym.families.team_chat._oracle import HANDLES, THREAD, ChatOracle

__all__ = [
    "CrossAppOracle",
    "EstimateFromThreadOracle",
    "FileBugFromChatOracle",
    "PostSprintStatusOracle",
    "SprintChannelOracle",
]


class _Chat(ChatOracle):
    """The chat's page helpers, signed in as the tracker's user (not one of the chat seed's
    people, so not in ``HANDLES``)."""

    def __init__(self, task: TaskConfig) -> None:
        WebOracle.__init__(self, task)
        self.me = _ME_CHAT["name"]
        self._seen_text: dict[str, str] = {}
        self._found: dict[tuple[str, str, str], str] = {}

    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages


class _Tracker(CreateIssueOracle):
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


class FileBugFromChatOracle(CrossAppOracle):
    """Chat on top: go to the tracker, file the bug, read its key from the issue page, come
    back to the chat and answer the report in its thread with the key."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        report = next(text for *_, text in _REPORTS if text.startswith(self.p["match"]))
        self.tracker = _Tracker(task, report)
        self.chat = _Chat(task)
        self.parts = (self.tracker, self.chat)
        self.key: str | None = None

    def stages(self) -> list[Stage]:
        title = str(self.p["title"])
        reporter, match = HANDLES[self.p["reporter"]], str(self.p["match"])
        created = self.tracker.create_stage()

        async def filed() -> bool:
            if not await created.done():
                return False
            page = await self.tracker.one('[data-testid="issue"]')
            heading = await self.tracker.one('[data-testid="issue-title"]')
            if page is None or heading is None or exact(heading["text"]) != exact(title):
                return False
            self.key = str(page["attrs"].get("data-key") or "") or None
            return self.key is not None

        async def report() -> Element:
            msg = await self.chat.find_message(reporter, match)
            if msg is None:
                raise PageBusy("the report is not on the page")
            return msg

        async def thread_done() -> bool:
            panel = await self.chat.one('[data-testid="thread-panel"]')
            msg = await report()
            return (
                panel is not None
                and panel["attrs"].get("data-parent") == msg["attrs"]["data-message-id"]
            )

        async def thread_act() -> Act:
            msg = await report()
            summary = await self.chat.one(
                f'{self.chat.message_selector(msg)} [data-testid="thread-summary"]'
            )
            if summary is not None and summary.get("clickable"):
                return Act.of("open the report's thread.", self.click(summary))
            return await self.chat.message_action(msg, "reply-in-thread")

        def answer() -> str:
            if self.key is None:
                raise PageBusy("the new issue's key is not known yet")
            return reply_text(self.key)

        async def replied() -> bool:
            return await thread_done() and await self.chat.posted(answer(), THREAD) >= 1

        async def reply() -> Act:
            return await self.chat.send(answer(), "thread-composer")

        return [
            self.window_stage("issue-tracker"),
            Stage("file the bug", filed, created.act, tries=16),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(self.p["channel"])),
            Stage("open the report's thread", thread_done, thread_act),
            Stage("reply with the key", replied, reply, tries=8),
        ]


class _Board(TrackerOracle):
    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages


class PostSprintStatusOracle(CrossAppOracle):
    """Tracker on top: open the project's board, read the asked cards off it (key, column,
    type), then post their keys in the channel in the asked shape."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.board = _Board(task)
        self.chat = _Chat(task)
        self.parts = (self.board, self.chat)
        self.text: str | None = None

    async def read_board(self) -> bool:
        if not await self.board.on_project_page(str(self.p["project"]), "board"):
            return False
        cards = await self.board.all('[data-testid="card"]')
        if not cards:
            raise PageBusy("no cards on the board yet")
        label = str(self.p["label"])
        keys = []
        for card in cards:
            key, status = str(card["attrs"]["data-key"]), str(card["attrs"]["data-status"])
            icon = await self.board.all(f'[data-testid="card"][data-key="{key}"] [data-type]')
            kind = str(icon[0]["attrs"]["data-type"]) if icon else ""
            if (
                (label == "open bugs" and kind == "bug" and status != "done")
                or (label == "open stories" and kind == "story" and status != "done")
                or (label == "in review" and status == "in-review")
            ):
                keys.append(key)
        keys.sort(key=lambda k: int(k.rsplit("-", 1)[1]))
        self.text = status_text(str(self.p["sprint_name"]), label, keys)
        return True

    def stages(self) -> list[Stage]:
        project = str(self.p["project"])

        async def look() -> Act:
            return await self.board.go_to_project_page(project, "board")

        def message() -> str:
            if self.text is None:
                raise PageBusy("the board has not been read yet")
            return self.text

        async def posted() -> bool:
            return await self.chat.posted(message()) >= 1

        async def post() -> Act:
            return await self.chat.send(message())

        return [
            self.window_stage("issue-tracker"),
            Stage("read the board", self.read_board, look, tries=8),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(self.p["channel"])),
            Stage("post the status", posted, post, tries=8),
        ]


class EstimateFromThreadOracle(CrossAppOracle):
    """Chat on top: open the question's thread and read the asker's last reply there; then, in
    the tracker, save that number as the issue's story points and add the label."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.tracker = _Board(task)
        self.chat = _Chat(task)
        self.parts = (self.tracker, self.chat)
        self.points: str | None = None

    def stages(self) -> list[Stage]:
        key, label = str(self.p["issue_key"]), str(self.p["label"])
        author = HANDLES[self.p["author"]]
        match = f"should {key} ("  # "WEB-1 (" never matches the question about WEB-12

        async def question() -> Element:
            msg = await self.chat.find_message(author, match)
            if msg is None:
                raise PageBusy("the question is not on the page")
            return msg

        async def decision_read() -> bool:
            panel = await self.chat.one('[data-testid="thread-panel"]')
            msg = await question()
            if panel is None or panel["attrs"].get("data-parent") != msg["attrs"].get(
                "data-message-id"
            ):
                return False
            said = [
                await self.chat.text_of(m, THREAD) for m in await self.chat.messages(THREAD, author)
            ]
            replies = [t for t in said if not t.startswith("How many story points")]
            numbers = re.findall(r"\d+", replies[-1]) if replies else []
            if not numbers:
                raise PageBusy("the thread shows no decision yet")
            self.points = numbers[0]
            return True

        async def open_thread() -> Act:
            msg = await question()
            summary = await self.chat.one(
                f'{self.chat.message_selector(msg)} [data-testid="thread-summary"]'
            )
            if summary is not None and summary.get("clickable"):
                return Act.of("open the question's thread.", self.click(summary))
            return await self.chat.message_action(msg, "reply-in-thread")

        def field_stage(testid: str, want: Callable[[], str], what: str) -> Stage:
            sel = f'[data-testid="{testid}"]'

            async def done() -> bool:
                if not await self.tracker.on_issue(key):
                    return False
                return await saved_ok(await self.tracker.saved_value(sel) or "")

            async def saved_ok(saved: str) -> bool:
                target = want()
                if testid == "field-labels":
                    return label in [x.strip() for x in saved.split(",")]
                return saved == target

            async def act() -> Act:
                if not await self.tracker.on_issue(key):
                    return await self.tracker.go_to_issue(key)
                box = await self.tracker.one(sel)
                if box is None:
                    raise PageBusy(f"no {testid} field")
                target = want()
                if testid == "field-labels":
                    saved = await self.tracker.saved_value(sel) or ""
                    kept = [x.strip() for x in saved.split(",") if x.strip()]
                    target = ", ".join([*kept, label])
                if str(box.get("value")) != target:
                    return Act.of(f"write the {what}: {target}", *self.tracker.fill(box, target))
                save = await self.tracker.one(f'[data-testid="{testid}-save"]')
                if save is None:
                    raise PageBusy(f"no save button for {testid}")
                return Act.of(f"save the {what}.", self.click(save))

            return Stage(f"{what} of {key}", done, act, tries=8)

        def points() -> str:
            if self.points is None:
                raise PageBusy("the estimate has not been read yet")
            return self.points

        return [
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(self.p["channel"])),
            Stage("read the decision in the thread", decision_read, open_thread, tries=8),
            self.window_stage("issue-tracker"),
            self.tracker.issue_stage(key),
            field_stage("field-points", points, "story points"),
            field_stage("field-labels", lambda: label, "labels"),
        ]


class SprintChannelOracle(CrossAppOracle):
    """Chat on top: read the active sprint's goal on the tracker's sprints page, then create
    the public channel with it as the description and post the first message."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.tracker = _Board(task)
        self.chat = _Chat(task)
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
