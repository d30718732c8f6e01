"""Hard families: several screens and a judgement the instruction asks for (the largest files
of the trash; which files of a folder are of a kind)."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.drive import build_seed, fmt_size, folder_at, folder_path
from cuagym.apps.drive.ops import create_folder, delete_forever, in_trash, move_item
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

__all__ = ["FreeSpace", "TidyFolder"]

State = dict[str, Any]


def trashed_files(state: State) -> list[dict[str, Any]]:
    """Files put in the trash themselves (not through a folder), largest first."""
    rows = [f for f in state["files"].values() if f["trashedAt"] is not None]
    return sorted(rows, key=lambda f: (-f["sizeBytes"], f["id"]))


# -- free space -------------------------------------------------------------------------------
_SPACE_FRAMES = (
    "Our storage is filling up. Delete forever the {count} largest files in the trash, and "
    "leave everything else in the trash as it is.",
    "Free some space: permanently delete the {count} biggest files sitting in the trash (only "
    "those {count}; the rest of the trash stays).",
    "Empty out the heaviest items of the trash: the {count} largest files there should be "
    "deleted for good. Don't touch anything else.",
    "Look through the trash and get rid of the {count} files that take the most space, for "
    "good. Keep the other trashed items restorable.",
    "Before the storage quota runs out, delete forever the {count} largest trashed files. "
    "The smaller ones stay in the trash.",
)


class FreeSpaceParams(TaskParams):
    count: int
    names: list[str]


class FreeSpace(DriveFamily):
    id: ClassVar[str] = "free-space"
    params_type = FreeSpaceParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("storage", "quota", "free-space")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        count = rng.choice([2, 3])
        # The world is the seed's trash itself: its sizes decide (varied worlds keep the trash).
        largest = trashed_files(seed)[:count]
        sizes = ", ".join(f"\u201c{f['name']}\u201d ({fmt_size(f['sizeBytes'])})" for f in largest)
        text = rng.choice(_SPACE_FRAMES).format(count=count)
        return self.make_task(
            task_id,
            text,
            f"The trash holds {len(trashed_files(seed))} files and one folder. Its largest "
            f"files are {sizes}. You are signed in as {ME}.",
            count=count,
            names=[f["name"] for f in largest],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = FreeSpaceParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        for f in trashed_files(world)[: p.count]:
            delete_forever(gold, "file", f["id"])
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "free_space.py"), self.id)


# -- tidy a folder ----------------------------------------------------------------------------
_KIND_WORDS = {
    "pdf": ("PDFs", "PDF files"),
    "image": ("Images", "images"),
    "document": ("Documents", "documents"),
    "spreadsheet": ("Spreadsheets", "spreadsheets"),
    "presentation": ("Presentations", "presentations"),
}
_TIDY_FRAMES = (
    "Tidy up {where}: create a folder \u201c{new}\u201d inside it and move every {noun} of "
    "{where} into that new folder. Leave the other files where they are.",
    "In {where}, the {noun} should be grouped in a new subfolder named \u201c{new}\u201d. "
    "Make it and move them all there; nothing else moves.",
    "Please make a folder called \u201c{new}\u201d in {where} and put all of that folder's "
    "{noun} in it (only those).",
    "{where} is getting crowded. Gather all its {noun} into a new folder \u201c{new}\u201d "
    "created inside {where}; the other files stay.",
    "Create \u201c{new}\u201d under {where}, then move each of the {noun} that are directly "
    "in {where} into it. Don't move any other file.",
)


class TidyFolderParams(TaskParams):
    where: str
    kind: str
    new: str
    files: list[str]


class TidyFolder(DriveFamily):
    id: ClassVar[str] = "tidy-folder"
    params_type = TidyFolderParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("organize", "arrange", "reorganize")

    @staticmethod
    def _files(state: State, folder: str, kind: str) -> list[dict[str, Any]]:
        return sorted(
            (
                f
                for f in state["files"].values()
                if f["folderId"] == folder
                and f["kind"] == kind
                and not in_trash(state, "file", f["id"])
            ),
            key=lambda f: f["name"],
        )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        options = []
        for k, folder in sorted(seed["folders"].items()):
            if folder["ownerId"] != seed["currentUser"] or in_trash(seed, "folder", k):
                continue
            inside = [
                f for f in seed["files"].values() if f["folderId"] == k and f["trashedAt"] is None
            ]
            for kind in _KIND_WORDS:
                same = [f for f in inside if f["kind"] == kind]
                if 2 <= len(same) <= 4 and len(same) < len(inside):
                    options.append((k, kind))
        folder, kind = rng.choice(options)
        where = folder_path(seed, folder)
        new, noun = _KIND_WORDS[kind]
        files = [f["name"] for f in self._files(seed, folder, kind)]
        text = rng.choice(_TIDY_FRAMES).format(where=where, new=new, noun=noun)
        return self.make_task(
            task_id,
            text,
            f"{where} holds {len(files)} {noun} ({', '.join(files)}) among other files and has "
            f"no folder \u201c{new}\u201d yet. Types: {kind} files. You are signed in as {ME}.",
            where=where,
            kind=kind,
            new=new,
            files=files,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = TidyFolderParams.of(task)
        seed = build_seed()
        folder = folder_at(seed, p.where)
        assert folder is not None
        world = build_world(task, {folder})
        gold = copy.deepcopy(world)
        new = create_folder(gold, folder, p.new, now=GEN_NOW)
        for f in self._files(world, folder, p.kind):
            move_item(gold, "file", f["id"], new)
        return self.scripts(world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(params_of(task), inlined_file(CHECKS, "tidy_folder.py"), self.id)
