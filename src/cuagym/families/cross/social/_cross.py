"""Cross-app families homed in social: what to post comes from another app.

- ``announce-from-chat`` (team chat -> social): a teammate asks in a chat channel for a post
  to be scheduled, then corrects the day, time and audience in a second message; the post is
  scheduled as finally asked.
- ``complaint-reply-with-issue`` (issue tracker -> social): a customer complains in public
  about a bug; the reply names the tracker issue that covers it and the issue's status.
- ``forward-mail-as-dm`` (mail -> social): the repair desk's email is passed on, word for
  word, to the customer as a direct message.

One hub session holds every app's state (:mod:`cuagym.families.cross._web_cross`); the other
app is only read, and its whole diff is guarded. Only the apps' public surfaces are used.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any, ClassVar

from cuagym.apps import issue_tracker as tracker_app
from cuagym.apps import mail as mail_app
from cuagym.apps import social as social_app
from cuagym.apps import team_chat as chat_app
from cuagym.apps.social.ops import add_comment, compose_post, new_id, start_conversation
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["AnnounceFromChat", "ComplaintReplyWithIssue", "ForwardMailAsDm", "reply_for"]

State = dict[str, Any]
_CHECKS = "cuagym.families.cross.social._checks"
_TIMES = ["08:30", "09:00", "10:15", "12:00", "13:45", "16:30", "18:00", "19:15"]
_SENDERS = ("u-maya", "u-sofia", "u-amara", "u-elena")
_CHAT_ME = "u-jonah"


def _long_day(iso: str) -> str:
    day = date.fromisoformat(iso)
    return f"{day:%A}, {day:%B} {day.day}, {day.year}"


def _audience(visibility: str) -> str:
    return {"public": "public", "followers": "for followers only"}[visibility]


def reply_for(key: str, status: str) -> str:
    """The reply a complaint gets: the issue's key and its status as the tracker names it."""
    return f"Thanks for flagging this! It's tracked as {key} and its status is {status}."


def _reward(task: TaskConfig, other: str, body: str) -> str:
    read = (
        'data = hub_state("social")\n'
        'init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]\n'
        f"other = hub_state({other!r})\n"
        'oinit, odiff = other["initial_state"], other["state_diff"]\n'
    )
    return compose_reward(
        header=f"# reward.py - {task.task_id}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, inlined(social_app.REWARD_LIBRARY)],
        constants=f"P = {hub_json_literal(dict(task.params or {}), 'repr')}",
        read=read,
        body=body,
    )


def _scripts(task: TaskConfig, worlds: Mapping[str, State], gold: State) -> GeneratedScripts:
    return GeneratedScripts(
        initial_setup=setup_script(worlds, task.task_id),
        golden_patch=patch_script({"social": record_edits(worlds["social"], gold)}, task.task_id),
    )


class _Cross(TaskFamily):
    domain: ClassVar[str] = "social"

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.cross.social._oracle import CROSS_ORACLES

        return CROSS_ORACLES[self.id](task)


_ANNOUNCE_FRAMES = (
    "{sender} asked in #{channel} on team chat for a post on our social account. Schedule it "
    "in the studio exactly the way they finally want it.",
    "There's a request from {sender} in the #{channel} channel of our team chat: a post to "
    "schedule on Social Studio. Do it, following their latest instructions.",
    "Check #{channel} in team chat: {sender} wants an announcement scheduled on our social "
    "account. Set it up as they asked (mind any correction).",
    "Schedule the post {sender} described in team chat's #{channel} on our social account, "
    "with the text, tags, day, time and audience they settled on.",
    "Our teammate {sender} posted what should go out on social in #{channel}. Put that post "
    "in the studio's queue as requested, including later changes.",
)


class AnnounceFromChatParams(TaskParams):
    """``announce-from-chat``'s task parameters (the chat's request and its correction)."""

    sender: str
    channel: str
    text: str
    tags: list[str]
    first_day: str
    first_time: str
    day: str
    time: str
    visibility: str


