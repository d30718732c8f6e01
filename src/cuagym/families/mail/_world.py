"""Task worlds: the seed mailbox, perturbed per task, with the task's entities injected.

Perturbation (dropping some seed conversations, flipping some read/star flags) uses
``family_rng(task, "world")``, so each task gets its own world while staying reproducible.
Injected entities come from ``_pools`` and never collide with seed content.
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.mail._ops import new_id
from cuagym.apps.mail._pools import FIRST, LAST
from cuagym.apps.mail._seed import build_seed
from cuagym.core import Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng
from cuagym.families.mail._scripts import entity_edits, patch_script, setup_script

__all__ = [
    "GOLD_NOW",
    "MailFamily",
    "add_contact",
    "add_thread",
    "params",
    "person",
    "pick_people",
]

State = dict[str, Any]
#: the moment golden patches "send" at: after every world's newest message.
GOLD_NOW = datetime(2025, 3, 14, 21, 30, tzinfo=UTC)


def params(task: TaskConfig) -> dict[str, Any]:
    """The task's structured facts (``params`` is an extra field of TaskConfig)."""
    return dict(task.params or {})


def person(first: str, last: str, domain: str) -> dict[str, str]:
    return {"name": f"{first} {last}", "email": f"{first.lower()}.{last.lower()}@{domain}"}


def pick_people(rng: random.Random, n: int, domain_of: Any) -> list[dict[str, str]]:
    """``n`` distinct people; ``domain_of(i)`` gives the i-th person's mail domain."""
    firsts = rng.sample(FIRST, n)
    lasts = rng.sample(LAST, n)
    return [
        person(f, la, domain_of(i)) for i, (f, la) in enumerate(zip(firsts, lasts, strict=True))
    ]


def base_world(task: TaskConfig) -> State:
    """The seed with some conversations dropped and some flags flipped, per task."""
    rng = family_rng(task, "world")
    state = build_seed()
    tids = sorted(state["threads"])
    for tid in rng.sample(tids, rng.randint(2, 7)):
        del state["threads"][tid]
        for mid in [m for m, msg in state["messages"].items() if msg["threadId"] == tid]:
            del state["messages"][mid]
    inbox = sorted(t for t, th in state["threads"].items() if th["folder"] == "inbox")
    for tid in rng.sample(inbox, min(3, len(inbox))):
        state["threads"][tid]["unread"] = not state["threads"][tid]["unread"]
    return state


def add_thread(
    state: State,
    sender: dict[str, str],
    subject: str,
    body: str,
    date: str,
    *,
    folder: str = "inbox",
    unread: bool = False,
    starred: bool = False,
    labels: tuple[str, ...] = (),
    attachments: tuple[dict[str, Any], ...] = (),
    cc: tuple[dict[str, str], ...] = (),
) -> str:
    """Inject a one-message conversation sent to the account owner; returns its thread id."""
    tid = new_id(state, "threads", "t")
    state["threads"][tid] = {
        "id": tid,
        "folder": folder,
        "labels": list(labels),
        "starred": starred,
        "unread": unread,
        "snoozedUntil": None,
    }
    mid = new_id(state, "messages", "m")
    me = state["account"]
    state["messages"][mid] = {
        "id": mid,
        "threadId": tid,
        "from": dict(sender),
        "to": [{"name": me["name"], "email": me["email"]}],
        "cc": [dict(c) for c in cc],
        "bcc": [],
        "subject": subject,
        "body": body,
        "date": date,
        "attachments": [dict(a) for a in attachments],
        "isDraft": False,
    }
    return tid


def add_contact(state: State, who: dict[str, str], company: str, groups: list[str]) -> str:
    cid = new_id(state, "contacts", "ct")
    state["contacts"][cid] = {
        "id": cid,
        "name": who["name"],
        "email": who["email"],
        "company": company,
        "phone": "",
        "groups": list(groups),
        "notes": "",
    }
    return cid


def march_date(rng: random.Random) -> str:
    """A weekday moment in 2025-03-10 .. 03-14 (the seed's second week)."""
    return (
        f"2025-03-{rng.randint(10, 14):02d}T{rng.randint(13, 22):02d}:{rng.randint(0, 59):02d}:00Z"
    )


class MailFamily(TaskFamily):
    """A mail family: ``build`` injects the task into a world, ``solve`` applies the answer.

    ``generate`` is shared: the world becomes ``initial_setup.py`` and the entity-level
    difference between the world and its solved copy becomes ``golden_patch.py``.
    """

    domain = "mail"

    @abstractmethod
    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        """Inject what the task's context promises into ``world`` (in place)."""

    @abstractmethod
    def solve(self, task: TaskConfig, state: State) -> None:
        """Change ``state`` (in place) the way a person using the UI correctly would."""

    def world(self, task: TaskConfig) -> State:
        world = base_world(task)
        self.build(task, world, family_rng(task, "inject"))
        return world

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``mail._oracle``): it works the page like a person would."""
        from cuagym.families.mail._oracle import ORACLES

        return ORACLES[self.id](task)

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        world = self.world(task)
        gold = copy.deepcopy(world)
        self.solve(task, gold)
        summary = f"{task.task_id}"
        return GeneratedScripts(
            initial_setup=setup_script(world, summary),
            golden_patch=patch_script(entity_edits(world, gold), summary),
        )
