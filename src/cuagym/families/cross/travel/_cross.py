"""Cross-app families homed in travel (one hub session holds every app's state).

- ``flight-from-mail`` (mail, travel): a traveller e-mails which flight and fare they want for
  their trip; the agent reads it and books it. The mailbox is only read.
- ``announce-trip`` (travel, team-chat): approve a waiting trip with a note, then announce it
  in a chat channel with the exact words asked; the chat's only change is that message.

The worlds belong to one person: the mailbox's owner (or the chat's signed-in member) is the
travel manager signed in to the travel site.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, ClassVar

from cuagym.apps import mail as mail_app
from cuagym.apps.team_chat import base_world, channel_id, ensure_member, finish, gold_now
from cuagym.apps.team_chat.edits import post_message
from cuagym.apps.travel import REWARD_LIBRARY, WORLD_NOW, long_date
from cuagym.apps.travel.ops import book_flight, decide_trip
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.travel._oracle import CROSS_ORACLES
from cuagym.families.team_chat.shared import validate
from cuagym.families.travel.shared import (
    SEED,
    build_world,
    drafts,
    home_of,
    name_of,
    route_flights,
    trip_of,
)
from cuagym.scripts import WEB_LIBRARIES, inlined, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["AnnounceTrip", "FlightFromMail"]

State = dict[str, Any]
TRAVEL, MAIL, CHAT = "travel", "mail", "team-chat"
_CHECKS = "cuagym.families.cross.travel._checks"
#: the travel manager's member record in the chat workspace
CHAT_ME = {"id": "u-noor", "name": "noor.haddad", "title": "Travel Manager"}
_READ = {
    MAIL: """
data = hub_state("travel")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
""",
    CHAT: """
