"""Task families about single issues: assign, prioritise, comment, move along the workflow,
create. Each family's Task-Gen phrases facts taken from the seed; its Generator varies the
world around them; its Discriminator checks the named issue by key and content only."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.issue_tracker import CURRENT_USER, build_seed, category
from cuagym.apps.issue_tracker.edits import add_comment, create_issue, transition, update_issue
from cuagym.core import Difficulty, Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams
from cuagym.families.issue_tracker._common import (
    NOW,
    gold_from,
    patch_script,
    reward_script,
    setup_script,
    task_world,
)
from cuagym.scripts import inlined_file

__all__ = [
    "AddComment",
    "AddCommentParams",
    "AssignIssue",
    "AssignIssueParams",
    "CreateIssue",
    "CreateIssueParams",
    "IssueFamily",
    "SetPriority",
    "SetPriorityParams",
    "TransitionIssue",
    "TransitionIssueParams",
]

ME = "Nina Alvarez"
PROJECT_NAMES = {
    "WEB": "Storefront Web",
    "MOB": "Trail Companion App",
    "OPS": "Platform Operations",
}


def params(task: TaskConfig) -> dict[str, Any]:
    return dict(task.params or {})


def open_issues(state: dict[str, Any], types: tuple[str, ...]) -> list[dict[str, Any]]:
    """Unfinished issues of the given types, outside closed sprints, in key order."""
    return [
        i
        for _, i in sorted(state["issues"].items())
        if i["type"] in types and category(state, i["status"]) != "done"
    ]


def _where(issue: dict[str, Any]) -> str:
    return f"{issue['key']} (“{issue['title']}”)"


class IssueFamily(TaskFamily):
    """Shared plumbing: domain id, the GUI oracle, the user id behind a display name."""

    domain: ClassVar[str] = "issue-tracker"

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``_oracle``): it works the pages like a person would."""
        from cuagym.families.issue_tracker._oracle import ORACLES

        return ORACLES[self.id](task)

    @staticmethod
    def uid(state: dict[str, Any], name: str) -> str:
        return str(next(u["id"] for u in state["users"].values() if u["displayName"] == name))


class AssignIssueParams(TaskParams):
    """Task parameters of ``AssignIssue`` (in the order its tasks list them)."""

    issue_key: str
    issue_title: str
    assignee_name: str
    previous_assignee: str | None


