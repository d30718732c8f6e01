"""Families on the people directory: finding teammates by what they do, not by name.

``group-dm-by-role``: start a group conversation with the two people who hold two named roles
and send a message there. The roles are injected onto two teammates the Generator draws per
task (their titles in this world), so who they are is in the directory, not in the task; the
reward finds them by title in the initial state.
"""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.team_chat import PERSONAS, State, gold_now, uid_of
from cuagym.apps.team_chat.edits import open_dm, post_message
from cuagym.core import Difficulty, Policy, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.team_chat._base import ChatFamily, ChatParams, quote
from cuagym.families.team_chat._messaging import pick_people

__all__ = [
    "ROLES",
    "GroupDmByRole",
    "GroupDmByRoleParams",
]

#: Titles no seed person holds; a task gives two of them to two teammates.
ROLES: tuple[str, ...] = (
    "Carrier Relations Manager",
    "Customs Specialist",
    "Warehouse Safety Officer",
    "Fleet Planner",
    "Billing Analyst",
    "Onboarding Coordinator",
)
_TEXTS: tuple[str, ...] = (
    "Can the three of us meet tomorrow about the Hamburg customs backlog?",
    "Quick sync on the new billing rules before Friday?",
    "Let's plan the safety walk for dock 7 together this week.",
    "Could we review the carrier onboarding checklist as a group?",
)


class GroupDmByRoleParams(ChatParams):
    """Task parameters of ``GroupDmByRole`` (in the order its tasks list them)."""

    first_role: str
    second_role: str
    text: str


class GroupDmByRole(ChatFamily[GroupDmByRoleParams]):
    id: ClassVar[str] = "group-dm-by-role"
    params_type: ClassVar[type[TaskParams] | None] = GroupDmByRoleParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("people", "directory", "find-person")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:direct-messages/group/start-group",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.team_chat._oracle_search import GroupDmByRoleOracle

        return GroupDmByRoleOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (me,) = pick_people(rng, 1)
        first, second = rng.sample(ROLES, 2)
        text = rng.choice(_TEXTS)
        said = quote(text)
        instruction = rng.choice(
            [
                f"Start a group conversation with our {first} and our {second}, just the three "
                f"of you, and send {said}",
                f"Message the {first} and the {second} together in one new group conversation "
                f"(nobody else in it): {said}",
                f"Find out who the {first} and the {second} are, then write {said} to both of "
                "them in a single group message that includes no one else.",
                f"Get the {first} and the {second} into a conversation with you alone and say "
                f"{said}",
                f"The {first} and the {second} should both receive {said} from you in one "
                "group conversation of exactly the three of you.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. Two teammates hold the titles {first} and {second}; "
            "the people directory lists everyone's title. You have no conversation with just "
            "those two yet.",
            me=me,
            first_role=first,
            second_role=second,
            text=text,
        )

    def inject(self, world: State, p: GroupDmByRoleParams, rng: random.Random) -> None:
        me = uid_of(p.me)
        first, second = rng.sample([u for u in PERSONAS if u != me], 2)
        world["users"][first]["title"] = p.first_role
        world["users"][second]["title"] = p.second_role
        trio = frozenset((me, first, second))
        for did in [d for d, dm in world["dms"].items() if frozenset(dm["members"]) == trio]:
            del world["dms"][did]  # the context says none exists
            world["messages"].pop(did, None)

    def solve(self, state: State, p: GroupDmByRoleParams) -> None:
        me = state["currentUser"]
        holders = [
            next(u for u, user in state["users"].items() if user["title"] == role)
            for role in (p.first_role, p.second_role)
        ]
        now = gold_now(state)
        did = open_dm(state, me, holders, now=now)
        post_message(state, did, me, p.text, now=now)

    def reward_body(self, p: GroupDmByRoleParams) -> str:
        return """
holders = [[u for u, user in init["users"].items() if user["title"] == role]
           for role in (P["first_role"], P["second_role"])]
found = all(len(h) == 1 for h in holders)
trio = {me, holders[0][0], holders[1][0]} if found else None
made = [d for d, v in cur["dms"].items() if d not in init["dms"] and set(v["members"]) == trio]
did = made[0] if len(made) == 1 else None
init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
new_msgs = [m for ms in cur["messages"].values() for m in ms if m["id"] not in init_ids]
sent = [m for m in cur["messages"].get(did, []) if m["sender"] == me and m["threadParent"] is None
        and not m["attachments"] and not m["reactions"] and not m["pinned"]]
extra = diff_outside(diff, ["dms." + str(did), "messages." + str(did)])
checks.append(("roles_found", 0, found, f"holders: {holders}"))
checks.append(("group_with_both", 2, did is not None, f"new group DM(s) with exactly them: {made}"))
checks.append(("message", 2, any(exact(m["text"]) == exact(P["text"]) for m in sent),
               "texts: " + " | ".join(m["text"] for m in new_msgs)))
checks.append(("one_message", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new message(s)"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""
