"""Families on messages: react to one, reply in its thread, correct your own."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.team_chat import (
    ACTIVE_CHANNELS,
    DISPLAY,
    PERSONAS,
    State,
    add_message,
    channel_id,
    ensure_member,
    gold_now,
    uid_of,
)
from cuagym.apps.team_chat.edits import edit_message, post_message, toggle_reaction
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.team_chat._base import ChatFamily, ChatParams, quote
from cuagym.scripts import inlined_file

__all__ = [
    "FixOwnMessage",
    "FixOwnMessageParams",
    "ReactToMessage",
    "ReactToMessageParams",
    "ReplyInThread",
    "ReplyInThreadParams",
]

# Messages worth reacting to: (text, what it is about). Each text is unique in every world.
_NEWS: tuple[tuple[str, str], ...] = (
    ("The carrier portal beta invite list is ready: 14 customers so far.", "beta invite list"),
    (
        "Rotterdam go-live moved to the 24th, the new scanners arrive on the 20th.",
        "Rotterdam go-live",
    ),
    (
        "I just merged the new rate-card importer, it handles 40k rows in under a minute.",
        "rate-card importer",
    ),
    ("Quarterly NPS came in at 61, up 9 points from last quarter.", "quarterly NPS result"),
    ("The yard-map prototype is ready for a first round of hallway testing.", "yard-map prototype"),
    ("Backups now run every 4 hours instead of nightly.", "backup schedule"),
    ("We passed the ISO 27001 surveillance audit with zero findings.", "ISO audit"),
    (
        "Harbor Freightways signed the pilot extension through September.",
        "Harbor Freightways pilot",
    ),
)
_OTHER: tuple[str, ...] = (
    "Can someone review my PR for the invoice export before lunch?",
    "Reminder: timesheets are due by Friday noon.",
    "Does anyone have the link to last week's retro notes?",
)
_EMOJI: tuple[str, ...] = (
    "rocket",
    "tada",
    "white_check_mark",
    "eyes",
    "raised_hands",
    "fire",
    "heart",
    "100",
)


def pick_people(rng: random.Random, n: int) -> list[str]:
    """``n`` distinct display names: the persona first, then teammates."""
    me = rng.choice(PERSONAS)
    others = rng.sample([u for u in DISPLAY if u != me], n - 1)
    return [DISPLAY[me], *(DISPLAY[u] for u in others)]


def find_text(state: State, conv: str, mid: str) -> str:
    return str(next(m["text"] for m in state["messages"][conv] if m["id"] == mid))


def _find(state: State, conv: str, sender: str, match: str) -> str:
    hits = [
        m["id"]
        for m in state["messages"][conv]
        if m["sender"] == sender and match.casefold() in m["text"].casefold()
    ]
    if len(hits) != 1:
        raise ValueError(f"{len(hits)} messages match {match!r} in {conv}")
    return str(hits[0])


# Reward lines shared by the families below: the conversation, its messages before and after.
_CONV = inlined_file("cuagym.families.team_chat._checks", "_conv.py")


class ReactToMessageParams(ChatParams):
    """Task parameters of ``ReactToMessage`` (in the order its tasks list them)."""

    author: str
    other: str
    channel: str
    match: str
    emoji: str


class ReactToMessage(ChatFamily[ReactToMessageParams]):
    id: ClassVar[str] = "react-to-message"
    params_type: ClassVar[type[TaskParams] | None] = ReactToMessageParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("messaging", "reactions", "add-reaction")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, author, other = pick_people(rng, 3)
        channel = rng.choice(ACTIVE_CHANNELS)
        text, about = rng.choice(_NEWS)
        emoji = rng.choice(_EMOJI)
        first = author.split()[0]
        instruction = rng.choice(
            [
                f"React with :{emoji}: to {first}'s message in #{channel} about the {about}.",
                f"Add a :{emoji}: reaction to the message {first} posted in #{channel} about "
                f"the {about}.",
                f"{first} shared news about the {about} in #{channel}. Show your support with "
                f"a :{emoji}: reaction on that message.",
                f"In #{channel}, put your own :{emoji}: on {first}'s post about the {about}.",
                f"Acknowledge {first}'s #{channel} update on the {about} by reacting :{emoji}: "
                "to it.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. In #{channel}, {author} posted {quote(text)}; "
            f"{other} has already reacted to it. The reaction must be yours.",
            me=me,
            author=author,
            other=other,
            channel=channel,
            match=text[:40],
            emoji=emoji,
        )

    def inject(self, world: State, p: ReactToMessageParams, rng: random.Random) -> None:
        cid = channel_id(world, p.channel)
        me, author, other = uid_of(p.me), uid_of(p.author), uid_of(p.other)
        for uid in (me, author, other):
            ensure_member(world, cid, uid)
        text = next(t for t, _ in _NEWS if t.startswith(p.match))
        add_message(world, cid, author, rng.choice(_OTHER), minutes=rng.randrange(5, 90))
        decoy = rng.choice([e for e in _EMOJI if e != p.emoji])
        add_message(
            world, cid, author, text, minutes=rng.randrange(5, 90), reactions={decoy: [other]}
        )

    def solve(self, state: State, p: ReactToMessageParams) -> None:
        cid = channel_id(state, p.channel)
        mid = _find(state, cid, uid_of(p.author), p.match)
        toggle_reaction(state, cid, mid, state["currentUser"], p.emoji)

    def reward_body(self, p: ReactToMessageParams) -> str:
        return (
            _CONV + "\n" + inlined_file("cuagym.families.team_chat._checks", "react_to_message.py")
        )


_QUESTIONS: tuple[tuple[str, str, str], ...] = (
    (
        "Does anyone know if the Rotterdam dock sensors report in UTC or local time?",
        "the Rotterdam dock sensors",
        "They report in UTC; the dashboard converts to local time.",
    ),
    (
        "Who owns the weekly carrier SLA report now that Dana moved teams?",
        "the carrier SLA report",
        "I'll take it over starting this week.",
    ),
    (
        "Is the staging database refreshed from production every night?",
        "the staging database refresh",
        "Only on Sundays; ping ops if you need a fresh copy.",
    ),
    (
        "Where should customer logo requests for the website go?",
        "customer logo requests",
        "Send them to the marketing intake form.",
    ),
    (
        "Can we move the Thursday demo to 16:00 UTC so Tokyo can join?",
        "moving the Thursday demo",
        "16:00 UTC works for me.",
    ),
    (
        "What's the rollback plan if the billing migration fails halfway?",
        "the billing migration rollback plan",
        "We restore the snapshot taken at cutover and replay the queue.",
    ),
)
_FIRST_REPLIES: tuple[str, ...] = (
    "Good question, I was wondering the same.",
    "Following this thread.",
    "+1, would like to know too.",
)


class ReplyInThreadParams(ChatParams):
    """Task parameters of ``ReplyInThread`` (in the order its tasks list them)."""

    author: str
    other: str
    channel: str
    match: str
    answer: str


class ReplyInThread(ChatFamily[ReplyInThreadParams]):
    id: ClassVar[str] = "reply-in-thread"
    params_type: ClassVar[type[TaskParams] | None] = ReplyInThreadParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("messaging", "threads", "reply-in-thread")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, author, other = pick_people(rng, 3)
        channel = rng.choice(ACTIVE_CHANNELS)
        question, about, answer = rng.choice(_QUESTIONS)
        first = author.split()[0]
        said = quote(answer)
        instruction = rng.choice(
            [
                f"Answer {first}'s question about {about} in #{channel} by replying in its "
                f"thread with {said}",
                f"{first} asked about {about} in #{channel}. Reply to that question in its "
                f"thread, not in the channel itself, with {said}",
                f"Post {said} as a thread reply to {first}'s question about {about} in #{channel}.",
                f"In #{channel}, {first} wants to know about {about}. Your answer, {said}, "
                "belongs in the thread under the question.",
                f"Respond in the thread of {first}'s #{channel} question on {about}: {said}",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. In #{channel}, {author} asked {quote(question)} and "
            f"{other} has already replied in the thread.",
            me=me,
            author=author,
            other=other,
            channel=channel,
            match=question[:40],
            answer=answer,
        )

    def inject(self, world: State, p: ReplyInThreadParams, rng: random.Random) -> None:
        cid = channel_id(world, p.channel)
        me, author, other = uid_of(p.me), uid_of(p.author), uid_of(p.other)
        for uid in (me, author, other):
            ensure_member(world, cid, uid)
        question = next(q for q, _, _ in _QUESTIONS if q.startswith(p.match))
        mid = add_message(world, cid, author, question, minutes=rng.randrange(5, 60))
        add_message(world, cid, other, rng.choice(_FIRST_REPLIES), minutes=3, parent=mid)
        add_message(world, cid, other, rng.choice(_OTHER), minutes=rng.randrange(5, 40))

    def solve(self, state: State, p: ReplyInThreadParams) -> None:
        cid = channel_id(state, p.channel)
        mid = _find(state, cid, uid_of(p.author), p.match)
        me = state["currentUser"]
        post_message(state, cid, me, p.answer, thread_parent=mid, now=gold_now(state))

    def reward_body(self, p: ReplyInThreadParams) -> str:
        return (
            _CONV
            + """
