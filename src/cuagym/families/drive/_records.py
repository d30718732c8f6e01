"""Task families on one item: share, rename, move, restore from the trash, restore a version,
set link access."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.drive import build_seed, file_named, fmt_when, folder_at, folder_path
from cuagym.apps.drive.ops import (
    effective_role,
    in_trash,
    move_item,
    rename_item,
    restore_item,
    restore_version,
    set_link_sharing,
    share_item,
    unshare_item,
)
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
from cuagym.scripts import inlined_file

__all__ = [
    "LinkAccess",
    "MoveFile",
    "RenameFile",
    "RestoreFromTrash",
    "RestoreVersion",
    "ShareFile",
    "editable_files",
]

State = dict[str, Any]
_ROLE_WORD = {"viewer": "view", "commenter": "comment", "editor": "edit"}


def editable_files(state: State, kinds: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Live files in my folders (not the root) that I own, by id: what a task may act on."""
    me = state["currentUser"]
    return [
        f
        for _, f in sorted(state["files"].items())
        if f["ownerId"] == me
        and f["folderId"] is not None
        and not in_trash(state, "file", f["id"])
        and effective_role(state, "file", f["id"]) == "owner"
        and (not kinds or f["kind"] in kinds)
    ]


def _people(state: State, exclude: set[str]) -> list[dict[str, Any]]:
    return [u for _, u in sorted(state["users"].items()) if u["id"] not in exclude]


class _FileParams(TaskParams):
    file: str
    where: str


def _locate(state: State, p: _FileParams) -> str:
    return file_named(state, p.file, folder_at(state, p.where))


# -- share ------------------------------------------------------------------------------------
_SHARE_FRAMES = (
    "Share \u201c{file}\u201d from {where} with {person} so that they can {verb} it.",
    "{person} needs {role} access to the file \u201c{file}\u201d in {where}. Give it to them.",
    "Please give {person} ({email}) the {role} role on \u201c{file}\u201d ({where}).",
    "Make sure {person} can {verb} \u201c{file}\u201d, which is in {where}: share it with them "
    "as {article} {role}.",
    "Add {person} to the people with access to {where} / {file} as {article} {role}.",
)


class ShareFileParams(_FileParams):
    person: str
    email: str
    role: str


class ShareFile(DriveFamily):
    id: ClassVar[str] = "share-file"
    params_type = ShareFileParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("share", "people", "invite")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        f = rng.choice(editable_files(seed))
        person = rng.choice(_people(seed, {f["ownerId"], *f["sharedWith"]}))
        role = rng.choice(["viewer", "commenter", "editor"])
        where = folder_path(seed, f["folderId"])
        frame = rng.choice(_SHARE_FRAMES)
        facts = {
            "file": f["name"],
            "where": where,
            "person": person["name"],
            "email": person["email"],
            "role": role,
        }
        text = frame.format(
            **facts, verb=_ROLE_WORD[role], article="an" if role == "editor" else "a"
        )
        return self.make_task(
            task_id,
            text,
            f"The file \u201c{f['name']}\u201d is in {where}; {person['name']} <{person['email']}> "
            f"has no access to it yet. You are signed in as {ME}.",
            **facts,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ShareFileParams.of(task)
        seed = build_seed()
        fid = _locate(seed, p)
        world = build_world(task, {fid})
        gold = copy.deepcopy(world)
        uid = next(k for k, u in world["users"].items() if u["email"] == p.email)
        share_item(gold, "file", fid, uid, p.role)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "share_file.py"), self.id)


# -- rename -----------------------------------------------------------------------------------
_RENAME_FRAMES = (
    "Rename \u201c{file}\u201d in {where} to \u201c{new}\u201d.",
    "The file \u201c{file}\u201d ({where}) should be called \u201c{new}\u201d from now on.",
    "Give {where} / {file} the new name \u201c{new}\u201d.",
    "Change the name of the file \u201c{file}\u201d, which sits in {where}, to exactly "
    "\u201c{new}\u201d.",
    "Our naming rule changed: \u201c{file}\u201d in {where} must be renamed \u201c{new}\u201d.",
)
_SUFFIXES = (" - final", " - for review", " (superseded)", " - client copy", " v2")


class RenameFileParams(_FileParams):
    new: str


