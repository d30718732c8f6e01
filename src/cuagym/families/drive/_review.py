"""Families that read before they act: a colleague's comments on a file (resolve them, answer),
the largest file of a kind in a folder (star it)."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.drive import KIND_LABELS, build_seed, folder_at, folder_path
from cuagym.apps.drive.ops import add_comment, in_trash, set_comment_resolved, set_starred
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.drive._common import (
    CHECKS,
    GEN_NOW,
    ME,
    DriveFamily,
    build_world,
    params_of,
    reward_script,
)
from cuagym.families.drive._records import editable_files
from cuagym.scripts import inlined_file

__all__ = ["ResolveComments", "StarLargest"]

State = dict[str, Any]


# -- resolve a colleague's comments -------------------------------------------------------------
_REPLIES = ("Done, thanks for flagging.", "Fixed in the latest version.",
            "Updated as discussed.", "Thanks, all addressed now.")  # fmt: skip
_COMMENT_FRAMES = (
    "On \u201c{file}\u201d in {where}, resolve the open comments {person} left, then add the "
    "comment \u201c{reply}\u201d.",
    "{person} commented on {where} / {file}. Mark their open comments resolved and reply with "
    "a new comment: \u201c{reply}\u201d.",
    "Close out {person}'s open feedback on \u201c{file}\u201d ({where}): resolve each of their "
    "open comments (no one else's) and comment \u201c{reply}\u201d.",
    "I addressed what {person} raised on \u201c{file}\u201d in {where}. Resolve their open "
    "comments there and leave the comment \u201c{reply}\u201d.",
    "Please tidy the comments of \u201c{file}\u201d ({where}): {person}'s open ones should be "
    "resolved, the others stay as they are, and add \u201c{reply}\u201d as a new comment.",
)


class ResolveCommentsParams(TaskParams):
    file: str
    where: str
    person: str
    reply: str
    count: int


def _open_by(state: State, fid: str, uid: str) -> list[str]:
    return sorted(
        k
        for k, c in state["comments"].items()
        if c["fileId"] == fid and c["authorId"] == uid and not c["resolved"]
    )


class ResolveComments(DriveFamily):
    id: ClassVar[str] = "resolve-comments"
    params_type = ResolveCommentsParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("collaborate", "comments", "add-resolve")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        me = seed["currentUser"]
        pairs = sorted(
            {
                (c["fileId"], c["authorId"])
                for c in seed["comments"].values()
                if not c["resolved"] and c["authorId"] != me
            }
        )
        mine = {f["id"] for f in editable_files(seed)}
        fid, uid = rng.choice([pair for pair in pairs if pair[0] in mine])
        f, person = seed["files"][fid], seed["users"][uid]["name"]
        where = folder_path(seed, f["folderId"])
        reply = rng.choice(_REPLIES)
        count = len(_open_by(seed, fid, uid))
        text = rng.choice(_COMMENT_FRAMES).format(
            file=f["name"], where=where, person=person, reply=reply
        )
        others = sum(1 for c in seed["comments"].values() if c["fileId"] == fid) - count
        return self.make_task(
            task_id,
            text,
            f"\u201c{f['name']}\u201d in {where} has {count} open comment(s) by {person} and "
            f"{others} other comment(s). You are signed in as {ME}.",
            file=f["name"],
            where=where,
            person=person,
            reply=reply,
            count=count,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ResolveCommentsParams.of(task)
        seed = build_seed()
        folder = folder_at(seed, p.where)
        fid = next(
            k for k, f in seed["files"].items() if f["name"] == p.file and f["folderId"] == folder
        )
        world = build_world(task, {fid})
        gold = copy.deepcopy(world)
        uid = next(k for k, u in world["users"].items() if u["name"] == p.person)
        for cid in _open_by(world, fid, uid):
            set_comment_resolved(gold, cid, True)
        add_comment(gold, fid, p.reply, now=GEN_NOW)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "resolve_comments.py"), self.id)


# -- star the largest file of a kind ------------------------------------------------------------
_STAR_FRAMES = (
    "Star the largest {noun} in {where}.",
    "Which {noun} in {where} takes the most space? Add it to Starred.",
    "In {where}, find the biggest {noun} by file size and star it.",
    "I keep coming back to the largest {noun} of {where}: star that one.",
    "Put a star on whichever {noun} in {where} is the largest.",
)


class StarLargestParams(TaskParams):
    where: str
    kind: str
    noun: str
    file: str


class StarLargest(DriveFamily):
    id: ClassVar[str] = "star-largest"
    params_type = StarLargestParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("browse", "folders", "layout-sort")

    @staticmethod
    def _ranked(state: State, folder: str | None, kind: str) -> list[dict[str, Any]]:
        files = [
            f
            for f in state["files"].values()
            if f["folderId"] == folder
            and f["kind"] == kind
            and not in_trash(state, "file", f["id"])
        ]
        return sorted(files, key=lambda f: (-f["sizeBytes"], f["id"]))

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        options = []
        for k, folder in sorted(seed["folders"].items()):
            if folder["ownerId"] != seed["currentUser"] or in_trash(seed, "folder", k):
                continue
            for kind in KIND_LABELS:
                ranked = self._ranked(seed, k, kind)
                if len(ranked) >= 3 and not ranked[0]["starred"]:
                    options.append((k, kind))
        folder, kind = rng.choice(options)
        top = self._ranked(seed, folder, kind)[0]
        where = folder_path(seed, folder)
        noun = "PDF" if kind == "pdf" else KIND_LABELS[kind].lower()
        text = rng.choice(_STAR_FRAMES).format(noun=noun, where=where)
        return self.make_task(
            task_id,
            text,
            f"{where} holds several {noun} files ({kind}); the largest is "
            f"\u201c{top['name']}\u201d and it is not starred. You are signed in as {ME}.",
            where=where,
            kind=kind,
            noun=noun,
            file=top["name"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = StarLargestParams.of(task)
        folder = folder_at(build_seed(), p.where)
        assert folder is not None
        world = build_world(task, {folder})
        gold = copy.deepcopy(world)
        set_starred(gold, "file", self._ranked(world, folder, p.kind)[0]["id"], True)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "star_largest.py"), self.id)