class AnnounceFromChat(_Cross):
    """Read a request and its correction in team chat; schedule the post as corrected."""

    id: ClassVar[str] = "announce-from-chat"
    apps: ClassVar[tuple[str, ...]] = ("social", "team-chat")
    params_type = AnnounceFromChatParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("studio", "queue", "announce")
    also_covers: ClassVar[tuple[str, ...]] = (
        "social:studio/queue/schedule-post",
        "team-chat:search/messages/search-messages",
    )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """Team chat, then Social Studio on top (where the post is made)."""
        return [StartWindow(app="team-chat", page="/"), StartWindow(app="social", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        i = rng.randrange(len(social_app.pools.ANNOUNCEMENTS))
        text, tags = social_app.pools.ANNOUNCEMENTS[i], sorted(social_app.pools.TAG_SETS[i])
        first = date(2026, 12, 3) + timedelta(days=rng.randint(0, 40))
        final = first + timedelta(days=rng.choice([-2, -1, 1, 2, 3]))
        first_time, clock = rng.sample(_TIMES, 2)
        sender = chat_app.DISPLAY[rng.choice(_SENDERS)]
        frame = rng.choice(_ANNOUNCE_FRAMES)
        channel = "general"
        return self.make_task(
            task_id,
            frame.format(sender=sender, channel=channel),
            f"You run the Fernhill Outfitters account (@{social_app.BRAND}) in Social Studio and "
            f"read team chat as a member of #{channel}. Scheduled times are in UTC.",
            sender=sender, channel=channel, text=text, tags=tags, first_day=first.isoformat(),
            first_time=first_time, day=final.isoformat(), time=clock,
            visibility=rng.choice(["public", "followers"]),
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> dict[str, State]:
        p = AnnounceFromChatParams.of(task)
        social = social_app.varied_seed(family_rng(task, "world"))
        rng = family_rng(task, "chat")
        chat = chat_app.base_world(rng, _CHAT_ME)
        channel = chat_app.channel_id(chat, p.channel)
        chat_app.ensure_member(chat, channel, _CHAT_ME)
        sender = chat_app.uid_of(p.sender)
        tags = " ".join("#" + t for t in p.tags)
        other = "followers" if p.visibility == "public" else "public"
        chat_app.add_message(
            chat, channel, sender,
            f"For the Fernhill social account: please schedule \u201c{p.text}\u201d for "
            f"{_long_day(p.first_day)} at {p.first_time} UTC, {_audience(other)}, tagged {tags}.",
            minutes=20,
        )  # fmt: skip
        chat_app.add_message(
            chat, channel, sender,
            f"Change of plan on that social post: it should go out on {_long_day(p.day)} at "
            f"{p.time} UTC instead, and {_audience(p.visibility)}. Text and tags stay the same.",
            minutes=35,
        )  # fmt: skip
        return {"social": social, "team-chat": chat_app.finish(chat, rng)}

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AnnounceFromChatParams.of(task)
        worlds = self.worlds(task)
        gold = copy.deepcopy(worlds["social"])
        compose_post(gold, p.text, visibility=p.visibility, tags=p.tags, mode="schedule",
                     scheduled_at=f"{p.day}T{p.time}:00Z", now=social_app.WORLD_NOW)  # fmt: skip
        return _scripts(task, worlds, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return _reward(task, "team-chat", inlined_file(_CHECKS, "announce_from_chat.py"))


# (issue key, what the customer writes, the problem in a few words)
_COMPLAINTS: tuple[tuple[str, str, str], ...] = (
    ("WEB-16", "@fernhill searching your shop for 'tents' gives zero results but 'tent' works. "
     "Bit odd?", "search finding nothing for plural words"),
    ("WEB-12", "@fernhill I removed a stove from my cart and the cart badge still says 2 items. "
     "Which is it?", "the cart badge count"),
    ("WEB-9", "@fernhill on Safari 17 your checkout button sits half off the screen. Had to "
     "switch browsers to pay.", "the checkout button on Safari"),
    ("WEB-24", "@fernhill ordered from Canada and the confirmation email showed the wrong "
     "currency. Was I charged in USD?", "the currency in order confirmation emails"),
    ("MOB-7", "@fernhill the Trail Companion app drew my track way off the trail whenever my "
     "phone screen was locked.", "the GPS track drifting while the phone is locked"),
    ("MOB-10", "@fernhill I can't log in to the Trail Companion app with my Apple ID since "
     "updating to iOS 17.3.", "signing in with Apple on iOS 17.3"),
    ("MOB-15", "@fernhill your app ate 60% of my battery recording a five-hour hike. Is that "
     "normal?", "battery drain while recording hikes"),
    ("MOB-18", "@fernhill every app update switches my units back to miles. I want kilometres!",
     "units switching back to miles after updates"),
)  # fmt: skip

_COMPLAINT_FRAMES = (
    "{name} (@{handle}) complained publicly about {topic}. Find the issue in our tracker that "
    "covers it and comment on their post with exactly: \u201cThanks for flagging this! It's "
    "tracked as [issue key] and its status is [status].\u201d, using the issue's key and its "
    "current status as the tracker shows it.",
    "Reply under @{handle}'s public complaint about {topic} with the tracker issue that covers "
    "it, worded exactly \u201cThanks for flagging this! It's tracked as [issue key] and its "
    "status is [status].\u201d (fill in the real key and status).",
    "A customer, {name}, posted about {topic}. Look the problem up in the issue tracker and "
    "answer their post: \u201cThanks for flagging this! It's tracked as [issue key] and its "
    "status is [status].\u201d with the key and the status the tracker gives.",
    "Answer {name}'s complaint post (@{handle}, about {topic}) with a comment saying "
    "\u201cThanks for flagging this! It's tracked as [issue key] and its status is "
    "[status].\u201d Use the matching issue of our tracker for the key and status.",
    "Our tracker has an issue for the problem @{handle} is complaining about ({topic}). Tell "
    "them on their post: \u201cThanks for flagging this! It's tracked as [issue key] and its "
    "status is [status].\u201d with that issue's key and current status filled in.",
)


class ComplaintReplyWithIssueParams(TaskParams):
    """``complaint-reply-with-issue``'s task parameters."""

    handle: str
    name: str
    complaint: str
    topic: str
    key: str
    status: str


class ComplaintReplyWithIssue(_Cross):
    """Match a public complaint to its tracker issue; answer with the key and the status."""

    id: ClassVar[str] = "complaint-reply-with-issue"
    apps: ClassVar[tuple[str, ...]] = ("social", "issue-tracker")
    params_type = ComplaintReplyWithIssueParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("feed", "engage", "comment")
    also_covers: ClassVar[tuple[str, ...]] = ("issue-tracker:search/filters/basic",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The issue tracker, then Social Studio on top (where the reply goes)."""
        return [StartWindow(app="issue-tracker", page="/"), StartWindow(app="social", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        key, complaint, topic = rng.choice(_COMPLAINTS)
        seed = social_app.build_seed()
        handle = rng.choice(sorted(h for h in seed["profiles"]
                                   if h not in (social_app.BRAND, "gear_dealz")))  # fmt: skip
        name = seed["profiles"][handle]["displayName"]
        tracker = tracker_app.build_seed()
        names = {s["id"]: s["name"] for s in tracker["workflow"]["statuses"]}
        status = names[tracker["issues"][key]["status"]]
        frame = rng.choice(_COMPLAINT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=name, handle=handle, topic=topic),
            f"You run @{social_app.BRAND} in Social Studio; the issue tracker holds the bugs of "
            "the web shop and the Trail Companion app.",
            handle=handle, name=name, complaint=complaint, topic=topic, key=key, status=status,
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> dict[str, State]:
        p = ComplaintReplyWithIssueParams.of(task)
        social = social_app.varied_seed(family_rng(task, "world"))
        pid = new_id(social, "posts")
        at = social_app.stamp(social_app.WORLD_NOW - timedelta(hours=3))
        social["posts"][pid] = {
            "id": pid, "authorId": p.handle, "body": p.complaint,
            "tags": social_app.tags_of(p.complaint), "visibility": "public",
            "status": "published", "createdAt": at, "scheduledAt": None, "publishedAt": at,
            "editedAt": None, "pinned": False, "hidden": False, "likedBy": [],
        }  # fmt: skip
        return {"social": social, "issue-tracker": tracker_app.build_seed()}

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ComplaintReplyWithIssueParams.of(task)
        worlds = self.worlds(task)
        gold = copy.deepcopy(worlds["social"])
        pid = next(k for k, v in gold["posts"].items()
                   if v["authorId"] == p.handle and v["body"] == p.complaint)  # fmt: skip
        add_comment(gold, pid, reply_for(p.key, p.status), now=social_app.WORLD_NOW)
        return _scripts(task, worlds, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "complaint_reply_with_issue.py")
        return _reward(task, "issue-tracker", body)


# (item, what was done) of a repair the shop's repair desk finished
_REPAIRS = (
    ("Basecamp 2 tent", "two pole sections replaced"),
    ("Alder down jacket", "the torn sleeve patched and the zipper replaced"),
    ("Ridgeback 45 pack", "the hip belt buckle replaced"),
    ("Cirrus rain shell", "the seams resealed"),
    ("Switchback trail shoes", "both soles re-glued"),
)
_FORWARD_FRAMES = (
    "The repair desk emailed about {name}'s repair (subject \u201c{subject}\u201d). Forward "
    "that email's text to {name} (@{handle}) as a direct message in Social Studio, word for word.",
    "Send @{handle} a direct message on our social account with the exact text of the email "
    "\u201c{subject}\u201d from the repair desk.",
    "{name} (@{handle}) asked us about their repair. Paste the body of the repair desk's "
    "email \u201c{subject}\u201d into a DM to them, unchanged.",
    "DM {name} the text of the email titled \u201c{subject}\u201d (from our repair desk), "
    "exactly as written.",
    "Pass the repair desk's message \u201c{subject}\u201d on to @{handle}: send its text as a "
    "direct message, nothing added.",
)


class ForwardMailAsDmParams(TaskParams):
    """``forward-mail-as-dm``'s task parameters."""

    handle: str
    name: str
    subject: str
    body: str
    ticket: str


class ForwardMailAsDm(_Cross):
    """Read an email in the mailbox; send its text to a person as a direct message."""

    id: ClassVar[str] = "forward-mail-as-dm"
    apps: ClassVar[tuple[str, ...]] = ("social", "mail")
    params_type = ForwardMailAsDmParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("messages", "inbox", "reply-dm")
    also_covers: ClassVar[tuple[str, ...]] = ("social:messages/inbox/new-message",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then Social Studio on top (where the message is sent)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="social", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = social_app.build_seed()
        handle = rng.choice(sorted(h for h in seed["profiles"]
                                   if h not in (social_app.BRAND, "gear_dealz")))  # fmt: skip
        name = seed["profiles"][handle]["displayName"]
        item, work = rng.choice(_REPAIRS)
        ticket = f"R-{rng.randint(4100, 4999)}"
        day = date(2026, 12, rng.randint(2, 12))
        subject = f"Repair {ticket} ready: {item}"
        body = (
            f"Hi {name.split()[0]}, your {item} is repaired: {work}. It is ready for pickup at "
            f"the front desk from {day:%A}, {day:%B} {day.day}. Ticket {ticket}, no charge."
        )
        frame = rng.choice(_FORWARD_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=name, handle=handle, subject=subject),
            f"You read the shop's mailbox and run @{social_app.BRAND} in Social Studio.",
            handle=handle, name=name, subject=subject, body=body, ticket=ticket,
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> dict[str, State]:
        p = ForwardMailAsDmParams.of(task)
        social = social_app.varied_seed(family_rng(task, "world"))
        rng = family_rng(task, "mail")
        mail = mail_app.varied_seed(rng)
        desk = mail_app.person("Repair", "Desk", "fernhill.example")
        mail_app.add_thread(mail, desk, p.subject, p.body, mail_app.march_date(rng), unread=True)
        return {"social": social, "mail": mail}

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ForwardMailAsDmParams.of(task)
        worlds = self.worlds(task)
        gold = copy.deepcopy(worlds["social"])
        start_conversation(gold, [p.handle], p.body, now=social_app.WORLD_NOW)
        return _scripts(task, worlds, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return _reward(task, "mail", inlined_file(_CHECKS, "forward_mail_as_dm.py"))