class RenameFile(DriveFamily):
    id: ClassVar[str] = "rename-file"
    params_type = RenameFileParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("organize", "arrange", "rename")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        f = rng.choice(editable_files(seed))
        stem, dot, ext = f["name"].rpartition(".")
        new = f"{stem}{rng.choice(_SUFFIXES)}{dot}{ext}"
        where = folder_path(seed, f["folderId"])
        text = rng.choice(_RENAME_FRAMES).format(file=f["name"], where=where, new=new)
        return self.make_task(
            task_id,
            text,
            f"\u201c{f['name']}\u201d is in {where}. You are signed in as {ME}.",
            file=f["name"],
            where=where,
            new=new,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RenameFileParams.of(task)
        fid = _locate(build_seed(), p)
        world = build_world(task, {fid})
        gold = copy.deepcopy(world)
        rename_item(gold, "file", fid, p.new)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "rename_file.py"), self.id)


# -- move -------------------------------------------------------------------------------------
_MOVE_FRAMES = (
    "Move \u201c{file}\u201d from {where} into {target}.",
    "The file \u201c{file}\u201d is filed in the wrong place ({where}); it belongs in {target}.",
    "Put {where} / {file} into the folder {target}.",
    "Please file \u201c{file}\u201d under {target} (it is currently in {where}).",
    "\u201c{file}\u201d should live in {target}, not in {where}. Move it there.",
)


class MoveFileParams(_FileParams):
    target: str


class MoveFile(DriveFamily):
    id: ClassVar[str] = "move-file"
    params_type = MoveFileParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("organize", "arrange", "move")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        f = rng.choice(editable_files(seed))
        names = {g["name"] for g in seed["files"].values() if g["name"] == f["name"]}
        targets = [
            k
            for k, folder in sorted(seed["folders"].items())
            if k != f["folderId"]
            and folder["ownerId"] == seed["currentUser"]
            and not in_trash(seed, "folder", k)
            and not any(g["folderId"] == k and g["name"] in names for g in seed["files"].values())
        ]
        target = folder_path(seed, rng.choice(targets))
        where = folder_path(seed, f["folderId"])
        text = rng.choice(_MOVE_FRAMES).format(file=f["name"], where=where, target=target)
        return self.make_task(
            task_id,
            text,
            f"\u201c{f['name']}\u201d is in {where}; the folder {target} exists. You are signed "
            f"in as {ME}.",
            file=f["name"],
            where=where,
            target=target,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = MoveFileParams.of(task)
        seed = build_seed()
        fid = _locate(seed, p)
        world = build_world(task, {fid})
        gold = copy.deepcopy(world)
        move_item(gold, "file", fid, folder_at(world, p.target))
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "move_file.py"), self.id)


# -- restore from the trash -----------------------------------------------------------------
_RESTORE_FRAMES = (
    "I deleted \u201c{file}\u201d from {where} by mistake. Get it back where it was.",
    "Restore the file \u201c{file}\u201d from the trash (it used to be in {where}).",
    "\u201c{file}\u201d should not be in the trash: bring it back to {where}.",
    "Please undo the removal of {where} / {file}; it is still in the trash.",
    "Recover \u201c{file}\u201d, which was moved to the trash from {where}.",
)


