"""GUI oracles of the issue tracker's families: each solves its task as a person would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (:mod:`cuagym.apps.web_oracle`). A change
counts as done only once the server has rendered it: a drop-down's ``selected`` option and an
input's ``value`` *attribute* come from the page the server sent, not from what was just typed
or picked, so an oracle never stops before its edit was saved.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.web_oracle import Act, PageBusy, Stage, WebOracle, call
from cuagym.core import TaskConfig

__all__ = [
    "ORACLES",
    "AddCommentOracle",
    "AssignIssueOracle",
    "CompleteSprintOracle",
    "CreateIssueOracle",
    "ProjectSettingsOracle",
    "SetPriorityOracle",
    "SprintPlanningOracle",
    "TrackerOracle",
    "TransitionIssueOracle",
    "TriageBugsOracle",
]

#: The seed workflow's statuses, in board order (an issue moves one column at a time).
PATH: tuple[str, ...] = ("To Do", "In Progress", "In Review", "Done")
PRIORITY_LABELS = {p: p.capitalize() for p in ("highest", "high", "medium", "low", "lowest")}
TYPE_LABELS = {"story": "Story", "bug": "Bug", "task": "Task", "epic": "Epic", "subtask": "Subtask"}
ME = "Nina Alvarez"


def exact(text: Any) -> str:
    return " ".join(str(text).split())


def _q(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class TrackerOracle(WebOracle):
    """What every issue-tracker oracle reads and does: pages, fields, saved values."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self._memo: dict[str, Any] = {}

    # -- where we are -------------------------------------------------------------------------
    async def loaded(self) -> bool:
        """Has the whole page been parsed? (The confirm dialog is the last thing base.html
        renders: an absence seen before it is not trusted.)"""
        return bool(await self.all("#dlg-confirm"))

    async def on_issue(self, key: str) -> bool:
        page = await self.one('[data-testid="issue"]')
        return (
            page is not None
            and page["attrs"].get("data-key") == key
            and await self.loaded()
            and not await self.visible("dialog[open]")
        )

    async def on_project_page(self, project: str, page: str) -> bool:
        return (await self.path()).endswith(f"/projects/{project}/{page}") and await self.loaded()

    # -- saved values (what the server rendered) -----------------------------------------------
    async def saved_option(self, select: str) -> str | None:
        """The label of the option the server marked ``selected`` in drop-down ``select``."""
        opts = await self.all(f"{select} option[selected]")
        return exact(opts[0]["text"]) if opts else None

    async def saved_value(self, field: str) -> str | None:
        found = await self.all(field)
        return None if not found else str(found[0]["attrs"].get("value", ""))

    # -- navigation ---------------------------------------------------------------------------
    async def go_to_issue(self, key: str) -> Act:
        """Open issue ``key``: its link where one is shown, else the quick search."""
        row = await self.one(f'[data-testid="result-row"][data-key={_q(key)}] a.key')
        if row is not None and row.get("clickable"):
            return Act.of(f"open {key} from the results.", self.click(row))
        search = await self.one('[data-testid="quick-search"]')
        if search is None:
            raise PageBusy("no search box")
        # A search changes nothing: type and run it at once (a mistyped one is simply redone).
        enter = call("key", keys=["enter"])
        return Act.of(f"look {key} up in the search box.", *self.fill(search, key), enter)

    def issue_stage(self, key: str) -> Stage:
        async def done() -> bool:
            return await self.on_issue(key)

        async def act() -> Act:
            return await self.go_to_issue(key)

        return Stage(f"open {key}", done, act, tries=8)

    async def go_to_project_page(self, project: str, page: str) -> Act:
        side = await self.one('[data-testid="project-sidebar"] .proj-badge')
        if side is not None and exact(side["text"]) == project:
            link = await self.one(f'[data-testid="nav-{page}"]')
            if link is not None:
                return Act.of(f"open the project's {page}.", self.click(link))
        if page == "board":
            links = await self.visible(
                f'[data-testid="project-row"][data-key={_q(project)}] [data-testid="project-link"]'
            )
        else:
            links = [
                a
                for a in await self.visible(
                    f'[data-testid="project-row"][data-key={_q(project)}] a'
                )
                if str(a.get("href", "")).endswith(f"/projects/{project}/{page}")
            ]
        if links:
            return Act.of(f"open the {project} {page}.", self.click(links[0]))
        nav = await self.one('[data-testid="nav-projects"]')
        if nav is None:
            raise PageBusy("no top navigation")
        return Act.of("open the project list.", self.click(nav))

    def project_stage(self, project: str, page: str) -> Stage:
        async def done() -> bool:
            return await self.on_project_page(project, page)

        async def act() -> Act:
            return await self.go_to_project_page(project, page)

        return Stage(f"open the {project} {page}", done, act, tries=8)

    # -- fields of the issue page ---------------------------------------------------------------
    def select_stage(self, key: str, testid: str, label: str, what: str) -> Stage:
        """Pick ``label`` in the issue page's drop-down ``testid`` (it saves on change)."""
        sel = f'[data-testid="{testid}"]'

        async def done() -> bool:
            return await self.on_issue(key) and await self.saved_option(sel) == label

        async def act() -> Act:
            if not await self.on_issue(key):
                return await self.go_to_issue(key)
            picks = await self.choose(sel, label)
            return Act.of(f"set the {what} to {label}.", *picks, commits=True)

        return Stage(f"{what} of {key}: {label}", done, act)

    def transition_stage(self, key: str, status: str) -> Stage:
        async def done() -> bool:
            if not await self.on_issue(key):
                return False
            button = await self.one('[data-testid="status-button"]')
            # The button shows its status in capitals (CSS): compare names case-blind.
            shown = exact(button["text"]).casefold() if button else ""
            names = [s.casefold() for s in PATH]
            return shown in names and names.index(shown) >= names.index(status.casefold())

        async def act() -> Act:
            if not await self.on_issue(key):
                return await self.go_to_issue(key)
            for option in await self.visible('[data-testid^="transition-"]'):
                if exact(option["text"]).casefold() == status.casefold() and option.get(
                    "clickable"
                ):
                    return Act.of(f"move it to {status}.", self.click(option), commits=True)
            button = await self.one('[data-testid="status-button"]')
            if button is None:
                raise PageBusy("no status button")
            return Act.of("open the status menu.", self.click(button))

        return Stage(f"{key} to {status}", done, act, tries=8)