class AssignIssue(IssueFamily):
    id: ClassVar[str] = "assign-issue"
    params_type: ClassVar[type[TaskParams] | None] = AssignIssueParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "detail", "fields", "assignee")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        issue = rng.choice(open_issues(seed, ("story", "bug", "task", "subtask")))
        who = rng.choice(sorted(u for u in seed["users"] if u != issue["assignee"]))
        name = seed["users"][who]["displayName"]
        before = seed["users"][issue["assignee"]]["displayName"] if issue["assignee"] else None
        w = _where(issue)
        instruction = rng.choice(
            [
                f"Assign {w} to {name}.",
                f"{name} is taking over {w}. Make {name} the assignee.",
                f"Hand {w} over to {name}.",
                f"From now on {name} owns {w}; the issue should be in their name.",
                f"Please reassign {w} so that {name} is the one responsible for it.",
                f"The work on {w} belongs to {name} now, so update who it is assigned to.",
            ]
        )
        context = (
            f"Project {PROJECT_NAMES[issue['project']]} ({issue['project']}) has issue "
            f"{_where(issue)}, currently "
            + (f"assigned to {before}." if before else "unassigned.")
            + f" {name} is on the team. You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            issue_key=issue["key"],
            issue_title=issue["title"],
            assignee_name=name,
            previous_assignee=before,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AssignIssueParams.of(task)
        world = task_world(task, {p.issue_key})
        who = self.uid(world, p.assignee_name)
        gold = gold_from(world, lambda s: update_issue(s, p.issue_key, {"assignee": who}, NOW))
        summary = f"{p.issue_key} to be assigned to {p.assignee_name}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        key = PARAMS["issue_key"]
        want = user_named(cur, PARAMS["assignee_name"])
        issue = cur["issues"][key]
        ok = want is not None and issue["assignee"] == want
        checks.append(("assignee", 3, ok, f"{key} assignee is {issue['assignee']}"))
        extra = sorted(set(diff) - {"issues." + key + ".assignee"})
        intact = not extra
        checks.append(("nothing_else_changed", 0, intact, f"other changes: {extra[:5]}"))
        """
        return reward_script(task, f"assign {AssignIssueParams.of(task).issue_key}", body)


class SetPriorityParams(TaskParams):
    """Task parameters of ``SetPriority`` (in the order its tasks list them)."""

    issue_key: str
    issue_title: str
    priority: str
    previous_priority: str


class SetPriority(IssueFamily):
    id: ClassVar[str] = "set-priority"
    params_type: ClassVar[type[TaskParams] | None] = SetPriorityParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "detail", "fields", "priority")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        issue = rng.choice(open_issues(seed, ("story", "bug", "task")))
        levels = ["Highest", "High", "Medium", "Low", "Lowest"]
        target = rng.choice([p for p in levels if p.lower() != issue["priority"]])
        reason = rng.choice(
            [
                "after this morning's triage",
                "now that the release date moved",
                "following the customer escalation",
                "as agreed in sprint planning",
            ]
        )
        w = _where(issue)
        up = levels.index(target) < levels.index(issue["priority"].capitalize())
        instruction = rng.choice(
            [
                f"Set the priority of {w} to {target} ({reason}).",
                f"{reason[0].upper()}{reason[1:]}, {w} needs priority {target}.",
                f"{'Raise' if up else 'Lower'} {w} to {target} priority {reason}.",
                f"{w} should be a {target} priority issue {reason}. Update it accordingly.",
                f"Re-prioritise {w}: {target} is the right level for it {reason}.",
            ]
        )
        context = (
            f"Issue {_where(issue)} in project {PROJECT_NAMES[issue['project']]} currently has "
            f"priority {issue['priority'].capitalize()}. You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            issue_key=issue["key"],
            issue_title=issue["title"],
            priority=target.lower(),
            previous_priority=issue["priority"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = SetPriorityParams.of(task)
        world = task_world(task, {p.issue_key})
        gold = gold_from(
            world, lambda s: update_issue(s, p.issue_key, {"priority": p.priority}, NOW)
        )
        summary = f"{p.issue_key} priority to {p.priority}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        key = PARAMS["issue_key"]
        got = cur["issues"][key]["priority"]
        checks.append(("priority", 3, got == PARAMS["priority"], f"{key} priority is {got}"))
        extra = sorted(set(diff) - {"issues." + key + ".priority"})
        intact = not extra
        checks.append(("nothing_else_changed", 0, intact, f"other changes: {extra[:5]}"))
        """
        return reward_script(task, f"priority of {SetPriorityParams.of(task).issue_key}", body)


_COMMENTS = {
    "bug": [
        "Reproduced on staging with the latest build; logs are attached to the incident ticket.",
        "Customer support has three more reports of this since Monday.",
        "Could not reproduce on Chrome 122; only affects the older build.",
    ],
    "story": [
        "Design review is booked for Tuesday; please hold off on UI polish until then.",
        "Product sign-off received. Scope stays as written in the description.",
        "Let's split the analytics part into its own task before we estimate.",
    ],
    "task": [
        "Blocked until the platform team upgrades the staging cluster.",
        "Pairing with Theo on this tomorrow morning.",
        "Checklist reviewed; two items left before we can close this.",
    ],
}


class AddCommentParams(TaskParams):
    """Task parameters of ``AddComment`` (in the order its tasks list them)."""

    issue_key: str
    issue_title: str
    comment: str
    author_name: str


class AddComment(IssueFamily):
    id: ClassVar[str] = "add-comment"
    params_type: ClassVar[type[TaskParams] | None] = AddCommentParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "detail", "comments", "add")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        issue = rng.choice(open_issues(seed, ("story", "bug", "task")))
        text = rng.choice(_COMMENTS[issue["type"]])
        w = _where(issue)
        instruction = rng.choice(
            [
                f"Add this comment to {w}: “{text}”",
                f"Leave a comment on {w} that says “{text}”",
                f"Post “{text}” as a comment on {w}.",
                f"{w} needs a note from you. Comment on it with exactly “{text}”",
                f"Write “{text}” in the comments of {w}.",
            ]
        )
        context = (
            f"Issue {_where(issue)} exists in project {PROJECT_NAMES[issue['project']]} with "
            f"{len(issue['comments'])} comment(s). You are signed in as {ME}; the comment is "
            "posted as you."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            issue_key=issue["key"],
            issue_title=issue["title"],
            comment=text,
            author_name=ME,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AddCommentParams.of(task)
        world = task_world(task, {p.issue_key})
        gold = gold_from(world, lambda s: add_comment(s, p.issue_key, CURRENT_USER, p.comment, NOW))
        summary = f"comment on {p.issue_key}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        key = PARAMS["issue_key"]
        me = user_named(cur, PARAMS["author_name"])
        before = init["issues"][key]["comments"]
        after = cur["issues"][key]["comments"]
        old_ids = {c["id"] for c in before}
        mine = [c for c in after if c["id"] not in old_ids and c["author"] == me]
        added = [c for c in after if c["id"] not in old_ids]
        exact_text = [c for c in mine if exact(c["body"]) == exact(PARAMS["comment"])]
        checks.append(("comment_posted", 1, len(mine) > 0, f"{len(mine)} new comment(s) by {me}"))
        checks.append(("comment_text", 2, len(exact_text) == 1, f"{len(exact_text)} as asked"))
        checks.append(("one_comment", 0, len(added) <= 1, f"{len(added)} new comment(s)"))
        kept = [c for c in after if c["id"] in old_ids] == before
        checks.append(("old_comments_kept", 0, kept, "earlier comments unchanged"))
        extra = diff_outside(diff, ["issues." + key + ".comments"])
        checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
        """
        return reward_script(task, f"comment on {AddCommentParams.of(task).issue_key}", body)


_PATH = ["todo", "in-progress", "in-review", "done"]
_NAMES = {"todo": "To Do", "in-progress": "In Progress", "in-review": "In Review", "done": "Done"}
_WHY = {
    "in-review": ["the pull request is up for review", "the work is ready for a reviewer"],
    "done": ["it was reviewed and shipped", "QA verified the fix on staging"],
}


class TransitionIssueParams(TaskParams):
    """Task parameters of ``TransitionIssue`` (in the order its tasks list them)."""

    issue_key: str
    issue_title: str
    from_status: str
    to_status: str


class TransitionIssue(IssueFamily):
    """Move an issue several workflow steps: the board only offers one step at a time."""

    id: ClassVar[str] = "transition-issue"
    params_type: ClassVar[type[TaskParams] | None] = TransitionIssueParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("board", "workflow", "transition")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        active = {s["id"] for s in seed["sprints"].values() if s["state"] == "active"}
        pool = [
            i
            for i in open_issues(seed, ("story", "bug", "task", "subtask"))
            if i["sprint"] in active and i["status"] in ("todo", "in-progress")
        ]
        issue = rng.choice(pool)
        start = _PATH.index(issue["status"])
        target = rng.choice([s for s in _PATH[start + 2 :]])
        why = rng.choice(_WHY[target])
        w, to = _where(issue), _NAMES[target]
        instruction = rng.choice(
            [
                f"{w}: {why}. Set its status to {to}.",
                f"Since {why}, move {w} to {to}.",
                f"{w} is ready for {to} now, because {why}.",
                f"Update the workflow status of {w} to {to}; {why}.",
                f"Bring {w} forward to {to} ({why}).",
            ]
        )
        context = (
            f"{_where(issue)} is in the active sprint of {PROJECT_NAMES[issue['project']]} "
            f"with status {_NAMES[issue['status']]}. You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            issue_key=issue["key"],
            issue_title=issue["title"],
            from_status=_NAMES[issue["status"]],
            to_status=_NAMES[target],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = TransitionIssueParams.of(task)
        world = task_world(task, {p.issue_key})
        ids = {v: k for k, v in _NAMES.items()}
        steps = _PATH[_PATH.index(ids[p.from_status]) + 1 : _PATH.index(ids[p.to_status]) + 1]

        def walk(s: dict[str, Any]) -> None:
            for step in steps:  # one workflow edge at a time, as the board allows
                transition(s, p.issue_key, step, NOW)

        gold = gold_from(world, walk)
        summary = f"{p.issue_key} to {p.to_status}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        key = PARAMS["issue_key"]
        want = status_named(cur, PARAMS["to_status"])
        got = cur["issues"][key]["status"]
        moved = got != init["issues"][key]["status"]
        checks.append(("reached_status", 3, want is not None and got == want, f"status is {got}"))
        checks.append(("status_moved", 1, moved, f"was {init['issues'][key]['status']}"))
        extra = sorted(set(diff) - {"issues." + key + ".status"})
        intact = not extra
        checks.append(("nothing_else_changed", 0, intact, f"other changes: {extra[:5]}"))
        """
        return reward_script(task, f"{TransitionIssueParams.of(task).issue_key} status", body)


# New work per project: (type, title, labels). None of these titles exists in the seed.
_NEW_ISSUES = {
    "WEB": [
        ("bug", "Address autocomplete fills the wrong postcode field", ["checkout"]),
        ("story", "Show stock level on product detail page", ["catalogue"]),
        ("task", "Add smoke test for the order history page", ["qa", "tests"]),
        ("bug", "Wishlist heart icon stays filled after removal", ["wishlist"]),
    ],
    "MOB": [
        ("bug", "Compass heading jitters near power lines", ["android", "gps"]),
        ("story", "Offline elevation profile for saved routes", ["maps", "offline"]),
        ("task", "Rotate push notification certificates", ["ios", "release"]),
    ],
    "OPS": [
        ("task", "Enable slow query log on the orders database", ["database", "monitoring"]),
        ("bug", "Deploy job leaves stale preview containers running", ["ci", "cost"]),
        ("story", "Self-service database snapshots for engineers", ["backups", "database"]),
    ],
}


class CreateIssueParams(TaskParams):
    """Task parameters of ``CreateIssue`` (in the order its tasks list them)."""

    project: str
    type: str
    title: str
    priority: str
    assignee_name: str
    labels: list[str]
    story_points: int
    sprint_name: str | None


class CreateIssue(IssueFamily):
    id: ClassVar[str] = "create-issue"
    params_type: ClassVar[type[TaskParams] | None] = CreateIssueParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "create", "modal")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        project = rng.choice(sorted(_NEW_ISSUES))
        kind, title, labels = rng.choice(_NEW_ISSUES[project])
        who = rng.choice(sorted(seed["users"]))
        name = seed["users"][who]["displayName"]
        priority = rng.choice(["Highest", "High", "Medium", "Low"])
        points = rng.choice([1, 2, 3, 5, 8])
        planned = next(
            s["name"]
            for s in seed["sprints"].values()
            if s["project"] == project and s["state"] == "planned"
        )
        sprint = rng.choice([None, planned])
        pname = PROJECT_NAMES[project]
        tags = " and ".join(labels)
        pts = f"{points} story point" + ("" if points == 1 else "s")
        where = f"planned into {sprint}" if sprint else "left in the backlog"
        home = f"it goes into {sprint}" if sprint else "it stays in the backlog, in no sprint"
        instruction = rng.choice(
            [
                f"In {pname} ({project}), create a {kind} titled “{title}” with priority "
                f"{priority}, assigned to {name}, labelled {tags}, estimated at {pts}, and "
                f"{where}.",
                f"File a new {kind} in the {pname} project: “{title}”. It is {priority} "
                f"priority, goes to {name}, carries the labels {tags}, is worth {pts} and is "
                f"{where}.",
                f"{name} will work on a new {kind}, “{title}”, in {pname} ({project}). Create "
                f"it with {priority} priority, the labels {tags} and an estimate of {pts}; "
                f"{home}.",
                f"We need a {kind} for “{title}” in {pname}: priority {priority}, assignee "
                f"{name}, labels {tags}, {pts}, {where}.",
                f"Log “{title}” as a {kind} in {pname} ({project}), sized at {pts}, with "
                f"{priority} priority and the labels {tags}. Assign it to {name}; {home}.",
            ]
        )
        context = (
            f"Project {pname} ({project}) exists; {name} is on the team"
            + (f"; {sprint} is a planned sprint of the project" if sprint else "")
            + f". No issue with that title exists yet. You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            project=project,
            type=kind,
            title=title,
            priority=priority.lower(),
            assignee_name=name,
            labels=sorted(labels),
            story_points=points,
            sprint_name=sprint,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CreateIssueParams.of(task)
        world = task_world(task, ())
        sprint = next(
            (s["id"] for s in world["sprints"].values() if s["name"] == p.sprint_name), None
        )
        fields = {
            "type": p.type,
            "title": p.title,
            "priority": p.priority,
            "assignee": self.uid(world, p.assignee_name),
            "labels": p.labels,
            "storyPoints": p.story_points,
            "sprint": sprint,
        }
        gold = gold_from(world, lambda s: create_issue(s, CURRENT_USER, p.project, fields, NOW))
        summary = f"create {p.type} {p.title!r} in {p.project}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.issue_tracker._checks", "create_issue.py")
        return reward_script(task, f"create {CreateIssueParams.of(task).title!r}", body)
