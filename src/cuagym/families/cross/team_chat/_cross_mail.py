"""mail -> team-chat, owned by the chat: an announcement received by mail, corrected by a
second email in its conversation, is posted with its final facts in the channel it asks for
(a public channel the owner has not joined yet: found in the channel browser and joined).

``mail-announcement-to-channel``: the instruction names the email, never the channel or the
facts; the email names both, and its follow-up changes one of them (the time or the place).
The reward reads the facts it checks from the mailbox's initial state (pinned to the task's
params), wants exactly one new top-level post of the signed-in person in that channel holding
the event, date, time and place as the mail writes them and not the corrected-away value, and
guards both apps' whole diffs (the mailbox is only read).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, ClassVar

from cuagym.apps import mail as mail_app
from cuagym.apps.mail import REWARD_LIBRARY, add_thread, march_date
from cuagym.apps.mail.ops import new_id
from cuagym.apps.team_chat import DISPLAY, HANDLES, channel_id, finish, gold_now
from cuagym.apps.team_chat.edits import join_channel, post_message
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._chat_tracker import CHAT_HELPERS
from cuagym.families.cross._office import (
    CHAT,
    MAIL,
    OWNER_ID,
    cross_reward,
    cross_scripts,
    office_chat,
)
from cuagym.families.cross._office_text import announcement_text
from cuagym.families.cross.team_chat._oracle_mail import AnnouncementOracle
from cuagym.families.team_chat.shared import validate
from cuagym.scripts import inlined, inlined_file

__all__ = ["MailAnnouncementToChannel", "MailAnnouncementToChannelParams"]

State = dict[str, Any]
#: where an announcement may be asked to go (public channels the owner has not joined)
_CHANNELS = ("engineering", "design", "customer-feedback", "random", "incidents")
# (event, what the first email adds, who sends it): the sender is a chat member.
_EVENTS: tuple[tuple[str, str, str], ...] = (
    ("Benefits enrolment session", "Bring your questions about the new dental plan.", "u-rachel"),
    ("Quarterly all-hands", "Sam will walk through the Q2 plan and take questions.", "u-sam"),
    ("Product launch rehearsal", "We will run the full demo twice.", "u-elena"),
    ("Architecture review", "We will go through the event bus proposal.", "u-tomas"),
    ("First-aid training", "Places are limited to twenty people.", "u-rachel"),
    ("Customer advisory board prep", "Please read the survey summary beforehand.", "u-maya"),
    ("Onboarding workshop for new customers", "Slides are in the shared drive.", "u-sofia"),
    ("Design critique", "Bring two screens you would like feedback on.", "u-amara"),
    ("Security awareness briefing", "Attendance is expected from every team.", "u-arjun"),
    ("Sales kickoff dry run", "Each region presents for ten minutes.", "u-liam"),
    ("Data literacy lunch-and-learn", "Lunch is provided for those who sign up.", "u-kenji"),
)
_DATES = ("Tuesday, April 8", "Wednesday, April 9", "Thursday, April 10",
          "Monday, April 14", "Tuesday, April 15", "Friday, April 18",
          "Wednesday, April 23", "Thursday, April 24")  # fmt: skip
_TIMES = ("9:30 am", "10:00 am", "11:15 am", "1:00 pm", "2:30 pm", "3:00 pm", "4:15 pm")
_PLACES = ("the Juniper room on the 3rd floor", "the Birch room on the 2nd floor",
           "the main kitchen", "the Willow room on the 5th floor", "the ground-floor auditorium",
           "the Cedar room on the 4th floor", "the rooftop terrace")  # fmt: skip
_SUBJECTS = ("{event}", "{event} on {day}", "Save the date: {event}", "Announcement: {event}",
             "Heads-up: {event}")  # fmt: skip

# The instruction is four parts drawn apart (whose email, where to post, what to say, how to
# write it), each with many wordings, so that no two tasks share most of their wording: it names
# the email, never the channel or the facts, which only the mailbox holds.
_OPENERS = (
    "{first} emailed you \u201c{subject}\u201d and wants it shared in the team chat.",
    "There is an announcement from {sender} in your inbox, \u201c{subject}\u201d.",
    "Your inbox holds {first}'s email \u201c{subject}\u201d, followed by a correction.",
    "\u201c{subject}\u201d, the email {sender} sent you, is meant for the whole team.",
    "{sender} wants the news in \u201c{subject}\u201d passed on to colleagues.",
    "The announcement \u201c{subject}\u201d from {sender} has only reached your mailbox.",
    "{sender} mailed you \u201c{subject}\u201d and then corrected one detail of it.",
    "Colleagues have not seen {first}'s email \u201c{subject}\u201d yet.",
)
_ASKS = (
    "Post it as one message in the channel the email names.",
    "Share it in the chat channel {first} asked for, as a single message.",
    "Announce it with exactly one message in the channel the email requests.",
    "Write one post about it in the requested channel.",
    "Put a single top-level message in the channel {first} named.",
    "Pass it on in one chat message, in whichever channel the mail mentions.",
    "Use the channel {first} asked for; one message there is enough.",
    "Give the team a single post in the channel named in that email.",
)
_CONTENTS = (
    "It should give the event, its date, its start time and its place.",
    "Say what is happening, on which day, at what time and where.",
    "Include the event's title, the day, the time and the venue.",
    "People need the name of the event, the date, when it starts and the location.",
    "Mention the event together with its day, its start time and the room.",
    "The post names the event and states the date, the hour and the place.",
    "List the occasion, the date, the starting time and where to go.",
    "Readers should learn the event, date, time and place from it.",
)
_STYLES = (
    "Use the facts as finally corrected, written exactly as the email writes them.",
    "If something was corrected afterwards, post the corrected detail as the mail words it.",
    "Copy date, time and place word for word, taking the later correction into account.",
    "Keep only the latest version of anything that changed, spelled as in the conversation.",
    "Leave the outdated value out and quote the final ones exactly as the mail does.",
    "Whatever the follow-up changed, announce its new value, in the email's own words.",
    "Write each detail as the emails give it, after the correction that came later.",
    "Mind the second email: its corrected value replaces the first one, verbatim.",
)


class MailAnnouncementToChannelParams(TaskParams):
    """``mail-announcement-to-channel``'s task parameters."""

    sender: str
    sender_email: str
    subject: str
    channel: str
    event: str
    date: str
    time: str
    place: str
    changed: str
    stale: str