class AssignIssueOracle(TrackerOracle):
    def stages(self) -> list[Stage]:
        key = str(self.p["issue_key"])
        return [
            self.issue_stage(key),
            self.select_stage(key, "field-assignee", str(self.p["assignee_name"]), "assignee"),
        ]


class SetPriorityOracle(TrackerOracle):
    def stages(self) -> list[Stage]:
        key = str(self.p["issue_key"])
        label = PRIORITY_LABELS[str(self.p["priority"])]
        return [self.issue_stage(key), self.select_stage(key, "field-priority", label, "priority")]


class AddCommentOracle(TrackerOracle):
    def stages(self) -> list[Stage]:
        key, text = str(self.p["issue_key"]), str(self.p["comment"])

        async def done() -> bool:
            if not await self.on_issue(key):
                return False
            for comment in await self.all('[data-testid="comment"]'):
                cid = comment["attrs"].get("data-comment-id")
                author = await self.all(f'#comment-{cid} [data-testid="comment-author"]')
                body = await self.all(f'#comment-{cid} [data-testid="comment-body"]')
                mine = bool(author) and exact(author[0]["text"]) == ME
                if mine and body and exact(body[0]["text"]) == exact(text):
                    return True
            return False

        async def act() -> Act:
            if not await self.on_issue(key):
                return await self.go_to_issue(key)
            box = await self.one('[data-testid="comment-input"]')
            if box is None:
                raise PageBusy("no comment box")
            if box.get("value") != text:
                return Act.of("write the comment.", *self.fill(box, text))
            save = await self.one('[data-testid="comment-save"]')
            if save is None:
                raise PageBusy("no save button")
            return Act.of("save the comment.", self.click(save), commits=True)

        return [self.issue_stage(key), Stage("comment", done, act, tries=8)]


