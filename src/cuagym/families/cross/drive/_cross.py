"""Cross-app families that start in the mailbox or the team chat and end in the drive.

One hub session holds every app's state (:mod:`cuagym.families.cross._web_cross`). The reward
reads each app's ``/go``: the drive must hold exactly the asked change, and the app the task
only reads (mail, team-chat) must hold none.

- ``share-from-mail``: a client's email asks for access to a drive file for everyone on it;
  who (the sender and the people copied) and which role are in the email only.
- ``move-from-chat``: a colleague asks in a chat channel to move a drive file; the folder it
  goes to is in the message only.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps import drive as drive_app
from cuagym.apps import mail as mail_app
from cuagym.apps import team_chat as chat_app
from cuagym.apps.drive import build_seed, folder_at, folder_path
from cuagym.apps.drive.ops import in_trash, move_item, share_item
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._web_cross import patch_script, record_edits, setup_script
from cuagym.families.cross.drive._oracle import CROSS_ORACLES
from cuagym.scripts import WEB_LIBRARIES, inlined, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["MoveFromChat", "ShareFromMail"]

State = dict[str, Any]
_CHECKS = "cuagym.families.cross.drive._checks"
CHAT = "team-chat"
#: the chat's signed-in person (a non-admin member of every public channel)
_CHAT_ME = "u-jonah"


def _mine(state: State, kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    me = state["currentUser"]
    return [
        f
        for _, f in sorted(state["files"].items())
        if f["ownerId"] == me
        and f["folderId"] is not None
        and f["kind"] in kinds
        and not in_trash(state, "file", f["id"])
    ]


def _file_id(state: State, name: str, where: str) -> str:
    folder = folder_at(state, where)
    return next(
        str(k) for k, f in state["files"].items() if f["name"] == name and f["folderId"] == folder
    )


def _reward(task: TaskConfig, read: str, body: str) -> str:
    return compose_reward(
        header=f"# reward.py - {task.task_id}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, inlined(drive_app.REWARD_LIBRARY)],
        constants=f"P = json.loads({json.dumps(dict(task.params or {}), sort_keys=True)!r})",
        read=read,
        body=body,
    )


class _CrossFamily(TaskFamily):
    domain: ClassVar[str] = "drive"

    def oracle(self, task: TaskConfig) -> Policy | None:
        return CROSS_ORACLES[self.id](task)


# -- share-from-mail ----------------------------------------------------------------------------
#: the drive's person is the mailbox's owner (same person, two apps)
_OWNER = dict(mail_app.ACCOUNT)
_ROLE_ASK = {
    "viewer": "We only need to read it, nobody should be able to change it.",
    "commenter": "We would like to leave comments on it, but not edit it.",
    "editor": "We all need to be able to edit it.",
}
_SUBJECTS = (
    "Access to {stem}",
    "Could you share {stem}?",
    "{stem} for our review",
    "Sharing {stem} with our team",
)
_MAIL_FRAMES = (
    "{sender} emailed about \u201c{file}\u201d ({where}) in \u201c{subject}\u201d. Share the "
    "file with everyone on that email except you, with the access the email asks for.",
    "Give the people on {sender}'s email \u201c{subject}\u201d (the sender and everyone "
    "copied) the access they ask for to \u201c{file}\u201d in {where}.",
    "Answer {sender}'s request in \u201c{subject}\u201d in the drive: \u201c{file}\u201d from "
    "{where} should be shared with each person on that email, in the role the email asks for.",
    "The email \u201c{subject}\u201d from {sender} asks for access to {where} / {file}. Share "
    "it with {sender} and the people copied on the email, as the role they asked for.",
    "Read \u201c{subject}\u201d from {sender}, then share \u201c{file}\u201d ({where}) with "
    "everybody on that message other than yourself, at the access level it requests.",
)


class ShareFromMailParams(TaskParams):
    file: str
    where: str
    sender: str
    sender_email: str
    subject: str
    role: str
    people: list[str]
    emails: list[str]


def drive_of_owner(drive: State) -> None:
    """Make the drive's signed-in person the mailbox owner (in place)."""
    me = drive["users"][drive["currentUser"]]
    me["name"], me["email"], me["title"] = _OWNER["name"], _OWNER["email"], _OWNER["title"]


