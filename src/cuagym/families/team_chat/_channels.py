"""Families on channels: topic, joining, creating a private channel, wrapping one up."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.team_chat import (
    ACTIVE_CHANNELS,
    State,
    add_message,
    channel_id,
    days_before_newest,
    ensure_member,
    gold_now,
    uid_of,
)
from cuagym.apps.team_chat.edits import (
    add_members,
    create_channel,
    join_channel,
    post_message,
    set_archived,
    set_channel_text,
    toggle_pin,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.team_chat._base import ChatFamily, ChatParams, quote
from cuagym.families.team_chat._messaging import _OTHER, _find, pick_people
from cuagym.scripts import inlined_file

__all__ = [
    "CreatePrivateChannel",
    "CreatePrivateChannelParams",
    "JoinAndPost",
    "JoinAndPostParams",
    "SetChannelTopic",
    "SetChannelTopicParams",
    "WrapUpChannel",
    "WrapUpChannelParams",
]

_TOPICS: tuple[str, ...] = (
    "Release 2.16 ships Thu - code freeze Tue 18:00 UTC",
    "Q2 planning: drafts due April 11",
    "Dock scheduler v3 feedback until Friday",
    "On call this week: Priya, then Arjun",
    "Customer advisory board prep - agenda in the pinned post",
    "Office move on the 28th: pack your desks by Thursday",
)

_CHANNEL = """
cid = next((c["id"] for c in init["channels"].values() if c["name"] == P["channel"]), None)
before = init["channels"].get(cid, {})
after = cur["channels"].get(cid, {})
init_msgs = init["messages"].get(cid, [])
cur_msgs = cur["messages"].get(cid, [])
init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
new_mine = [m for m in cur_msgs if m["id"] not in init_ids and m["sender"] == me]
posted = [m for m in new_mine if m["threadParent"] is None]
"""


class SetChannelTopicParams(ChatParams):
    """Task parameters of ``SetChannelTopic`` (in the order its tasks list them)."""

    channel: str
    topic: str


class SetChannelTopic(ChatFamily[SetChannelTopicParams]):
    id: ClassVar[str] = "set-channel-topic"
    params_type: ClassVar[type[TaskParams] | None] = SetChannelTopicParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("channels", "settings", "topic")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (me,) = pick_people(rng, 1)
        channel = rng.choice(ACTIVE_CHANNELS)
        topic = rng.choice(_TOPICS)
        said = quote(topic)
        instruction = rng.choice(
            [
                f"Change the topic of #{channel} to {said}.",
                f"Set the topic line of #{channel} so that it reads {said}",
                f"The #{channel} channel's topic should now say {said}",
                f"Update what #{channel} shows as its topic: {said}",
                f"Replace the current topic in #{channel} with {said}",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}, a member of #{channel}.",
            me=me,
            channel=channel,
            topic=topic,
        )

    def inject(self, world: State, p: SetChannelTopicParams, rng: random.Random) -> None:
        ensure_member(world, channel_id(world, p.channel), uid_of(p.me))

    def solve(self, state: State, p: SetChannelTopicParams) -> None:
        cid = channel_id(state, p.channel)
        set_channel_text(state, cid, state["currentUser"], "topic", p.topic)

    def reward_body(self, p: SetChannelTopicParams) -> str:
        return (
            _CHANNEL
            + """
changed = after.get("topic") != before.get("topic")
extra = diff_outside(diff, ["channels." + str(cid) + ".topic"])
checks.append(("channel_found", 0, cid is not None, f"#{P['channel']} is {cid}"))
checks.append(("topic_changed", 1, changed, f"topic now: {after.get('topic')}"))
as_asked = cid is not None and exact(after.get("topic", "")) == exact(P["topic"])
checks.append(("topic_text", 3, as_asked, "expected: " + P["topic"]))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""
        )


