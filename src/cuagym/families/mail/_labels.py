"""Mail families on labels beyond creating one: changing a label in use."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.mail import LABEL_COLORS, add_thread, march_date, pick_people
from cuagym.apps.mail.ops import add_label, create_label, update_label
from cuagym.apps.mail.pools import COMPANIES, LABEL_NAMES, SUBJECTS
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import MailFamily, State, params
from cuagym.scripts import inlined_file

__all__ = ["RenameLabel"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.mail._checks"

# Sentence frames: each names the label as it is, its new name and its new colour, and that
# the conversations keep it.
_FRAMES = (
    "Rename the label \u201c{old}\u201d to \u201c{new}\u201d and change its colour to {color}; "
    "the conversations that have it should keep it.",
    "The label \u201c{old}\u201d should be called \u201c{new}\u201d from now on, in {color}, "
    "still on the same conversations.",
    "Please turn my \u201c{old}\u201d label into \u201c{new}\u201d with the colour {color}, "
    "without taking it off any conversation.",
    "I want \u201c{new}\u201d instead of \u201c{old}\u201d as that label's name, and {color} as "
    "its colour. Whatever is labelled with it now stays labelled.",
    "Change the existing label \u201c{old}\u201d: new name \u201c{new}\u201d, new colour {color}, "
    "same conversations.",
)


class RenameLabelParams(TaskParams):
    """``rename-label``'s task parameters."""

    old: str
    new: str
    old_color: str
    color: str


class RenameLabel(MailFamily):
    """Edit the label, not replace it: a new label (and the old one deleted) would take it off
    the conversations that carry it."""

    id = "rename-label"
    params_type = RenameLabelParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path = ("labels", "manage", "edit")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        old, new = rng.sample(LABEL_NAMES, 2)
        old_color, color = rng.sample([c for c in LABEL_COLORS if c != "gray"], 2)
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(old=old, new=new, color=color),
            f"The label \u201c{old}\u201d ({old_color}) is on two conversations; no label is "
            f"called \u201c{new}\u201d. Label colours come from a fixed palette that includes "
            f"{color}.",
            old=old,
            new=new,
            old_color=old_color,
            color=color,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = RenameLabelParams.of(task)
        lid = create_label(world, p.old, p.old_color)
        _, domain = rng.choice(COMPANIES)
        people = pick_people(rng, 2, lambda _: domain)
        tids = [
            add_thread(world, who, subject, f"Hi Nora,\n\n{line}", march_date(rng))
            for who, (subject, line) in zip(people, rng.sample(SUBJECTS, 2), strict=True)
        ]
        add_label(world, tids, lid)

    def solve(self, task: TaskConfig, state: State) -> None:
        p = RenameLabelParams.of(task)
        lid = next(k for k, v in state["labels"].items() if v["name"] == p.old)
        update_label(state, lid, p.new, p.color)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "rename_label.py")
        return reward_script(params(task), body, task.task_id)
