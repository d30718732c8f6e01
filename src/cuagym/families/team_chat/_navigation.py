"""Families on moving around the workspace: what the signed-in person has read.

``catch-up-unread``: read every conversation of the sidebar that shows unread messages (so none
is left unread) and answer a teammate's direct question. "Read" is state: the app records the
last message seen per conversation in the volatile ``ui`` block (masked from the state diff,
present in the current state), and the sidebar's unread counts come from it; the reward
recomputes those counts exactly as the sidebar does.
"""

from __future__ import annotations

import copy
import random
from typing import ClassVar

from cuagym.apps.team_chat import (
    State,
    add_message,
    base_world,
    days_before_newest,
    finish,
    gold_now,
    uid_of,
)
from cuagym.apps.team_chat.edits import open_dm, post_message
from cuagym.core import Difficulty, Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.team_chat._base import ChatFamily, ChatParams, quote, validate
from cuagym.families.team_chat._messaging import pick_people
from cuagym.families.team_chat._scripts import golden_script, patch_ops, setup_script
from cuagym.scripts import inlined_file

__all__ = [
    "CatchUpUnread",
    "CatchUpUnreadParams",
    "my_conversations",
]

# (their question, your answer)
_ASKS: tuple[tuple[str, str], ...] = (
    ("Are you joining the carrier call at 15:00 today?", "Yes, I'll be on the call at 15:00."),
    ("Can you review the Hamburg tender draft by Friday?", "Sure, I'll review it by Friday."),
    ("Did the new scanner batch arrive at your site?", "Yes, all 40 scanners arrived today."),
    ("Could you cover the support rota on Monday morning?", "I can cover Monday morning."),
    ("Is the quarterly forecast still due next Wednesday?", "Yes, it is due next Wednesday."),
)


def my_conversations(state: State) -> list[str]:
    """The sidebar's conversations: channels you are in that are not archived, and your DMs."""
    me = state["currentUser"]
    chans = [c for c, ch in state["channels"].items() if me in ch["members"] and not ch["archived"]]
    return sorted(chans) + sorted(d for d, dm in state["dms"].items() if me in dm["members"])


class CatchUpUnreadParams(ChatParams):
    """Task parameters of ``CatchUpUnread`` (in the order its tasks list them)."""

    asker: str
    question: str
    answer: str


class CatchUpUnread(ChatFamily[CatchUpUnreadParams]):
    id: ClassVar[str] = "catch-up-unread"
    params_type: ClassVar[type[TaskParams] | None] = CatchUpUnreadParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("navigation", "sidebar", "open-conversation")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:direct-messages/one-to-one/send",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.team_chat._oracle_navigation import CatchUpUnreadOracle

        return CatchUpUnreadOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, asker = pick_people(rng, 2)
        question, answer = rng.choice(_ASKS)
        first = asker.split()[0]
        said = quote(answer)
        instruction = rng.choice(
            [
                "Catch up on your workspace: every channel and direct message with unread "
                f"messages has to be read, none left unread. {first} also asked you something "
                f"in a direct message; reply there with {said}",
                "Clear all your unread conversations, channels and direct messages alike, and "
                f"answer {first}'s direct message with {said}",
                "Nothing should show as unread for you once you are done, so go through each "
                f"conversation that has new messages. In your DM with {asker}, reply {said}",
                f"{first} is waiting for an answer in your direct messages: send {said} there. "
                "Also read everything else that is unread, so that no conversation keeps an "
                "unread count.",
                "Work through your unread channels and direct messages until none is left "
                f"unread, and reply to {first}'s question in your DM with {said}",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. Several of your channels and direct messages have "
            f"unread messages; {asker} sent you {quote(question)} in your direct conversation.",
            me=me,
            asker=asker,
            question=question,
            answer=answer,
        )

    def inject(self, world: State, p: CatchUpUnreadParams, rng: random.Random) -> None:
        me, asker = uid_of(p.me), uid_of(p.asker)
        did = open_dm(world, me, [asker])
        if not world["messages"].get(did):
            world["dms"][did]["createdAt"] = days_before_newest(world, 6)
            add_message(world, did, me, "Thanks for the update earlier.", minutes=60)
        add_message(world, did, asker, p.question, minutes=rng.randrange(30, 180))

    def solve(self, state: State, p: CatchUpUnreadParams) -> None:
        me = state["currentUser"]
        seen = state["ui"]["lastViewedAt"].setdefault(me, {})
        for conv in my_conversations(state):  # a visit records the conversation's last message
            msgs = state["messages"].get(conv, [])
            if msgs:
                seen[conv] = msgs[-1]["ts"]
        did = open_dm(state, me, [uid_of(p.asker)])
        state["ui"]["lastConversation"] = did
        post_message(state, did, me, p.answer, now=gold_now(state))

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = self.typed_params(task)
        rng = family_rng(task, "world")
        world = base_world(rng, uid_of(p.me))
        self.inject(world, p, rng)
        finish(world, rng)
        # What the context promises, whatever the read markers drew: the question is unread,
        # and so is the newest message of one channel at least.
        me = world["currentUser"]
        seen = world["ui"]["lastViewedAt"][me]
        seen.pop(open_dm(world, me, [uid_of(p.asker)]), None)
        chans = [c for c in my_conversations(world) if c in world["channels"]]
        for conv in rng.sample(chans, 2):
            top = [m for m in world["messages"].get(conv, []) if m["threadParent"] is None]
            others = [m for m in top if m["sender"] != me]
            if len(top) >= 2 and others and others[-1] is top[-1]:
                seen[conv] = top[-2]["ts"]
        validate(world, f"{task.task_id} initial state")
        gold = copy.deepcopy(world)
        self.solve(gold, p)
        validate(gold, f"{task.task_id} golden state")
        # The read markers live in the volatile ``ui`` block, which patches normally leave
        # alone: here they are the task, so the patch writes them too.
        ops = [*patch_ops(world, gold), [["ui"], "set", gold["ui"]]]
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, world),
            golden_patch=golden_script(task.task_id, ops),
        )

    def reward_body(self, p: CatchUpUnreadParams) -> str:
        # Timestamps are the app's one spelling (UTC, whole seconds, Z): as strings they sort
        # in time order, which the guard below makes sure of.
        return inlined_file("cuagym.families.team_chat._checks", "catch_up_unread.py")