class MailAnnouncementToChannel(TaskFamily):
    """Mail -> chat: the announcement and its correction read in the mailbox, posted in the
    channel the email asks for with the final facts."""

    id: ClassVar[str] = "mail-announcement-to-channel"
    params_type: ClassVar[type[TaskParams] | None] = MailAnnouncementToChannelParams
    domain: ClassVar[str] = CHAT
    apps: ClassVar[tuple[str, ...]] = (MAIL, CHAT)
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("channels", "browse", "channel-browser")
    also_covers: ClassVar[tuple[str, ...]] = (
        "mail:conversations/read/open",
        "team-chat:messaging/compose/post-message",
    )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The chat, then the mailbox on top: the task starts from the email."""
        return [StartWindow(app=CHAT, page="/"), StartWindow(app=MAIL, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return AnnouncementOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        event, _, sender_id = rng.choice(_EVENTS)
        sender = DISPLAY[sender_id]
        date, channel = rng.choice(_DATES), rng.choice(_CHANNELS)
        time, place = rng.sample(_TIMES, 2), rng.sample(_PLACES, 2)
        changed = rng.choice(("time", "place"))
        # The first email said stale; the correction says the final value.
        final_time, final_place = time[0], place[0]
        stale = time[1] if changed == "time" else place[1]
        subject = rng.choice(_SUBJECTS).format(event=event, day=date.split(", ")[1])
        first = sender.split()[0]
        words = {"first": first, "sender": sender, "subject": subject}
        parts = [rng.choice(x) for x in (_OPENERS, _ASKS, _CONTENTS, _STYLES)]
        return self.make_task(
            task_id,
            " ".join(part.format(**words) for part in parts),
            f"You are Nora Castellanos: your mailbox and the team chat of Fernhill Analytics "
            f"are both open; you have not joined #{channel} yet. {sender} "
            f"<{HANDLES[sender]}@fernhill.example> wrote \u201c{subject}\u201d: the {event} is "
            f"on {date}, share it in #{channel}. A correction in the same conversation changed "
            f"its {changed} from {stale} to {final_time if changed == 'time' else final_place}; "
            f"its {'place' if changed == 'time' else 'time'} stays "
            f"{final_place if changed == 'time' else final_time}.",
            sender=sender,
            sender_email=f"{HANDLES[sender]}@fernhill.example",
            subject=subject,
            channel=channel,
            event=event,
            date=date,
            time=final_time,
            place=final_place,
            changed=changed,
            stale=stale,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = MailAnnouncementToChannelParams.of(task)
        mail = mail_app.varied_seed(family_rng(task, "world"))
        rng = family_rng(task, "inject")
        self.inject_mail(p, mail, rng)
        chat = office_chat(family_rng(task, "chat-world"), mail["account"])
        cid = channel_id(chat, p.channel)
        finish(chat, rng)
        validate(chat, f"{task.task_id} chat world")
        gold = copy.deepcopy(chat)
        join_channel(gold, cid, OWNER_ID)
        post_message(gold, cid, OWNER_ID, announcement_text(p.model_dump()), now=gold_now(gold))
        validate(gold, f"{task.task_id} chat gold")
        return cross_scripts(task, {MAIL: mail, CHAT: chat}, {CHAT: gold})

    @staticmethod
    def inject_mail(p: MailAnnouncementToChannelParams, mail: State, rng: random.Random) -> None:
        """The announcement (with the stale value) and, in its conversation, the correction."""
        detail = next(d for e, d, _ in _EVENTS if e == p.event)
        first = p.sender.split()[0]
        said_time = p.stale if p.changed == "time" else p.time
        said_place = p.stale if p.changed == "place" else p.place
        sent = march_date(rng)
        who = {"name": p.sender, "email": p.sender_email}
        tid = add_thread(
            mail,
            who,
            p.subject,
            f"Hi Nora,\n\nThe {p.event.lower()} is on {p.date} at {said_time} in {said_place}. "
            f"{detail}\n\nCould you share this in #{p.channel} in the team chat so everyone "
            f"sees it?\n\nThanks,\n{first}",
            sent,
        )
        fix = (
            f"it starts at {p.time}, not {p.stale}"
            if p.changed == "time"
            else f"it will be in {p.place}, not {p.stale}"
        )
        later = datetime.fromisoformat(sent.replace("Z", "+00:00")) + timedelta(minutes=47)
        mid = new_id(mail, "messages", "m")
        mail["messages"][mid] = {
            "id": mid,
            "threadId": tid,
            "from": dict(who),
            "to": [{"name": mail["account"]["name"], "email": mail["account"]["email"]}],
            "cc": [],
            "bcc": [],
            "subject": f"Re: {p.subject}",
            "body": f"Quick correction: {fix}. Everything else stays the same.\n\n{first}",
            "date": later.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "attachments": [],
            "isDraft": False,
        }
        mail["threads"][tid]["unread"] = True

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.cross.team_chat._checks", "announcement.py")
        return cross_reward(task, _READ, [inlined(REWARD_LIBRARY), CHAT_HELPERS], body)


_READ = """
chat = hub_state("team-chat")
cinit, ccur, cdiff = chat["initial_state"], chat["current_state"], chat["state_diff"]
me_chat = cinit["currentUser"]
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
"""