class RestoreFromTrash(DriveFamily):
    id: ClassVar[str] = "restore-from-trash"
    params_type = _FileParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("trash", "recover", "restore")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        trashed = [f for _, f in sorted(seed["files"].items()) if f["trashedAt"] is not None]
        f = rng.choice(trashed)
        where = folder_path(seed, f["folderId"])
        text = rng.choice(_RESTORE_FRAMES).format(file=f["name"], where=where)
        return self.make_task(
            task_id,
            text,
            f"\u201c{f['name']}\u201d was in {where} and is in the trash now. You are signed in "
            f"as {ME}.",
            file=f["name"],
            where=where,
        )

    def _find(self, state: State, p: _FileParams) -> str:
        folder = folder_at(state, p.where)
        return next(
            str(k)
            for k, f in state["files"].items()
            if f["name"] == p.file and f["folderId"] == folder and f["trashedAt"]
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = _FileParams.of(task)
        fid = self._find(build_seed(), p)
        world = build_world(task, {fid})
        gold = copy.deepcopy(world)
        restore_item(gold, "file", fid)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(
            params_of(task), inlined_file(CHECKS, "restore_from_trash.py"), self.id
        )


# -- restore a version ------------------------------------------------------------------------
_VERSION_FRAMES = (
    "Make version {number} of \u201c{file}\u201d (in {where}, saved {when}) the current "
    "version again.",
    "The latest edits to \u201c{file}\u201d in {where} were wrong. Restore version {number}, "
    "the one from {when}.",
    "Roll \u201c{file}\u201d ({where}) back to its version {number} of {when}.",
    "Bring back version {number} of {where} / {file} as the current version.",
    "I need \u201c{file}\u201d from {where} to be what it was in version {number} ({when}) "
    "again; restore that version.",
)


class RestoreVersionParams(_FileParams):
    number: int
    when: str
    latest: int


class RestoreVersion(DriveFamily):
    id: ClassVar[str] = "restore-version"
    params_type = RestoreVersionParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("collaborate", "versions", "restore-version")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        counts: dict[str, list[dict[str, Any]]] = {}
        for v in seed["versions"].values():
            counts.setdefault(v["fileId"], []).append(v)
        candidates = [f for f in editable_files(seed) if len(counts.get(f["id"], [])) >= 2]
        f = rng.choice(candidates)
        versions = sorted(counts[f["id"]], key=lambda v: v["number"])
        old = rng.choice(versions[:-1])
        where = folder_path(seed, f["folderId"])
        when = fmt_when(old["createdAt"])
        text = rng.choice(_VERSION_FRAMES).format(
            file=f["name"], where=where, number=old["number"], when=when
        )
        return self.make_task(
            task_id,
            text,
            f"\u201c{f['name']}\u201d in {where} has {len(versions)} versions; version "
            f"{old['number']} was saved on {when}. You are signed in as {ME}.",
            file=f["name"],
            where=where,
            number=old["number"],
            when=when,
            latest=versions[-1]["number"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RestoreVersionParams.of(task)
        fid = _locate(build_seed(), p)
        world = build_world(task, {fid})
        gold = copy.deepcopy(world)
        vid = next(
            k
            for k, v in world["versions"].items()
            if v["fileId"] == fid and v["number"] == p.number
        )
        restore_version(gold, fid, vid, now=GEN_NOW)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "restore_version.py"), self.id)


# -- link access ------------------------------------------------------------------------------
_LINK_FRAMES = (
    "Let anyone with the link {verb} \u201c{file}\u201d in {where}, and take away "
    "{person}'s own access to it.",
    "For \u201c{file}\u201d ({where}): turn on link sharing with the {role} role and remove "
    "{person} from the people with access.",
    "{person} should no longer be listed on {where} / {file}; instead, anyone who has the "
    "link should be able to {verb} it.",
    "Switch \u201c{file}\u201d in {where} to \u201canyone with the link\u201d as {role}, and "
    "remove {person}'s access.",
    "We are publishing \u201c{file}\u201d from {where}: anyone with the link may {verb} it "
    "({role}), and {person} no longer needs a personal share.",
)


class LinkAccessParams(_FileParams):
    role: str
    person: str
    email: str


class LinkAccess(DriveFamily):
    id: ClassVar[str] = "link-access"
    params_type = LinkAccessParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("share", "link", "link-access")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        f = rng.choice(
            [g for g in editable_files(seed) if g["sharedWith"] and not g["linkSharing"]]
        )
        uid = rng.choice(sorted(f["sharedWith"]))
        person = seed["users"][uid]
        role = rng.choice(["viewer", "commenter"])
        where = folder_path(seed, f["folderId"])
        text = rng.choice(_LINK_FRAMES).format(
            file=f["name"], where=where, role=role, verb=_ROLE_WORD[role], person=person["name"]
        )
        return self.make_task(
            task_id,
            text,
            f"\u201c{f['name']}\u201d in {where} is shared with {person['name']} "
            f"<{person['email']}> and others; link sharing is off. A link with the {role} role "
            f"lets anyone who has it {_ROLE_WORD[role]} the file. You are signed in as {ME}.",
            file=f["name"],
            where=where,
            role=role,
            person=person["name"],
            email=person["email"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = LinkAccessParams.of(task)
        fid = _locate(build_seed(), p)
        world = build_world(task, {fid})
        gold = copy.deepcopy(world)
        uid = next(k for k, u in world["users"].items() if u["email"] == p.email)
        set_link_sharing(gold, "file", fid, True, p.role)
        unshare_item(gold, "file", fid, uid)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "link_access.py"), self.id)