author = uid(init, P["author"])
hits = [m["id"] for m in init_msgs if m["sender"] == author and m["threadParent"] is None
        and norm(P["match"]) in norm(m["text"])]
tid = hits[0] if len(hits) == 1 else None
replies = [m for m in new_mine if tid is not None and m["threadParent"] == tid]
plain = [m for m in replies if not m["attachments"] and not m["reactions"] and not m["pinned"]]
new_msgs = [m for m in cur_msgs if m["id"] not in init_ids]
cur_by_id = {m["id"]: m for m in cur_msgs}
kept = all(cur_by_id.get(m["id"]) == m for m in init_msgs)
extra = diff_outside(diff, ["messages." + str(conv)])
checks.append(("question_found", 0, tid is not None, f"{len(hits)} matching message(s)"))
checks.append(("replied_in_thread", 2, len(replies) >= 1, f"{len(replies)} new reply(ies)"))
checks.append(("reply_text", 2, any(exact(m["text"]) == exact(P["answer"]) for m in plain),
               "texts: " + " | ".join(m["text"] for m in replies)))
checks.append(("one_reply", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new message(s) in all"))
checks.append(("not_in_channel", 0, len(new_msgs) == len(replies),
               f"{len(new_msgs) - len(replies)} new message(s) outside the thread"))
checks.append(("old_messages_kept", 0, kept, "the channel's earlier messages are unchanged"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""
        )


# (your message, the wrong part, the right part, what it is about)
_MISTAKES: tuple[tuple[str, str, str, str], ...] = (
    (
        "Reminder: the design review is on Tuesday at 15:00 UTC in the Birch room.",
        "Tuesday",
        "Thursday",
        "the design review",
    ),
    (
        "The Q2 budget draft is due on April 4, please send me your numbers before then.",
        "April 4",
        "April 11",
        "the Q2 budget draft",
    ),
    (
        "Deploy freeze starts at 18:00 UTC on Friday, no merges to main after that.",
        "18:00 UTC",
        "20:00 UTC",
        "the deploy freeze",
    ),
    (
        "The customer webinar recording is in the Marketing folder, 42 minutes long.",
        "Marketing folder",
        "Sales Enablement folder",
        "the webinar recording",
    ),
    (
        "Our booth at the logistics expo is number B-14, come say hi!",
        "B-14",
        "C-22",
        "the expo booth",
    ),
    (
        "Onboarding for the two new support hires starts on Monday at 9:30.",
        "9:30",
        "10:15",
        "support onboarding",
    ),
)


class FixOwnMessageParams(ChatParams):
    """Task parameters of ``FixOwnMessage`` (in the order its tasks list them)."""

    other: str
    channel: str
    match: str
    wrong: str
    right: str


class FixOwnMessage(ChatFamily[FixOwnMessageParams]):
    id: ClassVar[str] = "fix-own-message"
    params_type: ClassVar[type[TaskParams] | None] = FixOwnMessageParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("messaging", "editing", "edit-message")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, other = pick_people(rng, 2)
        channel = rng.choice(ACTIVE_CHANNELS)
        text, wrong, right, about = rng.choice(_MISTAKES)
        bad, good = quote(wrong), quote(right)
        instruction = rng.choice(
            [
                f"Your message in #{channel} about {about} says {bad} but it should say "
                f"{good}. Correct that message itself (change only that part) rather than "
                "posting a new one.",
                f"You wrote {bad} in your #{channel} message about {about}; it should be "
                f"{good}. Edit that message so only that part changes, without posting "
                "anything new.",
                f"Correct your earlier #{channel} post about {about} by replacing {bad} with "
                f"{good} in the message itself, leaving the rest of its text alone and "
                "posting nothing new.",
                f"There is a mistake in what you posted in #{channel} about {about}: {bad} "
                f"ought to read {good}. Fix your original message (just that part); a "
                "correction sent as a new message is not wanted.",
                f"Edit your own message about {about} in #{channel} so that {good} appears "
                f"where it now says {bad}. Everything else in it stays, and no new message "
                "is posted.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. Earlier you posted {quote(text)} in #{channel}; "
            f"{other} replied to it in the channel.",
            me=me,
            other=other,
            channel=channel,
            match=text[:40],
            wrong=wrong,
            right=right,
        )

    def inject(self, world: State, p: FixOwnMessageParams, rng: random.Random) -> None:
        cid = channel_id(world, p.channel)
        me, other = uid_of(p.me), uid_of(p.other)
        for uid in (me, other):
            ensure_member(world, cid, uid)
        text = next(t for t, _, _, _ in _MISTAKES if t.startswith(p.match))
        add_message(world, cid, me, text, minutes=rng.randrange(5, 60))
        # A teammate quotes the wrong part: only the person's own message is to be edited.
        add_message(world, cid, other, f"Noted, {p.wrong} it is.", minutes=4)
        add_message(world, cid, me, rng.choice(_OTHER), minutes=rng.randrange(5, 30))

    def solve(self, state: State, p: FixOwnMessageParams) -> None:
        cid = channel_id(state, p.channel)
        me = state["currentUser"]
        mid = _find(state, cid, me, p.match)
        text = find_text(state, cid, mid).replace(p.wrong, p.right)
        edit_message(state, cid, mid, me, text, now=gold_now(state))

    def reward_body(self, p: FixOwnMessageParams) -> str:
        return (
            _CONV + "\n" + inlined_file("cuagym.families.team_chat._checks", "fix_own_message.py")
        )