class ShareFromMail(_CrossFamily):
    id: ClassVar[str] = "share-from-mail"
    params_type = ShareFromMailParams
    apps: ClassVar[tuple[str, ...]] = ("mail", "drive")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("share", "people", "share-on-request")
    also_covers: ClassVar[tuple[str, ...]] = ("mail:conversations/read/open",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the drive on top (where the change goes)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="drive", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        f = rng.choice(_mine(seed, ("document", "pdf", "presentation", "spreadsheet")))
        others = [
            u
            for _, u in sorted(seed["users"].items())
            if u["id"] != seed["currentUser"] and u["id"] not in f["sharedWith"]
        ]
        group = rng.sample(others, rng.randint(2, 4))
        sender, role = group[0], rng.choice(["viewer", "commenter", "editor"])
        stem = f["name"].rsplit(".", 1)[0]
        subject = rng.choice(_SUBJECTS).format(stem=stem)
        where = folder_path(seed, f["folderId"])
        text = rng.choice(_MAIL_FRAMES).format(
            sender=sender["name"], file=f["name"], where=where, subject=subject
        )
        copied = ", ".join(f"{u['name']} <{u['email']}>" for u in group[1:])
        return self.make_task(
            task_id,
            text,
            f"You are {_OWNER['name']}: your mailbox and your drive are open. {sender['name']} "
            f"<{sender['email']}> wrote \u201c{subject}\u201d, copying {copied}, asking for "
            f"{role} access to \u201c{f['name']}\u201d in {where}. None of them has access yet.",
            file=f["name"],
            where=where,
            sender=sender["name"],
            sender_email=sender["email"],
            subject=subject,
            role=role,
            people=[u["name"] for u in group],
            emails=[u["email"] for u in group],
        )

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        p = ShareFromMailParams.of(task)
        fid = _file_id(build_seed(), p.file, p.where)
        drive = drive_app.varied_seed(family_rng(task, "world"), {fid})
        drive_of_owner(drive)
        mail = mail_app.varied_seed(family_rng(task, "world"))
        first = p.sender.split()[0]
        body = (
            f"Hi {_OWNER['name'].split()[0]},\n\nCould you share \u201c{p.file}\u201d with "
            f"all of us on this email? {_ROLE_ASK[p.role]}\n\nThanks,\n{first}"
        )
        cc = tuple({"name": n, "email": e} for n, e in zip(p.people[1:], p.emails[1:], strict=True))
        date = mail_app.march_date(family_rng(task, "mail"))
        mail_app.add_thread(
            mail,
            {"name": p.sender, "email": p.sender_email},
            p.subject,
            body,
            date,
            unread=True,
            cc=cc,
        )
        return mail, drive

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ShareFromMailParams.of(task)
        mail, drive = self.worlds(task)
        gold = copy.deepcopy(drive)
        fid = _file_id(drive, p.file, p.where)
        for email in p.emails:
            uid = next(k for k, u in drive["users"].items() if u["email"] == email)
            share_item(gold, "file", fid, uid, p.role)
        return GeneratedScripts(
            initial_setup=setup_script({"mail": mail, "drive": drive}, task.task_id),
            golden_patch=patch_script({"drive": record_edits(drive, gold)}, task.task_id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        return _reward(task, _READ_MAIL, inlined_file(_CHECKS, "share_from_mail.py"))


_READ_MAIL = """
drive = hub_state("drive")
init, cur, diff = drive["initial_state"], drive["current_state"], drive["state_diff"]
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
"""


# -- move-from-chat -----------------------------------------------------------------------------
_CHAT_FRAMES = (
    "{first} asked you in #{channel} to move \u201c{file}\u201d (now in {where}) in the drive. "
    "Move it where they asked.",
    "There is a request from {first} in the #{channel} channel about the drive file "
    "\u201c{file}\u201d in {where}. Put it in the folder the message names.",
    "Do what {first} asked in #{channel}: the drive file \u201c{file}\u201d from {where} "
    "goes into the folder the message asks for.",
    "In #{channel}, {first} wants \u201c{file}\u201d ({where}) moved to another drive folder. "
    "Take care of it.",
    "Read {first}'s message in #{channel} and move {where} / {file} into the folder given there.",
)
_CHAT_SENDERS = ("u-tomas", "u-priya", "u-amara", "u-sofia", "u-kenji")
_CHANNELS = ("general", "design", "engineering")


class MoveFromChatParams(TaskParams):
    file: str
    where: str
    target: str
    sender: str
    channel: str


class MoveFromChat(_CrossFamily):
    id: ClassVar[str] = "move-from-chat"
    params_type = MoveFromChatParams
    apps: ClassVar[tuple[str, ...]] = (CHAT, "drive")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("organize", "arrange", "move-on-request")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:channels/browse/channel-details",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The chat, then the drive on top (where the change goes)."""
        return [StartWindow(app=CHAT, page="/"), StartWindow(app="drive", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        f = rng.choice(_mine(seed, ("pdf", "document", "spreadsheet", "image")))
        targets = [
            k
            for k, folder in sorted(seed["folders"].items())
            if k != f["folderId"]
            and folder["ownerId"] == seed["currentUser"]
            and not in_trash(seed, "folder", k)
            and not any(
                g["folderId"] == k and g["name"] == f["name"] for g in seed["files"].values()
            )
        ]
        target = folder_path(seed, rng.choice(targets))
        sender = chat_app.DISPLAY[rng.choice(_CHAT_SENDERS)]
        channel = rng.choice(_CHANNELS)
        where = folder_path(seed, f["folderId"])
        first = sender.split()[0]
        text = rng.choice(_CHAT_FRAMES).format(
            first=first, channel=channel, file=f["name"], where=where
        )
        return self.make_task(
            task_id,
            text,
            f"You are {chat_app.DISPLAY[_CHAT_ME]} in the team chat and the owner of the drive. "
            f"{sender} wrote in #{channel} asking to move \u201c{f['name']}\u201d from {where} "
            f"into {target}.",
            file=f["name"],
            where=where,
            target=target,
            sender=sender,
            channel=channel,
        )

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        p = MoveFromChatParams.of(task)
        fid = _file_id(build_seed(), p.file, p.where)
        drive = drive_app.varied_seed(family_rng(task, "world"), {fid})
        rng = family_rng(task, "chat")
        chat = chat_app.base_world(rng, _CHAT_ME)
        cid = chat_app.channel_id(chat, p.channel)
        chat_app.ensure_member(chat, cid, _CHAT_ME)
        handle = chat_app.HANDLES[chat_app.DISPLAY[_CHAT_ME]]
        shown = p.target.removeprefix("My Drive / ")
        chat_app.add_message(
            chat,
            cid,
            chat_app.uid_of(p.sender),
            f"@{handle} could you move \u201c{p.file}\u201d into {shown} in the drive? It is "
            f"still sitting in {p.where.removeprefix('My Drive / ')}. Thanks!",
        )
        return chat_app.finish(chat, family_rng(task, "finish")), drive

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = MoveFromChatParams.of(task)
        chat, drive = self.worlds(task)
        gold = copy.deepcopy(drive)
        move_item(gold, "file", _file_id(drive, p.file, p.where), folder_at(drive, p.target))
        return GeneratedScripts(
            initial_setup=setup_script({CHAT: chat, "drive": drive}, task.task_id),
            golden_patch=patch_script({"drive": record_edits(drive, gold)}, task.task_id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        return _reward(task, _READ_CHAT, inlined_file(_CHECKS, "move_from_chat.py"))


_READ_CHAT = """
drive = hub_state("drive")
init, cur, diff = drive["initial_state"], drive["current_state"], drive["state_diff"]
chat = hub_state("team-chat")
cdiff = chat["state_diff"]
"""