class TransitionIssueOracle(TrackerOracle):
    """One workflow step at a time: the status menu offers only the next columns."""

    def stages(self) -> list[Stage]:
        key = str(self.p["issue_key"])
        start, goal = PATH.index(self.p["from_status"]), PATH.index(self.p["to_status"])
        return [self.issue_stage(key)] + [
            self.transition_stage(key, PATH[i]) for i in range(start + 1, goal + 1)
        ]


class CreateIssueOracle(TrackerOracle):
    """Fill the create dialog field by field (each read back), then create; find the issue."""

    def stages(self) -> list[Stage]:
        return [self.create_stage()]

    def create_fields(self) -> list[tuple[str, str, bool]]:
        """(test id, wanted value or label, is a select) of every field the task sets."""
        p = self.p
        return [
            ("create-project", "", True),
            ("create-type", TYPE_LABELS[str(p["type"])], True),
            ("create-title", str(p["title"]), False),
            ("create-priority", PRIORITY_LABELS[str(p["priority"])], True),
            ("create-assignee", str(p["assignee_name"]), True),
            ("create-labels", ", ".join(p["labels"]), False),
            ("create-points", str(p["story_points"]), False),
            ("create-sprint", str(p["sprint_name"] or "Backlog"), True),
        ]

    def create_stage(self) -> Stage:
        project = str(self.p["project"])
        title = str(self.p["title"])
        fields = self.create_fields()

        async def done() -> bool:
            heading = await self.one('[data-testid="issue-title"]')
            return bool(
                heading is not None
                and exact(heading["text"]) == exact(title)
                and await self.one('[data-testid="created-notice"]') is not None
                and await self.loaded()
            )

        async def act() -> Act:
            dialog = await self.one('[data-testid="create-dialog"]')
            if dialog is None:
                button = await self.one('[data-testid="create-issue"]')
                if button is None:
                    raise PageBusy("no create button")
                return Act.of("open the create-issue dialog.", self.click(button))
            for testid, want, is_select in fields:
                sel = f'[data-testid="{testid}"]'
                box = await self.one(sel)
                if box is None:
                    raise PageBusy(f"no {testid} field")
                if testid == "create-project":
                    options = await self.all(f"{sel} option")
                    want = next(
                        (exact(o["text"]) for o in options if o["attrs"].get("value") == project),
                        project,
                    )
                if is_select:
                    if exact(box.get("selected_text") or "") != want:
                        return Act.of(f"pick {want}.", *await self.choose(sel, want))
                elif str(box.get("value")) != want:
                    return Act.of(f"fill in: {want}", *self.fill(box, want))
            submit = await self.one('[data-testid="create-submit"]')
            if submit is None:
                raise PageBusy("no create button")
            return Act.of("create the issue.", self.click(submit), commits=True)

        return Stage("create the issue", done, act, tries=16)


