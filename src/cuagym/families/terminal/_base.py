"""What every terminal family shares: the Generator's pipeline, the reward frame, the oracle.

A family supplies :meth:`TerminalFamily.world` (the entries and folders the task starts from),
:meth:`TerminalFamily.solve` (the shell-like operations that reach the one correct end state),
:meth:`TerminalFamily.commands` (the short command lines a person types for it, the GUI
oracle's plan) and :meth:`TerminalFamily.checks` (the reward's flat check block, written from
the params alone, over the read block's ``before``, ``after``, ``changes``, ``start``).
"""

from __future__ import annotations

import json
import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.terminal import READ_HOME, REPLAY, REWARD_LIBRARY, WRITE_HOME
from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.scripts import Part, desktop_reward, desktop_script

__all__ = ["Entry", "Op", "TerminalFamily", "params_of", "quote"]

#: ``{"path", "text", "mode"?, "mtime"?}``, ``{"path", "link"}`` or ``{"path", "sheet"}``
Entry = dict[str, Any]
#: ``[op, a, b]``: a golden-patch operation (see the app's ``_replay``)
Op = list[str]
HOME = "/home/user"


def params_of(task: TaskConfig, model: type[TaskParams] | None = None) -> dict[str, Any]:
    """The task's params, first checked against ``model`` when given."""
    if not isinstance(task.params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    if model is not None:
        model.of(task)
    return task.params


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


def _lines(items: list[Any]) -> str:
    return "".join(f"    {json.dumps(x, ensure_ascii=False, sort_keys=True)},\n" for x in items)


class TerminalFamily(TaskFamily):
    """A terminal task family over the /home/user tree."""

    domain: ClassVar[str] = "terminal"
    #: extra import lines of the family's reward (a workbook read with openpyxl)
    reward_imports: ClassVar[str] = ""

    def folder(self, params: Mapping[str, Any]) -> str:
        """The folder the terminal opens in, relative to the home ('' for the home)."""
        return str(params.get("folder", ""))

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """xterm in the task's folder (a cross family puts its other app first)."""
        folder = self.folder(params)
        return [StartWindow(app="terminal", path=HOME + ("/" + folder if folder else ""))]

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.terminal._oracle import TerminalOracle

        entries, _ = self.world(params_of(task), family_rng(task, "world"))
        return TerminalOracle(task, self.commands(params_of(task), entries))

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Entry], list[str]]:
        """The initial home: entries and folders, paths relative to /home/user."""

    @abstractmethod
    def solve(self, p: dict[str, Any], entries: list[Entry]) -> list[Op]:
        """The operations that turn the initial home into the correct end state."""

    @abstractmethod
    def commands(self, p: dict[str, Any], entries: list[Entry]) -> list[str]:
        """The command lines that solve the task, typed in the start folder."""

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task, self.params_type)
        entries, dirs = self.world(p, family_rng(task, "world"))
        paths = [e["path"] for e in entries]
        if len(set(paths)) != len(paths):
            raise ValueError(f"{task.task_id}: the world has two entries at one path")
        ops = self.solve(p, entries)
        setup = desktop_script(
            header=f'"""initial_setup.py for {task.task_id}: write the home the task starts '
            'from."""',
            imports="import datetime\nimport os\n\nimport openpyxl\n",
            parts=[
                f'HOME = "{HOME}"\nDIRS = {dirs!r}\nENTRIES = [\n{_lines(entries)}]',
                Part(WRITE_HOME, gap=1),
            ],
        )
        golden = desktop_script(
            header=f'"""golden_patch.py for {task.task_id}: the commands\' effect on the home."""',
            imports="import os\nimport tarfile\n",
            parts=[f'HOME = "{HOME}"\nOPS = [\n{_lines(ops)}]', REPLAY],
        )
        return GeneratedScripts(initial_setup=setup, golden_patch=golden)

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def checks(self, p: dict[str, Any]) -> str:
        """The reward's check block: code in ``main`` over the read block's names and ``P``."""

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task, self.params_type)
        return desktop_reward(
            task_id=task.task_id,
            instruction=task.instruction,
            params=p,
            imports="import hashlib\nimport json\nimport os\nimport re\nimport stat\n"
            "import tarfile\nfrom collections.abc import Iterable\n" + self.reward_imports,
            libraries=[REWARD_LIBRARY],
            read=READ_HOME,
            body=self.checks(p),
        )
