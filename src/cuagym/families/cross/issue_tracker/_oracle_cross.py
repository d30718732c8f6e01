"""GUI oracles of the tracker <-> chat families homed in the issue tracker: two apps, one
window each (the parts and the window switch: :mod:`cuagym.families.cross._chat_tracker_oracle`).

"""

from __future__ import annotations

import re
from collections.abc import Callable

from cuagym.apps.team_chat import HANDLES
from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage
from cuagym.core import TaskConfig
from cuagym.families.cross._chat_tracker import REPORTS, reply_text, status_text
from cuagym.families.cross._chat_tracker_oracle import (
    BoardPart,
    ChatPart,
    CreateIssuePart,
    CrossAppOracle,
)
from cuagym.families.issue_tracker.shared import exact
from cuagym.families.team_chat.shared import THREAD

__all__ = [
    "EstimateFromThreadOracle",
    "FileBugFromChatOracle",
    "PostSprintStatusOracle",
]


class FileBugFromChatOracle(CrossAppOracle):
    """Chat on top: go to the tracker, file the bug, read its key from the issue page, come
    back to the chat and answer the report in its thread with the key."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        report = next(text for *_, text in REPORTS if text.startswith(self.p["match"]))
        self.tracker = CreateIssuePart(task, report)
        self.chat = ChatPart(task)
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


class PostSprintStatusOracle(CrossAppOracle):
    """Tracker on top: open the project's board, read the asked cards off it (key, column,
    type), then post their keys in the channel in the asked shape."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.board = BoardPart(task)
        self.chat = ChatPart(task)
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
        self.tracker = BoardPart(task)
        self.chat = ChatPart(task)
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