class SprintPlanningOracle(TrackerOracle):
    """On the backlog, move each issue with its row's sprint drop-down."""

    def stages(self) -> list[Stage]:
        project, sprint = str(self.p["project"]), str(self.p["sprint_name"])
        moves = [(k, sprint) for k in self.p["bring"]] + [(str(self.p["drop"]), "Backlog")]
        return [self.project_stage(project, "backlog")] + [
            self.move_stage(project, key, where) for key, where in moves
        ]

    def move_stage(self, project: str, key: str, where: str) -> Stage:
        sel = f'[data-testid="backlog-row"][data-key={_q(key)}] [data-testid="row-sprint"]'

        async def done() -> bool:
            return (
                await self.on_project_page(project, "backlog")
                and await self.saved_option(sel) == where
            )

        async def act() -> Act:
            if not await self.on_project_page(project, "backlog"):
                return await self.go_to_project_page(project, "backlog")
            box = await self.one(sel)
            if box is None:
                raise PageBusy(f"{key} is not on the backlog")
            if not box.get("in_view") or not box.get("clickable"):
                return Act.of(f"scroll to {key}.", await self.scroll_to(box))
            picks = await self.choose(sel, where)
            return Act.of(f"move {key} to {where}.", *picks, commits=True)

        return Stage(f"{key} to {where}", done, act)


class ProjectSettingsOracle(TrackerOracle):
    def stages(self) -> list[Stage]:
        project = str(self.p["project"])
        name, lead = str(self.p["new_name"]), str(self.p["lead_name"])
        default = "Project lead" if self.p["default_assignee"] == "lead" else "Unassigned"

        async def done() -> bool:
            return (
                await self.on_project_page(project, "settings")
                and await self.saved_value('[data-testid="settings-name"]') == name
                and await self.saved_option('[data-testid="settings-lead"]') == lead
                and await self.saved_option('[data-testid="settings-default-assignee"]') == default
            )

        async def act() -> Act:
            if not await self.on_project_page(project, "settings"):
                return await self.go_to_project_page(project, "settings")
            box = await self.one('[data-testid="settings-name"]')
            lead_box = await self.one('[data-testid="settings-lead"]')
            rule = await self.one('[data-testid="settings-default-assignee"]')
            if box is None or lead_box is None or rule is None:
                raise PageBusy("the settings form is not shown")
            if box.get("value") != name:
                return Act.of(f"rename the project to {name}.", *self.fill(box, name))
            if exact(lead_box.get("selected_text") or "") != lead:
                picks = await self.choose('[data-testid="settings-lead"]', lead)
                return Act.of(f"make {lead} the lead.", *picks)
            if exact(rule.get("selected_text") or "") != default:
                picks = await self.choose('[data-testid="settings-default-assignee"]', default)
                return Act.of(f"default assignee: {default}.", *picks)
            save = await self.one('[data-testid="settings-save"]')
            if save is None:
                raise PageBusy("no save button")
            return Act.of("save the settings.", self.click(save), commits=True)

        return [
            self.project_stage(project, "settings"),
            Stage("save the settings", done, act, tries=12),
        ]


class CompleteSprintOracle(TrackerOracle):
    """Mark the reviewed issue Done, then complete the sprint into the next one."""

    def stages(self) -> list[Stage]:
        project = str(self.p["project"])
        sprint, nxt = str(self.p["sprint_name"]), str(self.p["next_sprint_name"])
        reviewed = str(self.p["reviewed"])
        move_to = '[data-testid="complete-dialog"] [data-testid="complete-move-to"]'

        async def closed() -> bool:
            """The project's sprint list shows the sprint closed."""
            if not await self.on_project_page(project, "sprints"):
                return False
            for card in await self.all('[data-testid="sprint-card"]'):
                head = await self.all(f"[data-sprint={_q(card['attrs']['data-sprint'])}] h2")
                if head and exact(head[0]["text"]) == sprint:
                    return str(card["attrs"].get("data-state")) == "closed"
            return False

        async def complete() -> Act:
            if await self.one('[data-testid="complete-dialog"]') is not None:
                target = await self.one(move_to)
                if target is not None and exact(target.get("selected_text") or "") != nxt:
                    return Act.of(f"move open issues to {nxt}.", *await self.choose(move_to, nxt))
                confirm = await self.one(
                    '[data-testid="complete-dialog"] [data-testid="complete-confirm"]'
                )
                if confirm is None:
                    raise PageBusy("no confirm button")
                return Act.of(f"complete {sprint}.", self.click(confirm), commits=True)
            if await self.on_project_page(project, "board"):
                title = await self.one('[data-testid="board-title"]')
                button = await self.one('[data-testid="complete-sprint"]')
                if title is not None and exact(title["text"]) == sprint and button is not None:
                    return Act.of(f"complete {sprint}.", self.click(button))
                # No active sprint (or another one) on the board: look at the sprint list.
                return await self.go_to_project_page(project, "sprints")
            return await self.go_to_project_page(project, "board")

        return [
            self.issue_stage(reviewed),
            self.transition_stage(reviewed, "Done"),
            Stage(f"complete {sprint}", closed, complete, tries=14),
        ]


