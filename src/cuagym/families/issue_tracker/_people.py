"""Families about people: who carries which work (the people directory and profiles).

``hand-over-work``: someone leaves for a while; every issue of theirs that is not Done goes to
whichever of two named teammates has fewer open issues right now. The set of issues is defined
by a rule (assignee and status), the receiver by a comparison the directory shows; the
Generator varies the world so that both answers differ from task to task, and keeps the
comparison strict (no tie) and the set non-trivial (unfinished and finished issues both).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.issue_tracker import CURRENT_USER, build_seed, category
from cuagym.apps.issue_tracker.edits import update_issue
from cuagym.core import Difficulty, Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.issue_tracker._common import (
    NOW,
    gold_from,
    patch_script,
    reward_script,
    setup_script,
    task_world,
)
from cuagym.families.issue_tracker._issues import ME, IssueFamily
from cuagym.scripts import inlined_file

__all__ = [
    "HandOverWork",
    "HandOverWorkParams",
    "open_count",
    "unfinished_of",
]

State = dict[str, Any]


def open_count(state: State, uid: str) -> int:
    """Issues assigned to ``uid`` that are not Done (what the people directory shows)."""
    return sum(
        1
        for i in state["issues"].values()
        if i["assignee"] == uid and category(state, i["status"]) != "done"
    )


def unfinished_of(state: State, uid: str) -> list[str]:
    return sorted(
        k
        for k, i in state["issues"].items()
        if i["assignee"] == uid and category(state, i["status"]) != "done"
    )


class HandOverWorkParams(TaskParams):
    """Task parameters of ``HandOverWork`` (in the order its tasks list them)."""

    leaver_name: str
    candidates: list[str]


class HandOverWork(IssueFamily):
    id: ClassVar[str] = "hand-over-work"
    params_type: ClassVar[type[TaskParams] | None] = HandOverWorkParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("people", "profile")
    also_covers: ClassVar[tuple[str, ...]] = (
        "issue-tracker:people/directory",
        "issue-tracker:issues/detail/fields/assignee",
    )

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.issue_tracker._oracle_people import HandOverWorkOracle

        return HandOverWorkOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        people = sorted(u for u in seed["users"] if u != CURRENT_USER)
        leaver, first, second = rng.sample(people, 3)
        names = {u: seed["users"][u]["displayName"] for u in (leaver, first, second)}
        lv, a, b = names[leaver], names[first], names[second]
        instruction = rng.choice(
            [
                f"{lv} is going on leave. Hand every unfinished issue assigned to {lv} over to "
                f"whichever of {a} and {b} has fewer open issues right now.",
                f"Before {lv}'s leave starts, {lv}'s open work (every issue not Done) moves to "
                f"{a} or {b}: whoever of the two currently carries fewer open issues takes all "
                "of it.",
                f"Reassign all of {lv}'s issues that are not Done to the less loaded of {a} "
                f"and {b}, judged by how many open issues each has at the moment. {lv}'s "
                "finished issues stay as they are.",
                f"Whichever of {a} and {b} has fewer open issues today inherits everything "
                f"{lv} has not finished; that person becomes the assignee of each of those "
                "issues.",
                f"{lv} hands over before a sabbatical. Of {a} and {b}, the one with fewer open "
                f"issues as things stand gets all of {lv}'s issues that are not Done.",
            ]
        )
        context = (
            f"You are signed in as {ME}. {lv} has several unfinished issues and some finished "
            f"ones, in more than one project. {a} and {b} are on the site and do not have the "
            "same number of open issues."
        )
        return self.make_task(task_id, instruction, context, leaver_name=lv, candidates=[a, b])

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = HandOverWorkParams.of(task)
        world = task_world(task, ())
        rng = family_rng(task, "workload")
        leaver = self.uid(world, p.leaver_name)
        a, b = (self.uid(world, n) for n in p.candidates)
        spare = [
            k
            for k, i in sorted(world["issues"].items())
            if i["assignee"] not in (leaver, a, b)
            and i["type"] != "epic"
            and category(world, i["status"]) != "done"
        ]
        rng.shuffle(spare)
        # What the context promises: two or more unfinished issues of the leaver...
        while len(unfinished_of(world, leaver)) < 2 + rng.randrange(2):
            world["issues"][spare.pop()]["assignee"] = leaver
        # ... but not so many that the hand-over is a chore of dozens of pages: at most six.
        others = [u for u in sorted(world["users"]) if u not in (leaver, a, b)]
        for key in unfinished_of(world, leaver)[6:]:
            world["issues"][key]["assignee"] = rng.choice(others)
        # ... at least one finished one (done issues may sit in closed sprints: any of them)...
        if not any(
            i["assignee"] == leaver and category(world, i["status"]) == "done"
            for i in world["issues"].values()
        ):
            done = sorted(
                k for k, i in world["issues"].items() if category(world, i["status"]) == "done"
            )
            world["issues"][rng.choice(done)]["assignee"] = leaver
        # ... and no tie between the two candidates.
        if open_count(world, a) == open_count(world, b):
            world["issues"][spare.pop()]["assignee"] = rng.choice([a, b])
        target = a if open_count(world, a) < open_count(world, b) else b
        todo = unfinished_of(world, leaver)

        def hand_over(s: State) -> None:
            for key in todo:
                update_issue(s, key, {"assignee": target}, NOW)

        gold = gold_from(world, hand_over)
        summary = f"{p.leaver_name}'s unfinished work to the less loaded teammate"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.issue_tracker._checks", "hand_over_work.py")
        return reward_script(
            task, f"{HandOverWorkParams.of(task).leaver_name}'s work handed over", body
        )
