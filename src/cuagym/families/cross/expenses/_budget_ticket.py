"""The cost centre that is over its quarter budget, raised as a ticket in the issue tracker
(apps: expenses, issue-tracker).

One hub session holds both apps' states; the tracker's signed-in person is the expense app's
finance controller (same person, two apps). The world has exactly one cost centre over its
budget; which one, and by how much, the agent reads from the Budgets screen's bars. The ticket's
title and description follow a pattern the instruction gives, filled with what the screen shows.
The reward reads both ``/go``: the expense app unchanged, one new issue as asked in the tracker.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.expenses import budget_rows, build_seed, format_money
from cuagym.apps.issue_tracker import CURRENT_USER
from cuagym.apps.issue_tracker import build_seed as tracker_seed
from cuagym.apps.issue_tracker.edits import create_issue
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.expenses._oracle import CROSS_ORACLES
from cuagym.families.cross.expenses._shared import EXPENSES, ME, expense_world, reward
from cuagym.families.issue_tracker.shared import NOW, PROJECT_NAMES

__all__ = ["OverBudgetTicket", "over_budget_world"]

State = dict[str, Any]
TRACKER = "issue-tracker"
_PROJECT = "OPS"
_FRAMES = (
    "One cost centre is over its quarter budget. Raise it in the tracker's {pname} ({project}) "
    "project: a task titled “Over budget: CODE NAME” (the centre's code and name) with the "
    "description “Over by AMOUNT” (the overspend as the Budgets screen shows it), priority "
    "{priority}, assigned to {assignee}.",
    "Check the budgets in the expense app and file a {project} task for the cost centre that "
    "overspent: title “Over budget: CODE NAME” (the centre's code and name), description "
    "“Over by AMOUNT” (the overspend as the Budgets screen shows it), {priority} priority, "
    "assignee {assignee}.",
    "Find the cost centre over budget this quarter and open a ticket in {pname} ({project}): "
    "type task, title “Over budget: CODE NAME” (the centre's code and name), description "
    "“Over by AMOUNT” (the overspend as the Budgets screen shows it), for {assignee} at "
    "{priority} priority.",
    "{assignee} needs a ticket about the overspent cost centre: create a task in {project} "
    "titled “Over budget: CODE NAME” (the centre's code and name) whose description is "
    "“Over by AMOUNT” (the overspend as the Budgets screen shows it), priority {priority}.",
    "Which cost centre blew its quarter budget? Log it in the issue tracker ({pname}, "
    "{project}) as a task “Over budget: CODE NAME” (the centre's code and name), description "
    "“Over by AMOUNT” (the overspend as the Budgets screen shows it), assigned to {assignee}, "
    "priority {priority}.",
)


def over_budget_world(world: State, code: str, over_cents: int) -> None:
    """Make ``code`` the one cost centre over its budget, by ``over_cents``; every other has
    room left."""
    for row in budget_rows(world):
        centre = world["costCentres"][row["id"]]
        if row["code"] == code:
            centre["budgetCents"] = row["used"] - over_cents
        else:
            centre["budgetCents"] = max(centre["budgetCents"], row["used"] + 25_000)


class OverBudgetTicketParams(TaskParams):
    code: str
    name: str
    over_cents: int
    project: str
    priority: str
    assignee: str


class OverBudgetTicket(TaskFamily):
    id: ClassVar[str] = "over-budget-ticket"
    domain: ClassVar[str] = EXPENSES
    params_type = OverBudgetTicketParams
    apps: ClassVar[tuple[str, ...]] = (EXPENSES, TRACKER)
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("cross-app", "tracker", "over-budget-ticket")
    also_covers: ClassVar[tuple[str, ...]] = ("expenses:budgets/quarter/read-bars",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The tracker, then the expense app on top: the budgets are read first."""
        return [StartWindow(app=TRACKER, page="/"), StartWindow(app=EXPENSES, page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        tracker = tracker_seed()
        centre = rng.choice(sorted(build_seed()["costCentres"].values(), key=lambda c: c["code"]))
        over = rng.randint(150, 1400) * 100 + rng.randint(0, 99)
        people = sorted(
            u["displayName"] for uid, u in tracker["users"].items() if uid != CURRENT_USER
        )
        assignee = rng.choice(people)
        priority = rng.choice(("High", "Highest", "Medium"))
        frame = rng.choice(_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                pname=PROJECT_NAMES[_PROJECT],
                project=_PROJECT,
                priority=priority,
                assignee=assignee,
            ),
            f"You are {ME}, signed in to both the expense app and the issue tracker. Exactly "
            f"one cost centre is over its quarter budget: {centre['code']} {centre['name']}, "
            f"by {format_money(over)}. No such ticket exists yet.",
            code=centre["code"],
            name=centre["name"],
            over_cents=over,
            project=_PROJECT,
            priority=priority,
            assignee=assignee,
        )

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        p = OverBudgetTicketParams.of(task)
        expenses = expense_world(task)
        over_budget_world(expenses, p.code, p.over_cents)
        tracker = tracker_seed()
        tracker["users"][CURRENT_USER]["displayName"] = ME
        return expenses, tracker

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = OverBudgetTicketParams.of(task)
        expenses, tracker = self.worlds(task)
        gold = copy.deepcopy(tracker)
        assignee = next(u for u, v in gold["users"].items() if v["displayName"] == p.assignee)
        fields = {
            "type": "task",
            "title": f"Over budget: {p.code} {p.name}",
            "description": f"Over by {format_money(p.over_cents)}",
            "priority": p.priority.lower(),
            "assignee": assignee,
            "labels": [],
            "storyPoints": None,
            "sprint": None,
        }
        create_issue(gold, CURRENT_USER, p.project, fields, NOW)
        edits = {TRACKER: record_edits(tracker, gold)}
        return GeneratedScripts(
            setup_script({EXPENSES: expenses, TRACKER: tracker}, self.id),
            patch_script(edits, self.id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        read = (
            'tracker = hub_state("issue-tracker")\n'
            'tinit, tcur, tdiff = tracker["initial_state"], tracker["current_state"], '
            'tracker["state_diff"]\n'
        )
        return reward(task, "over-budget cost centre raised", read, ("", "over_budget_ticket.py"))
