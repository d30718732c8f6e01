"""Families on people: your profile, a direct message, moderating as an admin."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.team_chat import (
    ACTIVE_CHANNELS,
    ADMINS,
    DISPLAY,
    PERSONAS,
    State,
    add_message,
    channel_id,
    days_before_newest,
    ensure_member,
    gold_now,
    uid_of,
)
from cuagym.apps.team_chat.edits import (
    delete_message,
    open_dm,
    post_message,
    switch_user,
    update_profile,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.team_chat._base import ChatFamily, ChatParams, quote
from cuagym.families.team_chat._messaging import _OTHER, _find, pick_people
from cuagym.scripts import inlined_file

__all__ = [
    "ModerateAsAdmin",
    "ModerateAsAdminParams",
    "SendDirectMessage",
    "SendDirectMessageParams",
    "UpdateProfile",
    "UpdateProfileParams",
]

# (title, status): none of them is a seed title or status.
_PROFILES: tuple[tuple[str, str], ...] = (
    ("Staff Backend Engineer", "At the Lisbon conference until Friday"),
    ("Product Design Lead", "Interviewing most of Tuesday"),
    ("Senior Data Scientist", "Parental leave from May 2"),
    ("Solutions Engineer", "Travelling, replies after 18:00"),
    ("Support Team Lead", "Covering the EMEA queue this week"),
    ("Platform Engineer", "Focus time until 14:00, DMs muted"),
)


class UpdateProfileParams(ChatParams):
    """Task parameters of ``UpdateProfile`` (in the order its tasks list them)."""

    title: str
    status: str


class UpdateProfile(ChatFamily[UpdateProfileParams]):
    id: ClassVar[str] = "update-profile"
    params_type: ClassVar[type[TaskParams] | None] = UpdateProfileParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("people", "profile", "edit-profile")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (me,) = pick_people(rng, 1)
        title, status = rng.choice(_PROFILES)
        t, st = quote(title), quote(status)
        instruction = rng.choice(
            [
                f"Update your profile: your title is now {t} and your status should read {st}. "
                "Keep your display name.",
                f"Your job title changed to {t}. Put that on your profile and set your status "
                f"to {st}, keeping your display name as it is.",
                f"Set your profile's title to {t} and its status to {st}; your display name "
                "stays the same.",
                f"Make your profile show the title {t} with the status {st} (do not change "
                "your display name).",
                f"You are now {t}, and for the moment your status should be {st}. Bring your "
                "profile up to date without touching your display name.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}.",
            me=me,
            title=title,
            status=status,
        )

    def inject(self, world: State, p: UpdateProfileParams, rng: random.Random) -> None:
        pass  # every persona exists in every world, with another title and status

    def solve(self, state: State, p: UpdateProfileParams) -> None:
        me = state["currentUser"]
        name = state["users"][me]["displayName"]
        update_profile(state, me, name, p.title, p.status)

    def reward_body(self, p: UpdateProfileParams) -> str:
        return """
after = cur["users"].get(me, {})
extra = diff_outside(diff, ["users." + me + ".title", "users." + me + ".statusText"])
checks.append(("title", 1, exact(after.get("title", "")) == exact(P["title"]),
               f"title: {after.get('title')}"))
checks.append(("status", 1, exact(after.get("statusText", "")) == exact(P["status"]),
               f"status: {after.get('statusText')}"))
