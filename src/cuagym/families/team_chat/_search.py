"""Families on finding messages: the target's conversation is not named, so it is found.

``pin-found-message``: a teammate's useful message sits somewhere in the channels the signed-in
person belongs to, buried under later chatter, with a teammate's look-alike question about the
same thing in another channel. The task names the author and the message's opening words, not
its channel: the workspace search (words, ``from:@handle``) is the way to it. The reward finds
the message by author and opening words in the initial state, wherever it is.
"""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.team_chat import (
    ACTIVE_CHANNELS,
    DISPLAY,
    State,
    add_message,
    channel_id,
    ensure_member,
    uid_of,
)
from cuagym.apps.team_chat.edits import toggle_pin
from cuagym.core import Difficulty, Policy, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.team_chat._base import ChatFamily, ChatParams, quote
from cuagym.families.team_chat._messaging import _OTHER, pick_people

__all__ = [
    "FINDS",
    "PinFoundMessage",
    "PinFoundMessageParams",
]

# (the message, what it is about, a look-alike question someone else asked). Each text is
# unique in every world.
FINDS: tuple[tuple[str, str, str], ...] = (
    (
        "The new carrier rate sheet for Q2 is in the Pricing drive, folder Rates 2025.",
        "where the new carrier rate sheet lives",
        "Has the carrier rate sheet for Q2 been published yet?",
    ),
    (
        "Our customs broker contact for Hamburg is Jens Albers at the Hamburg desk, ext. 4471.",
        "the Hamburg customs broker contact",
        "Who is our customs broker contact in Hamburg these days?",
    ),
    (
        "Expense reports over 500 EUR now need a second approver from finance.",
        "the new expense approval rule",
        "Do expense reports still need a second approver?",
    ),
    (
        "The staging VPN certificate expires on June 30, so renew your profile before then.",
        "when the staging VPN certificate expires",
        "When does the staging VPN certificate expire again?",
    ),
    (
        "Forklift maintenance at dock 7 is booked every second Tuesday from 06:00 to 08:00.",
        "the dock 7 forklift maintenance slot",
        "Is forklift maintenance at dock 7 on Tuesday or Thursday?",
    ),
)
_CHATTER: tuple[str, ...] = (
    *_OTHER,
    "Lunch order goes out at 11:45, reply here if you want in.",
    "Heads up, the printer on floor 2 is jammed again.",
    "Thanks all, great sync today.",
    "I'll be offline for an hour, dentist appointment.",
    "Can someone double-check the numbers in yesterday's report?",
)


class PinFoundMessageParams(ChatParams):
    """Task parameters of ``PinFoundMessage`` (in the order its tasks list them)."""

    author: str
    asker: str
    match: str


class PinFoundMessage(ChatFamily[PinFoundMessageParams]):
    id: ClassVar[str] = "pin-found-message"
    params_type: ClassVar[type[TaskParams] | None] = PinFoundMessageParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("search", "messages", "search-messages")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/pins/pin-message",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.team_chat._oracle_search import PinFoundMessageOracle

        return PinFoundMessageOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, author, asker = pick_people(rng, 3)
        text, about, _question = rng.choice(FINDS)
        first = author.split()[0]
        match = text[:36].rstrip()
        instruction = rng.choice(
            [
                f"{first} posted {about} a while back in one of your channels. Pin that "
                "message in the channel where it was posted.",
                f"Find {first}'s message about {about} and pin it, so the whole channel can "
                "find it again.",
                f"People keep asking about {about}. {first} answered that weeks ago; pin "
                f"{first}'s message in its channel.",
                f"Pin the message in which {first} shared {about}, and leave everything else "
                "as it is.",
                f"Somewhere in your channels, {first} wrote about {about}. Make that message "
                "a pinned one.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. {author}'s message begins {quote(match + '…')}; it "
            "is in one of the channels you belong to, with newer messages after it, and "
            f"{asker} asked about the same thing elsewhere.",
            me=me,
            author=author,
            asker=asker,
            match=match,
        )

    def inject(self, world: State, p: PinFoundMessageParams, rng: random.Random) -> None:
        me, author, asker = uid_of(p.me), uid_of(p.author), uid_of(p.asker)
        home, other = rng.sample(ACTIVE_CHANNELS, 2)
        text, _about, question = next(f for f in FINDS if f[0].startswith(p.match))
        cid = channel_id(world, home)
        for uid in (me, author):
            ensure_member(world, cid, uid)
        add_message(world, cid, author, text, minutes=rng.randrange(30, 240))
        # Newer chatter buries it: it is not on the channel's first screen.
        talkers = [u for u in DISPLAY if u not in (me, author)]
        for line in rng.sample(_CHATTER, 6):
            who = rng.choice(talkers)
            ensure_member(world, cid, who)
            add_message(world, cid, who, line, minutes=rng.randrange(20, 300))
        # The look-alike: the same topic, asked by someone else, in another channel.
        oid = channel_id(world, other)
        for uid in (me, asker):
            ensure_member(world, oid, uid)
        add_message(world, oid, asker, question, minutes=rng.randrange(10, 120))

    def solve(self, state: State, p: PinFoundMessageParams) -> None:
        author = uid_of(p.author)
        conv, mid = next(
            (conv, m["id"])
            for conv, msgs in state["messages"].items()
            for m in msgs
            if m["sender"] == author and m["text"].startswith(p.match)
        )
        toggle_pin(state, conv, mid, state["currentUser"])

    def reward_body(self, p: PinFoundMessageParams) -> str:
        return """
author = uid(init, P["author"])
hits = [(conv, m) for conv, ms in init["messages"].items() for m in ms
        if m["sender"] == author and norm(m["text"]).startswith(norm(P["match"]))]
conv, before = hits[0] if len(hits) == 1 else (None, {})
after = next((m for m in cur["messages"].get(conv, []) if m["id"] == before.get("id")), {})
pin_only = ({k: v for k, v in after.items() if k != "pinned"}
            == {k: v for k, v in before.items() if k != "pinned"})
rest_init = {c: [m for m in ms if m["id"] != before.get("id")]
             for c, ms in init["messages"].items()}
rest_cur = {c: [m for m in ms if m["id"] != before.get("id")]
            for c, ms in cur["messages"].items()}
extra = diff_outside(diff, ["messages." + str(conv)])
checks.append(("message_found", 0, conv is not None and before.get("pinned") is False,
               f"{len(hits)} matching message(s)"))
checks.append(("pinned", 3, after.get("pinned") is True, f"pinned: {after.get('pinned')}"))
checks.append(("only_the_pin", 0, conv is not None and pin_only, "the message itself is kept"))
checks.append(("others_kept", 0, rest_cur == rest_init, "every other message is unchanged"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""
