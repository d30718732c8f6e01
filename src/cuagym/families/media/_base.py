"""What every media family shares: the Generator's pipeline and the reward frame.

A family supplies :meth:`MediaFamily.world` (the files the task starts from, built from the
task's params and a seeded RNG), :meth:`MediaFamily.solve` (the golden operations: a playlist,
a snapshot, a tag edit, as VLC writes them) and :meth:`MediaFamily.checks` (the reward's flat
check block, written from the params alone).
"""

from __future__ import annotations

import json
import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.media import READ_HOME, REPLAY, REWARD_LIBRARY, WRITE_TREE, WRITERS, MediaSpec
from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng
from cuagym.scripts import Part, desktop_reward, desktop_script

__all__ = ["MediaFamily", "MediaSpec", "Op", "golden_script", "quote", "reward_script",
           "setup_script", "slug"]  # fmt: skip

#: a golden operation (see the app's REPLAY): ``["playlist", path, [entries]]``, ...
Op = list[Any]

_SETUP_IMPORTS = """
import datetime
import io
import math
import os
import struct

import docx
import openpyxl
from PIL import Image, ImageDraw, ImageFont
"""


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


def slug(text: str) -> str:
    """A file-name form of a title: lower case, words joined by underscores."""
    kept = "".join(c if c.isalnum() else " " for c in text.lower())
    return "_".join(kept.split())


def _spec_lines(items: list[Any]) -> str:
    return "".join(f"    {json.dumps(f, ensure_ascii=False, sort_keys=True)},\n" for f in items)


def setup_script(task_id: str, files: list[MediaSpec], dirs: list[str]) -> str:
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: write the media library the task starts '
        'from."""',
        imports=_SETUP_IMPORTS,
        parts=[
            f'HOME = "/home/user"\nDIRS = {dirs!r}\nFILES = [\n{_spec_lines(files)}]',
            WRITERS,
            Part(WRITE_TREE, gap=2),
        ],
    )


def golden_script(task_id: str, ops: list[Op]) -> str:
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: what the media player writes when the task '
        'is done."""',
        imports="import hashlib\nimport os\nimport struct\nimport urllib.parse\n",
        parts=[f'HOME = "/home/user"\nOPS = [\n{_spec_lines(ops)}]', REWARD_LIBRARY, REPLAY],
    )


def reward_script(
    task_id: str, instruction: str, params: dict[str, Any], body: str, imports: str = ""
) -> str:
    """The shared reward frame around ``body`` (checks over ``start``, ``before``, ``after``,
    ``changes``, ``added``, ``P``, ``checks``); an unreadable home, or a runner that gave no
    initial home, scores 0."""
    return desktop_reward(
        task_id=task_id,
        instruction=instruction,
        params=params,
        imports="import hashlib\nimport json\nimport os\nimport struct\nimport urllib.parse\n"
        + imports,
        libraries=[REWARD_LIBRARY],
        read=READ_HOME,
        body=body,
    )


class MediaFamily(TaskFamily):
    """A media-player task family over the home's media files."""

    domain: ClassVar[str] = "media"
    #: extra import lines of the family's reward (a workbook read with openpyxl)
    reward_imports: ClassVar[str] = ""

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The media player, empty (a family whose context names an open file overrides)."""
        return [StartWindow(app="media")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.media._oracle_tasks import ORACLES

        made = ORACLES.get(self.id)
        return made(task, self) if made is not None else None

    def params_of(self, task: TaskConfig) -> dict[str, Any]:
        if not isinstance(task.params, dict):
            raise ValueError(f"task {task.task_id} has no params")
        if self.params_type is not None:
            self.params_type.of(task)
        return task.params

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        """The initial home's files, paths relative to /home/user."""

    @abstractmethod
    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        """The golden operations that turn the initial home into the correct end state."""

    def world_of(self, task: TaskConfig) -> list[MediaSpec]:
        """The task's world (deterministic: the same task, the same files)."""
        return self.world(self.params_of(task), family_rng(task, "world"))

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = self.params_of(task)
        files = self.world_of(task)
        paths = [f["path"] for f in files]
        if len(set(paths)) != len(paths):
            raise ValueError(f"{task.task_id}: the world has two files at one path")
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, files, ["Music/Playlists", "Pictures"]),
            golden_patch=golden_script(task.task_id, self.solve(p, files)),
        )

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def checks(self, p: dict[str, Any]) -> str:
        """The reward's check block: code in ``main`` over the read block's names and ``P``."""

    def write_reward(self, task: TaskConfig) -> str:
        p = self.params_of(task)
        return reward_script(task.task_id, task.instruction, p, self.checks(p), self.reward_imports)