checks.append(("same_person", 0, cur["currentUser"] == me, f"signed in as {cur['currentUser']}"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""


_DMS: tuple[str, ...] = (
    "Could you send me the slides from Tuesday's review when you get a chance?",
    "Thanks for covering my on-call shift last night, I owe you one.",
    "Are you free for 15 minutes tomorrow to go over the carrier contract?",
    "Heads up: I moved our 1:1 to Thursday at 10:00.",
    "Can you approve my expense report for the Rotterdam trip?",
)


class SendDirectMessageParams(ChatParams):
    """Task parameters of ``SendDirectMessage`` (in the order its tasks list them)."""

    to: str
    third: str
    text: str
    has_dm: bool


class SendDirectMessage(ChatFamily[SendDirectMessageParams]):
    id: ClassVar[str] = "send-direct-message"
    params_type: ClassVar[type[TaskParams] | None] = SendDirectMessageParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("direct-messages", "one-to-one", "send")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me, to, third = pick_people(rng, 3)
        text = rng.choice(_DMS)
        has_dm = rng.random() < 0.5
        already = (
            f"You and {to} already have a direct conversation."
            if has_dm
            else f"You have never messaged {to} directly."
        )
        said = quote(text)
        instruction = rng.choice(
            [
                f"Send {to} a direct message, just between the two of you, saying {said}",
                f"Message {to} privately (only the two of you, not the group) with {said}",
                f"Write {said} to {to} in a one-to-one conversation, not in the group chat.",
                f"{to} should get this from you in a direct message between just you two: {said}",
                f"Send {said} to {to} as a private message that nobody else sees.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}. {already} There is also a group conversation between "
            f"you, {to} and {third}.",
            me=me,
            to=to,
            third=third,
            text=text,
            has_dm=has_dm,
        )

    def inject(self, world: State, p: SendDirectMessageParams, rng: random.Random) -> None:
        me, to, third = uid_of(p.me), uid_of(p.to), uid_of(p.third)
        pair = frozenset((me, to))
        for did in [d for d, dm in world["dms"].items() if frozenset(dm["members"]) == pair]:
            del world["dms"][did]  # the context says whether the 1:1 exists: make it so
            world["messages"].pop(did, None)
        when = days_before_newest(world, 20)
        if p.has_dm:
            did = open_dm(world, me, [to])
            world["dms"][did]["createdAt"] = when
            add_message(world, did, to, "Morning! Did you see the new dashboard?", minutes=60)
            add_message(world, did, me, "Yes, looks great.", minutes=5)
        group = open_dm(world, me, [to, third])
        world["dms"][group]["createdAt"] = when
        add_message(world, group, third, rng.choice(_OTHER), minutes=90)

    def solve(self, state: State, p: SendDirectMessageParams) -> None:
        me = state["currentUser"]
        did = open_dm(state, me, [uid_of(p.to)], now=gold_now(state))
        post_message(state, did, me, p.text, now=gold_now(state))

    def reward_body(self, p: SendDirectMessageParams) -> str:
        # Opening the DM scores only when it did not exist before (else init would score).
        opened = 0 if p.has_dm else 1
        return (
            f"""
opened_points = {opened}
"""
            + """
pair = {me, uid(init, P["to"])}
dms = [d["id"] for d in cur["dms"].values() if set(d["members"]) == pair]
did = dms[0] if dms else None
init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
sent = [m for m in cur["messages"].get(did, []) if m["id"] not in init_ids and m["sender"] == me]
plain = [m for m in sent if m["threadParent"] is None and not m["attachments"]
         and not m["reactions"] and not m["pinned"]]
old_in_dm = init["messages"].get(did, [])
kept = [m for m in cur["messages"].get(did, []) if m["id"] in init_ids] == old_in_dm
extra = diff_outside(diff, ["dms." + str(did), "messages." + str(did)])
checks.append(("dm_with_them", opened_points, did is not None, f"dm: {did}"))
checks.append(("sent", 1, len(sent) >= 1, f"{len(sent)} new message(s)"))
checks.append(("text", 2, any(exact(m["text"]) == exact(P["text"]) for m in plain),
               "texts: " + " | ".join(m["text"] for m in sent)))
checks.append(("one_message", 0, len(sent) <= 1, f"{len(sent)} sent"))
checks.append(("old_messages_kept", 0, kept, "the conversation's earlier messages"))
checks.append(("nothing_else", 0, not extra, "other changes: " + listing(extra)))
"""
        )


# (off-topic message, the notice an admin posts after removing it)
_SPAM: tuple[tuple[str, str], ...] = (
    (
        "Selling two concert tickets for Saturday, DM me for a good price!",
        "Removed an off-topic post. Please keep this channel for work topics.",
    ),
    (
        "Anyone want to join my fantasy football league? Buy-in is 20 bucks.",
        "Removed an off-topic post; #random is the place for that.",
    ),
    (
        "Check out my cousin's crypto course, link in my profile!!!",
        "Removed a promotional post. No advertising here, please.",
    ),
    (
        "Looking for a roommate in the city, message me if interested.",
        "Removed an off-topic post. Personal ads belong in #random.",
    ),
)


class ModerateAsAdminParams(ChatParams):
    """Task parameters of ``ModerateAsAdmin`` (in the order its tasks list them)."""

    admin: str
    poster: str
    channel: str
    match: str
    text: str


class ModerateAsAdmin(ChatFamily[ModerateAsAdminParams]):
    id: ClassVar[str] = "moderate-as-admin"
    params_type: ClassVar[type[TaskParams] | None] = ModerateAsAdminParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("people", "switch-user", "act-as-admin")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        me = DISPLAY[rng.choice(PERSONAS)]
        admin = DISPLAY[rng.choice(ADMINS)]
        poster = DISPLAY[rng.choice([u for u in PERSONAS if DISPLAY[u] != me])]
        channel = rng.choice([c for c in ACTIVE_CHANNELS if c != "random"])
        spam, notice = rng.choice(_SPAM)
        opening, said = quote(spam[:32] + "…"), quote(notice)
        instruction = rng.choice(
            [
                f"As {admin} (a workspace admin), delete {poster}'s off-topic message in "
                f"#{channel} that begins {opening}, then post {said} in #{channel} as {admin}. "
                f"Leave the app signed in as {admin}.",
                f"Acting as the workspace admin {admin}, remove the off-topic post by {poster} "
                f"in #{channel} that starts with {opening} and announce {said} in #{channel}. "
                f"The app should stay signed in as {admin} afterwards.",
                f"Clean up #{channel}: {poster}'s message beginning {opening} is off-topic and "
                f"must be deleted by {admin}, a workspace admin, who also posts {said} there. "
                f"Finish signed in as {admin}.",
                f"Only an admin can delete {poster}'s off-topic #{channel} message that opens "
                f"with {opening}, so do it as {admin} and post {said} in #{channel} from that "
                "account, which stays signed in at the end.",
                f"{poster} posted something off-topic in #{channel} ({opening}). Have "
                f"{admin}, who is a workspace admin, delete it and post {said} in the channel; "
                f"the app ends up signed in as {admin}.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"You are signed in as {me}, who cannot delete other people's messages; the app "
            f"lets you switch to {admin}'s account. {poster} has other, legitimate messages in "
            f"#{channel}, and someone replied to the off-topic one in a thread.",
            me=me,
            admin=admin,
            poster=poster,
            channel=channel,
            match=spam[:32],
            text=notice,
        )

    def inject(self, world: State, p: ModerateAsAdminParams, rng: random.Random) -> None:
        cid = channel_id(world, p.channel)
        me, admin, poster = uid_of(p.me), uid_of(p.admin), uid_of(p.poster)
        for uid in (me, admin, poster):
            ensure_member(world, cid, uid)
        spam = next(s for s, _ in _SPAM if s.startswith(p.match))
        add_message(world, cid, poster, rng.choice(_OTHER), minutes=rng.randrange(10, 90))
        mid = add_message(world, cid, poster, spam, minutes=rng.randrange(10, 90))
        add_message(world, cid, me, "Wrong channel?", minutes=2, parent=mid)
        add_message(
            world,
            cid,
            poster,
            "Quick update: the invoice export fix is deployed.",
            minutes=rng.randrange(10, 60),
        )

    def solve(self, state: State, p: ModerateAsAdminParams) -> None:
        cid = channel_id(state, p.channel)
        admin = uid_of(p.admin)
        switch_user(state, admin)
        delete_message(state, cid, _find(state, cid, uid_of(p.poster), p.match), admin)
        post_message(state, cid, admin, p.text, now=gold_now(state))

    def reward_body(self, p: ModerateAsAdminParams) -> str:
        return inlined_file("cuagym.families.team_chat._checks", "moderate_as_admin.py")
