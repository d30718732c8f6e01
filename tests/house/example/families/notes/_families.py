"""The three notes families: pin a note, rename a note, tag a note."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig
from cuagym.families import GeneratedScripts, TaskFamily, TaskParams
from tests.house.example.apps.notes import add_tag, build_seed, rename_note, set_pinned
from tests.house.example.families.notes._common import (
    NoteParams,
    note_id,
    notes_reward,
    post_script,
    world_of,
)
from tests.house.example.families.notes._oracle import PinNoteOracle

__all__ = ["PinNote", "RenameNote", "TagNote"]


class RenameParams(NoteParams):
    title: str


class TagParams(NoteParams):
    tag: str


class _NotesFamily(TaskFamily):
    domain: ClassVar[str] = "notes"
    difficulty: ClassVar[Difficulty] = "easy"

    def scripts(
        self, task: TaskConfig, note: str, change: Callable[[dict[str, Any], str], None]
    ) -> GeneratedScripts:
        """Setup posts the world; the golden patch posts it with ``change`` applied to the
        task's ``note`` (the app's own state operation, called with the state and the id)."""
        world = world_of(task)
        gold = copy.deepcopy(world)
        change(gold, note_id(world, note))
        return GeneratedScripts(post_script("set", world), post_script("set_current", gold))


class PinNote(_NotesFamily):
    id: ClassVar[str] = "pin-note"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("notes", "pin")
    params_type: ClassVar[type[TaskParams] | None] = NoteParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        title = rng.choice(sorted(n["title"] for n in build_seed()["notes"].values()))
        return self.make_task(
            task_id, f'Pin the note "{title}".', "The notes app lists four notes.", note=title
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        note = NoteParams.of(task).note
        return self.scripts(task, note, lambda state, nid: set_pinned(state, nid, True))

    def oracle(self, task: TaskConfig) -> object | None:
        return PinNoteOracle(task)

    def write_reward(self, task: TaskConfig) -> str:
        return notes_reward(
            task,
            """
            checks.append(("pinned", 1, note.get("pinned") is True, "pinned: " + str(note.get("pinned"))))
            extra = diff_outside(diff, ["notes." + nid + ".pinned"])
            checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
            """,  # noqa: E501
        )


class RenameNote(_NotesFamily):
    id: ClassVar[str] = "rename-note"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("notes", "rename")
    params_type: ClassVar[type[TaskParams] | None] = RenameParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        title = rng.choice(sorted(n["title"] for n in build_seed()["notes"].values()))
        new = rng.choice(["Archive", "Ideas", "Follow-ups"]) + " " + str(rng.randint(2, 9))
        return self.make_task(
            task_id,
            f'Rename the note "{title}" to "{new}".',
            "The notes app lists four notes.",
            note=title,
            title=new,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RenameParams.of(task)
        return self.scripts(task, p.note, lambda state, nid: rename_note(state, nid, p.title))

    def write_reward(self, task: TaskConfig) -> str:
        return notes_reward(
            task,
            """
            checks.append(("title", 1, note.get("title") == P["title"], "title: " + str(note.get("title"))))
            extra = diff_outside(diff, ["notes." + nid + ".title"])
            checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
            """,  # noqa: E501
        )


class TagNote(_NotesFamily):
    id: ClassVar[str] = "tag-note"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("notes", "tag")
    params_type: ClassVar[type[TaskParams] | None] = TagParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        title = rng.choice(sorted(n["title"] for n in build_seed()["notes"].values()))
        tag = rng.choice(["urgent", "someday", "review"])
        return self.make_task(
            task_id,
            f'Tag the note "{title}" with "{tag}", keeping its other tags.',
            "The notes app lists four notes; some carry tags.",
            note=title,
            tag=tag,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = TagParams.of(task)
        return self.scripts(task, p.note, lambda state, nid: add_tag(state, nid, p.tag))

    def write_reward(self, task: TaskConfig) -> str:
        return notes_reward(
            task,
            """
            before = init["notes"].get(nid, {}).get("tags", [])
            checks.append(("tagged", 1, note.get("tags") == before + [P["tag"]], "tags: " + str(note.get("tags"))))
            extra = diff_outside(diff, ["notes." + nid + ".tags", "notes." + nid + ".tags.**"])
            checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
            """,  # noqa: E501
        )