data = hub_state("travel")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
chat = hub_state("team-chat")
cinit, ccur, cdiff = chat["initial_state"], chat["current_state"], chat["state_diff"]
cme = cinit["currentUser"]
""",
}


def _reward(task: TaskConfig, other: str, *modules: tuple[str, str]) -> str:
    body = "\n".join(inlined_file(package, name) for package, name in modules)
    return compose_reward(
        header=f"# reward.py - {task.task_id}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, inlined(REWARD_LIBRARY)],
        constants=f"P = json.loads({json.dumps(dict(task.params or {}), sort_keys=True)!r})",
        read=_READ[other],
        body=body,
    )


# -- flight-from-mail (hard) ------------------------------------------------------------------
_MAIL_FRAMES = (
    '{traveller} e-mailed you about the trip "{trip}". Book the flight and fare the e-mail asks '
    "for into that trip.",
    'Read {traveller}\'s e-mail about "{trip}" and book exactly the flight it names, in the fare '
    "it names, on the travel site.",
    "There is a booking request from {traveller} in your mailbox. Do what it asks on the travel "
    'site: the flight goes into the trip "{trip}".',
    '{traveller} wrote which flight they want for "{trip}". Book it for them (that flight, that '
    "fare); leave the mailbox as it is.",
    'Act on the e-mail from {traveller}: book the flight they picked for "{trip}" in the fare '
    "they asked for.",
)
_SUBJECTS = ("Flight for {trip}", "Booking request: {trip}", "{trip} flight", "Can you book me?")


class FlightFromMailParams(TaskParams):
    trip: str
    traveller: str
    email: str
    subject: str
    number: str
    origin: str
    dest: str
    date: str
    fare: str


class FlightFromMail(TaskFamily):
    """A traveller's e-mail names the flight and fare they want: the agent reads it and books
    it into their trip."""

    id: ClassVar[str] = "flight-from-mail"
    domain: ClassVar[str] = TRAVEL
    params_type = FlightFromMailParams
    apps: ClassVar[tuple[str, ...]] = (MAIL, TRAVEL)
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("bookings", "flights", "from-email")
    also_covers: ClassVar[tuple[str, ...]] = ("mail:conversations/read/open",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the travel site on top (where the booking goes)."""
        return [StartWindow(app=MAIL, page="/"), StartWindow(app=TRAVEL, page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        trip = rng.choice(drafts(SEED))
        home = home_of(SEED, trip)
        outbound = rng.random() < 0.5
        origin, dest = (home, trip["destination"]) if outbound else (trip["destination"], home)
        day = trip["startsOn"] if outbound else trip["endsOn"]
        flight = rng.choice(route_flights(SEED, origin, dest, day))
        fare = SEED["fareRules"][rng.choice(("saver", "standard", "flex"))]["label"]
        person = SEED["travellers"][trip["travellerId"]]
        traveller = name_of(SEED, person["id"])
        subject = rng.choice(_SUBJECTS).format(trip=trip["name"])
        frame = rng.choice(_MAIL_FRAMES)
        return self.make_task(
            task_id,
            frame.format(traveller=traveller, trip=trip["name"]),
            f"The mailbox and the company travel site are open, both signed in as the travel "
            f"manager. {traveller} <{person['email']}> wrote “{subject}”: please book "
            f"{flight['number']} from {origin} to {dest} on {long_date(day)}, {fare} fare.",
            trip=trip["name"],
            traveller=traveller,
            email=person["email"],
            subject=subject,
            number=flight["number"],
            origin=origin,
            dest=dest,
            date=day,
            fare=fare,
        )

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        """``(mail, travel)``: the request in the mailbox, the trip on the travel site."""
        p = FlightFromMailParams.of(task)
        mail = mail_app.varied_seed(family_rng(task, "world"))
        travel = build_world(task)
        # one person: the mailbox's owner is the travel manager signed in to the travel site
        me = travel["travellers"][travel["currentUser"]]
        first, _, last = mail["account"]["name"].partition(" ")
        me.update(firstName=first, lastName=last or first, email=mail["account"]["email"])
        rng = family_rng(task, "inject")
        when = WORLD_NOW - timedelta(hours=rng.randint(2, 20), minutes=rng.randint(0, 59))
        body = (
            f"Hi {first},\n\nfor {p.trip} could you book me on {p.number} from {p.origin} to "
            f"{p.dest} on {long_date(p.date)}? The {p.fare} fare is fine.\n\nThanks,\n"
            f"{p.traveller.split()[0]}"
        )
        mail_app.add_thread(
            mail,
            {"name": p.traveller, "email": p.email},
            p.subject,
            body,
            when.strftime("%Y-%m-%dT%H:%M:00Z"),
            unread=True,
        )
        return mail, travel

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = FlightFromMailParams.of(task)
        mail, travel = self.worlds(task)
        gold = copy.deepcopy(travel)
        fid = next(
            k for k, f in gold["flights"].items() if f["number"] == p.number and f["date"] == p.date
        )
        book_flight(gold, trip_of(gold, p.trip), fid, p.fare.lower(), WORLD_NOW)
        return GeneratedScripts(
            initial_setup=setup_script({MAIL: mail, TRAVEL: travel}, task.task_id),
            golden_patch=patch_script({TRAVEL: record_edits(travel, gold)}, task.task_id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        return _reward(
            task,
            MAIL,
            (_CHECKS, "flight_from_mail.py"),
            # the new-booking checks every travel booking task shares (read as text)
            ("cuagym.families.travel._checks", "_new_booking.py"),
        )


# -- announce-trip (hard) ---------------------------------------------------------------------
_ANNOUNCE_FRAMES = (
    'Approve the waiting trip "{trip}" in the approvals queue with the note "{note}", then tell '
    "#{channel} in the team chat with exactly this message: {text}",
    'Two things: approve "{trip}" (note "{note}") on the travel site, and post {text} in the '
    "#{channel} channel.",
    '"{trip}" is waiting for your approval. Approve it with the note "{note}" and announce it '
    "in #{channel} by posting {text}",
    'Sign off "{trip}" in Approvals (note: "{note}"). Once it is approved, post {text} to '
    "#{channel}.",
    'Approve {traveller}\'s trip "{trip}" with the note "{note}" and let #{channel} know with '
    "the words {text}",
)
_NOTES = ("Approved, safe travels.", "OK as an exception.", "Approved for the client visit.")


class AnnounceTripParams(TaskParams):
    trip: str
    traveller: str
    note: str
    channel: str
    text: str


def chat_world(rng: random.Random, name: str) -> State:
    """The chat seed, varied, with the travel manager signed in and in #general and
    #engineering."""
    me = CHAT_ME["id"]
    world = base_world(rng, me)
    world["users"][me] = {
        "id": me,
        "name": CHAT_ME["name"],
        "displayName": name,
        "title": CHAT_ME["title"],
        "email": f"{CHAT_ME['name']}@{world['workspace']['slug']}.example",
        "timezone": "America/Los_Angeles",
        "avatarColor": "#5f6f5c",
        "statusText": "",
        "isAdmin": False,
    }
    for channel in ("general", "engineering"):
        ensure_member(world, channel_id(world, channel), me)
    finish(world, rng)
    return world


class AnnounceTrip(TaskFamily):
    """Approve a trip on the travel site, then announce it in a chat channel."""

    id: ClassVar[str] = "announce-trip"
    domain: ClassVar[str] = TRAVEL
    params_type = AnnounceTripParams
    apps: ClassVar[tuple[str, ...]] = (TRAVEL, CHAT)
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("trips", "planning", "announce")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/compose/post-message",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The chat, then the travel site on top: the approval comes first."""
        return [StartWindow(app=CHAT, page="/"), StartWindow(app=TRAVEL, page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        waiting = [t for _, t in sorted(SEED["trips"].items()) if t["status"] == "submitted"]
        trip = rng.choice(waiting)
        traveller = name_of(SEED, trip["travellerId"])
        outbound = min(
            (
                b
                for b in SEED["bookings"].values()
                if b["tripId"] == trip["id"] and b["status"] == "confirmed"
            ),
            key=lambda b: (b["date"], b["departs"]),
        )
        channel = rng.choice(("general", "engineering"))
        note = rng.choice(_NOTES)
        text = (
            f"{trip['name']} is approved: {traveller} flies {outbound['number']} on "
            f"{long_date(outbound['date'])}."
        )
        frame = rng.choice(_ANNOUNCE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                trip=trip["name"], note=note, channel=channel, text=f'"{text}"', traveller=traveller
            ),
            f"You are the travel manager, signed in to the travel site and the team chat, a "
            f"member of #{channel}. {traveller}'s trip waits for approval.",
            trip=trip["name"],
            traveller=traveller,
            note=note,
            channel=channel,
            text=text,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AnnounceTripParams.of(task)
        travel = build_world(task)
        gold = copy.deepcopy(travel)
        decide_trip(gold, trip_of(gold, p.trip), True, p.note, WORLD_NOW)
        me = travel["travellers"][travel["currentUser"]]
        chat = chat_world(family_rng(task, "chat"), f"{me['firstName']} {me['lastName']}")
        chat_gold = copy.deepcopy(chat)
        post_message(
            chat_gold,
            channel_id(chat_gold, p.channel),
            CHAT_ME["id"],
            p.text,
            now=gold_now(chat_gold),
        )
        validate(chat, f"{self.id} chat world")
        validate(chat_gold, f"{self.id} chat gold")
        edits = {TRAVEL: record_edits(travel, gold), CHAT: record_edits(chat, chat_gold)}
        return GeneratedScripts(
            setup_script({TRAVEL: travel, CHAT: chat}, self.id), patch_script(edits, self.id)
        )

    def write_reward(self, task: TaskConfig) -> str:
        return _reward(task, CHAT, (_CHECKS, "announce_trip.py"))
