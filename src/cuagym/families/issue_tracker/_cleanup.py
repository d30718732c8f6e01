"""Families that tidy the tracker up: duplicates filed twice.

``merge-duplicate``: an issue was filed again as a new one, and someone commented on the copy.
The comment's text moves to the original (as a comment of the signed-in person) and the copy is
deleted. The comment is drawn per task by the Generator (it is in the copy only), so the reward
reads it from the initial state; the copy's key is the project's next number in the seed.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.issue_tracker import CURRENT_USER, build_seed
from cuagym.apps.issue_tracker.edits import add_comment, create_issue, delete_issue
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
from cuagym.families.issue_tracker._issues import (
    ME,
    PROJECT_NAMES,
    IssueFamily,
    _where,
    open_issues,
)
from cuagym.scripts import inlined_file

__all__ = [
    "MergeDuplicate",
    "MergeDuplicateParams",
]

_NOTES: tuple[str, ...] = (
    "Seen again on the staging build from this morning, steps are the same.",
    "A second customer reported this through support today.",
    "Happens on Firefox as well, not only on Chrome.",
    "Logs from the failing run are attached to the incident ticket INC-2291.",
    "Still reproducible after yesterday's deploy.",
)


class MergeDuplicateParams(TaskParams):
    """Task parameters of ``MergeDuplicate`` (in the order its tasks list them)."""

    original_key: str
    original_title: str
    duplicate_key: str
    duplicate_title: str
    commenter: str


class MergeDuplicate(IssueFamily):
    id: ClassVar[str] = "merge-duplicate"
    params_type: ClassVar[type[TaskParams] | None] = MergeDuplicateParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "detail", "delete")
    also_covers: ClassVar[tuple[str, ...]] = ("issue-tracker:issues/detail/comments/add",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.issue_tracker._oracle_cleanup import MergeDuplicateOracle

        return MergeDuplicateOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        original = rng.choice(open_issues(seed, ("story", "bug", "task")))
        project = original["project"]
        copy_key = f"{project}-{seed['projects'][project]['nextIssueNumber']}"
        copy_title = f"{original['title']} (filed again)"
        commenter = seed["users"][rng.choice(sorted(u for u in seed["users"] if u != CURRENT_USER))]
        who = commenter["displayName"]
        orig, dup = _where(original), copy_key
        instruction = rng.choice(
            [
                f"{dup} is a duplicate of {orig}. Carry the comment on {dup} over to {orig} "
                f"(the same text, posted by you) and delete {dup}.",
                f"Clean up the duplicate {dup}: its comment belongs on {orig}, word for word, "
                f"and {dup} itself should be gone afterwards.",
                f"Merge {dup} into {orig}. The one comment on {dup} is re-posted on {orig} "
                f"with identical text, and {dup} is deleted.",
                f"Nobody needs {dup}, a copy of {orig}, except for the comment on it: add that "
                f"comment's exact text to {orig} as your own comment, then remove {dup}.",
                f"{orig} was filed twice; the copy is {dup}. Keep what was said on the copy by "
                f"repeating its comment on {orig}, and delete the copy.",
            ]
        )
        context = (
            f"In {PROJECT_NAMES[project]} ({project}), {dup} (“{copy_title}”) was filed as a "
            f"copy of {orig}; {who} left one comment on {dup}. You are signed in as {ME}."
        )
        return self.make_task(
            task_id,
            instruction,
            context,
            original_key=original["key"],
            original_title=original["title"],
            duplicate_key=copy_key,
            duplicate_title=copy_title,
            commenter=who,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = MergeDuplicateParams.of(task)
        world = task_world(task, {p.original_key})
        rng = family_rng(task, "duplicate")
        original = world["issues"][p.original_key]
        fields = {
            "type": original["type"],
            "title": p.duplicate_title,
            "priority": original["priority"],
            "assignee": None,
            "labels": list(original["labels"]),
        }
        commenter = self.uid(world, p.commenter)
        key = create_issue(world, commenter, original["project"], fields, NOW)
        if key != p.duplicate_key:  # a family bug: the task names another key
            raise ValueError(f"the copy got {key}, the task says {p.duplicate_key}")
        add_comment(world, key, commenter, rng.choice(_NOTES), NOW)
        note = world["issues"][key]["comments"][0]["body"]

        def merge(s: dict[str, Any]) -> None:
            add_comment(s, p.original_key, CURRENT_USER, note, NOW)
            delete_issue(s, key)

        gold = gold_from(world, merge)
        summary = f"{key} merged into {p.original_key}"
        return GeneratedScripts(setup_script(world, summary), patch_script(world, gold, summary))

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.issue_tracker._checks", "merge_duplicate.py")
        return reward_script(task, f"{MergeDuplicateParams.of(task).duplicate_key} merged", body)