class TriageBugsOracle(TrackerOracle):
    """Find the bugs with a query, then fix each one's assignee and labels."""

    def stages(self) -> list[Stage]:
        p = self.p
        query = (
            f"project = {p['project']} AND type = bug AND status != done AND assignee is EMPTY "
            f"AND priority in ({', '.join(p['priorities'])})"
        )

        async def found() -> bool:
            if not (await self.path()).split("?")[0].endswith("/issues") or not await self.loaded():
                return False
            box = await self.one('[data-testid="jql-input"]')
            count = await self.one('[data-testid="result-count"]')
            if box is None or count is None or str(box["attrs"].get("value")) != query:
                return False
            keys = [r["attrs"]["data-key"] for r in await self.all('[data-testid="result-row"]')]
            if "targets" not in self._memo:
                self._memo["targets"] = keys
                for key in keys:
                    self._stages.extend(self.fix_stages(key))
            return True

        async def search() -> Act:
            here = (await self.path()).split("?")[0]
            if here.endswith("/issues"):
                box = await self.one('[data-testid="jql-input"]')
                if box is not None:
                    enter = call("key", keys=["enter"])
                    return Act.of("write the query and run it.", *self.fill(box, query), enter)
                tab = await self.one('[data-testid="mode-jql"]')
                if tab is not None:
                    return Act.of("switch to the query mode.", self.click(tab))
            nav = await self.one('[data-testid="nav-issues"]')
            if nav is None:
                raise PageBusy("no top navigation")
            return Act.of("open the issue search.", self.click(nav))

        return [Stage("find the bugs to triage", found, search, tries=10)]

    def fix_stages(self, key: str) -> list[Stage]:
        label = str(self.p["label"])

        async def labelled() -> bool:
            saved = await self.saved_value('[data-testid="field-labels"]')
            return (
                await self.on_issue(key)
                and saved is not None
                and label in [x.strip() for x in saved.split(",")]
            )

        async def add_label() -> Act:
            if not await self.on_issue(key):
                return await self.go_to_issue(key)
            box = await self.one('[data-testid="field-labels"]')
            if box is None:
                raise PageBusy("no labels field")
            old = [x.strip() for x in str(box["attrs"].get("value", "")).split(",") if x.strip()]
            want = ", ".join([*old, label])
            if box.get("value") != want:
                return Act.of(f"add the label {label}.", *self.fill(box, want))
            save = await self.one('[data-testid="field-labels-save"]')
            if save is None:
                raise PageBusy("no save button")
            return Act.of("save the labels.", self.click(save), commits=True)

        return [
            self.issue_stage(key),
            Stage(f"label {key}", labelled, add_label, tries=8),
            self.select_stage(key, "field-assignee", str(self.p["assignee_name"]), "assignee"),
        ]


ORACLES: dict[str, type[TrackerOracle]] = {
    "assign-issue": AssignIssueOracle,
    "set-priority": SetPriorityOracle,
    "add-comment": AddCommentOracle,
    "transition-issue": TransitionIssueOracle,
    "create-issue": CreateIssueOracle,
    "sprint-planning": SprintPlanningOracle,
    "project-settings": ProjectSettingsOracle,
    "complete-sprint": CompleteSprintOracle,
    "triage-bugs": TriageBugsOracle,
}