_POSTS: tuple[str, ...] = (
    "Hi all, I'm joining to help with the Rotterdam rollout.",
    "Hello! I'll be covering support escalations here from now on.",
    "Hey team, joining to follow the scanner firmware work.",
    "Hi everyone, I'm here for the billing migration updates.",
    "Hello, I'll be posting the weekly carrier metrics in here.",
)


class JoinAndPostParams(ChatParams):
    """Task parameters of ``JoinAndPost`` (in the order its tasks list them)."""

    channel: str
    text: str


class JoinAndPost(ChatFamily[JoinAndPostParams]):
    id: ClassVar[str] = "join-and-post"
    params_type: ClassVar[type[TaskParams] | None] = JoinAndPostParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("channels", "membership", "join")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (me,) = pick_people(rng, 1)
        channel = rng.choice([c for c in ACTIVE_CHANNELS if c != "general"])
        text = rng.choice(_POSTS)
        said = quote(text)
        instruction = rng.choice(
            [
                f"Join the #{channel} channel and introduce yourself there with {said}",
                f"Become a member of #{channel} and post {said} there to introduce yourself.",
                f"You are new to #{channel}: join it and say {said}",
                f"Post the introduction {said} in #{channel}, which you have to join first.",
                f"Get into #{channel} and greet everyone with {said}",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}, who is not a member of #{channel} yet.",
            me=me,
            channel=channel,
            text=text,
        )

    def inject(self, world: State, p: JoinAndPostParams, rng: random.Random) -> None:
        ch = world["channels"][channel_id(world, p.channel)]
        me = uid_of(p.me)
        if me in ch["members"]:
            ch["members"].remove(me)

    def solve(self, state: State, p: JoinAndPostParams) -> None:
        cid = channel_id(state, p.channel)
        me = state["currentUser"]
        join_channel(state, cid, me)
        post_message(state, cid, me, p.text, now=gold_now(state))

    def reward_body(self, p: JoinAndPostParams) -> str:
        return (
            _CHANNEL
            + """
was_member = me in before.get("members", [])
members_ok = sorted(after.get("members", [])) == sorted(set(before.get("members", [])) | {me})
cur_by_id = {m["id"]: m for m in cur_msgs}
kept = all(cur_by_id.get(m["id"]) == m for m in init_msgs)
new_msgs = [m for m in cur_msgs if m["id"] not in init_ids]
plain = [m for m in posted if not m["attachments"] and not m["reactions"] and not m["pinned"]]
extra = diff_outside(diff, ["channels." + str(cid) + ".members", "messages." + str(cid)])
checks.append(("channel_found", 0, cid is not None and not was_member, f"#{P['channel']} is {cid}"))
checks.append(("joined", 1, me in after.get("members", []), f"members: {after.get('members')}"))
checks.append(("posted", 1, len(posted) >= 1, f"{len(posted)} new message(s)"))
checks.append(("post_text", 2, any(exact(m["text"]) == exact(P["text"]) for m in plain),
               "texts: " + " | ".join(m["text"] for m in posted)))
checks.append(("one_post", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new message(s) in the channel"))
checks.append(("members_only_you", 0, members_ok, f"members: {after.get('members')}"))
checks.append(("old_messages_kept", 0, kept, "the channel's earlier messages are unchanged"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""
        )


# (channel name, description, first message)
_PROJECTS: tuple[tuple[str, str, str], ...] = (
    (
        "proj-rotterdam-rollout",
        "Coordinating the Rotterdam scanner rollout",
        "Welcome! Kickoff notes will go here.",
    ),
    (
        "proj-carrier-portal",
        "Carrier portal beta: feedback and launch tasks",
        "Welcome aboard, first sync is on Monday.",
    ),
    (
        "proj-billing-migration",
        "Moving invoicing to the new billing system",
        "Hi both, let's keep all migration questions here.",
    ),
    (
        "proj-yard-map",
        "Yard-map redesign working group",
        "Welcome! I'll share the first sketches tomorrow.",
    ),
    (
        "proj-q3-pricing",
        "Q3 pricing review (confidential)",
        "Hi all, drafts will land here by Friday.",
    ),
)


class CreatePrivateChannelParams(ChatParams):
    """Task parameters of ``CreatePrivateChannel`` (in the order its tasks list them)."""

    first: str
    second: str
    channel: str
    purpose: str
    text: str


class CreatePrivateChannel(ChatFamily[CreatePrivateChannelParams]):
    id: ClassVar[str] = "create-private-channel"
    params_type: ClassVar[type[TaskParams] | None] = CreatePrivateChannelParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("channels", "create", "private-channel")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, first, second = pick_people(rng, 3)
        name, purpose, welcome = rng.choice(_PROJECTS)
        desc, said = quote(purpose), quote(welcome)
        instruction = rng.choice(
            [
                f"Create a private channel named #{name} with the description {desc}, add "
                f"{first} and {second} to it (nobody else), and post {said} in it.",
                f"Set up #{name} as a private channel described as {desc}. Its only other "
                f"members should be {first} and {second}, and it should open with your "
                f"message {said}",
                f"{first} and {second} need a private space: create the private channel "
                f"#{name} (description {desc}) with just the two of them added, and post "
                f"{said} there.",
                f"Start a new private channel, #{name}, whose description is {desc}; invite "
                f"{first} and {second} and nobody else, and welcome them with {said}",
                f"Create #{name}, private and described as {desc}, with {first} and {second} "
                f"as the only people besides you, and post {said} as its first message.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. No channel named #{name} exists yet.",
            me=me,
            first=first,
            second=second,
            channel=name,
            purpose=purpose,
            text=welcome,
        )

    def inject(self, world: State, p: CreatePrivateChannelParams, rng: random.Random) -> None:
        # A public look-alike (different name) that must be left alone.
        cid = create_channel(world, uid_of(p.first), p.channel + "-archive", "Old notes")
        world["channels"][cid]["createdAt"] = days_before_newest(world, 90)

    def solve(self, state: State, p: CreatePrivateChannelParams) -> None:
        me = state["currentUser"]
        now = gold_now(state)
        cid = create_channel(state, me, p.channel, p.purpose, private=True, now=now)
        add_members(state, cid, me, [uid_of(p.first), uid_of(p.second)])
        post_message(state, cid, me, p.text, now=now)

    def reward_body(self, p: CreatePrivateChannelParams) -> str:
        return inlined_file("cuagym.families.team_chat._checks", "create_private_channel.py")


# (channel, what the project was, the summary's author line, the sign-off to post)
_WRAPS: tuple[tuple[str, str, str], ...] = (
    (
        "proj-scanner-pilot",
        "Final summary: the scanner pilot cut unload time by 18% at both sites.",
        "Thanks everyone, the pilot is complete. Follow-ups continue in #engineering.",
    ),
    (
        "proj-webinar-march",
        "Final summary: 212 signups, 97 attended, 11 demo requests.",
        "Great work all, this channel is done. Follow-ups continue in #customer-feedback.",
    ),
    (
        "proj-sso-rollout",
        "Final summary: SSO is enforced for all 38 customer workspaces.",
        "Rollout complete, thank you! Follow-ups continue in #engineering.",
    ),
    (
        "proj-office-move",
        "Final summary: the move is done, badges work on all floors.",
        "All done here, thanks for the help. Follow-ups continue in #general.",
    ),
)


class WrapUpChannelParams(ChatParams):
    """Task parameters of ``WrapUpChannel`` (in the order its tasks list them)."""

    author: str
    other: str
    channel: str
    match: str
    text: str


class WrapUpChannel(ChatFamily[WrapUpChannelParams]):
    id: ClassVar[str] = "wrap-up-channel"
    params_type: ClassVar[type[TaskParams] | None] = WrapUpChannelParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("channels", "lifecycle", "archive")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, author, other = pick_people(rng, 3)
        channel, summary, signoff = rng.choice(_WRAPS)
        first = author.split()[0]
        said = quote(signoff)
        instruction = rng.choice(
            [
                f"Wrap up #{channel}: pin {first}'s final summary message, post {said} in the "
                f"channel, and archive #{channel}.",
                f"#{channel} is finished. Pin the final summary {first} posted, say {said} in "
                "the channel, and archive it.",
                f"Close down #{channel}: {first}'s final summary message gets pinned, your "
                f"sign-off {said} is posted there, and the channel ends up archived.",
                f"Before archiving #{channel}, pin {first}'s final summary and post {said} in it.",
                f"The project behind #{channel} is done. Make sure {first}'s final summary is "
                f"pinned and your message {said} is in the channel, and archive #{channel} "
                "last.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}, a member of #{channel}. {author} posted "
            f"{quote(summary)} there; {other} is also a member.",
            me=me,
            author=author,
            other=other,
            channel=channel,
            match=summary[:30],
            text=signoff,
        )

    def inject(self, world: State, p: WrapUpChannelParams, rng: random.Random) -> None:
        me, author, other = uid_of(p.me), uid_of(p.author), uid_of(p.other)
        cid = create_channel(world, author, p.channel, "Project channel")
        world["channels"][cid]["createdAt"] = days_before_newest(world, 12)
        for uid in (me, other):
            ensure_member(world, cid, uid)
        summary = next(s for _, s, _ in _WRAPS if s.startswith(p.match))
        add_message(world, cid, author, "Kicking this off, plan is in the doc.", minutes=60)
        add_message(world, cid, other, rng.choice(_OTHER), minutes=rng.randrange(30, 600))
        add_message(world, cid, author, "Status: on track, two tasks left.", minutes=900)
        add_message(
            world, cid, author, summary, minutes=rng.randrange(60, 600), reactions={"tada": [other]}
        )

    def solve(self, state: State, p: WrapUpChannelParams) -> None:
        cid = channel_id(state, p.channel)
        me = state["currentUser"]
        toggle_pin(state, cid, _find(state, cid, uid_of(p.author), p.match), me)
        post_message(state, cid, me, p.text, now=gold_now(state))
        set_archived(state, cid, me, True)

    def reward_body(self, p: WrapUpChannelParams) -> str:
        return (
            _CHANNEL
            + """
author = uid(init, P["author"])
hits = [m["id"] for m in init_msgs if m["sender"] == author and norm(P["match"]) in norm(m["text"])]
tid = hits[0] if len(hits) == 1 else None
target = next((m for m in cur_msgs if m["id"] == tid), {})
cur_by_id = {m["id"]: m for m in cur_msgs}
kept = all(cur_by_id.get(m["id"]) == m for m in init_msgs if m["id"] != tid)
pin_only = {k: v for k, v in target.items() if k != "pinned"} == {
    k: v for k, v in next((m for m in init_msgs if m["id"] == tid), {}).items() if k != "pinned"}
new_msgs = [m for m in cur_msgs if m["id"] not in init_ids]
plain = [m for m in posted if not m["attachments"] and not m["reactions"] and not m["pinned"]]
extra = diff_outside(diff, ["channels." + str(cid) + ".archived", "messages." + str(cid)])
checks.append(("summary_found", 0, tid is not None, f"{len(hits)} matching message(s)"))
checks.append(("pinned", 2, target.get("pinned") is True, f"pinned: {target.get('pinned')}"))
checks.append(("signoff", 2, any(exact(m["text"]) == exact(P["text"]) for m in plain),
               "texts: " + " | ".join(m["text"] for m in posted)))
checks.append(("archived", 2, after.get("archived") is True, f"archived: {after.get('archived')}"))
checks.append(("one_post", 0, len(new_msgs) <= 1, f"{len(new_msgs)} new message(s) in the channel"))
checks.append(("only_the_pin", 0, kept and pin_only, "other messages and the summary unchanged"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""
        )
