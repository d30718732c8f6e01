"""An office-file task's three scripts, and the family base writer and impress share.

The scripts are composed by the desktop composers (:func:`cuagym.scripts.desktop_script`,
:func:`cuagym.scripts.desktop_reward`) from real modules pasted as text: the apps' builders,
edit helpers and readers, the office guards here, and a family's fragments
(:func:`fragment`).

- ``initial_setup.py`` holds builder functions (python-docx / python-pptx / openpyxl source,
  one per file kind) and the files to build as JSON: the Generator decides the whole world at
  generation time, the script only renders it. It writes files and nothing else: in our
  sandbox the orchestrator opens the app on them.
- ``golden_patch.py`` opens the files setup wrote and edits them in place (copy-then-modify:
  whatever the task does not touch stays byte-for-byte the library's rendering of setup's
  content), then saves.
- ``reward.py`` is the shared reward frame around a family's *read block* (open the files;
  any failure is ``REWARD: 0.0``) and its flat *check block*: a list of ``(name, points,
  passed, detail)`` appended in straight-line code, never through a nested helper, which the
  forbidden-pattern scanner cannot follow. Module-level helpers compute values from what was read.

:class:`OfficeFamily` wires these together for a domain; writer and impress subclass it
(:mod:`._office_writer`, :mod:`._office_impress`).
"""

from __future__ import annotations

import random
import textwrap
from abc import abstractmethod
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng
from cuagym.families._office_oracle import OfficeOracle
from cuagym.scripts import Part, desktop_reward, desktop_script, inlined, inlined_file, json_literal

__all__ = [
    "OFFICE_GUARDS",
    "XLSX_BUILDER",
    "OfficeFamily",
    "fragment",
    "params_of",
    "patch_script",
    "quote",
    "reward_script",
    "setup_script",
]


def params_of(task: TaskConfig) -> dict[str, Any]:
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    return params


def fragment(package: str, filename: str) -> str:
    """The text of a script fragment, a module of ``package`` whose part below its inline
    marker a family pastes into a script (statements of a reward's ``main`` or of a golden
    patch, or helper definitions), read as text and starting on a new line."""
    return "\n" + inlined_file(package, filename)


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


_SETUP_MAIN = """
# The orchestrator opens the app on these files; setup itself only writes them (a GUI start
# here would need DISPLAY and a non-blocking Popen, see SKILL.md section 3).
for folder in ("Documents", "Desktop", "Downloads"):
    os.makedirs(os.path.join("/home/user", folder), exist_ok=True)
for spec in FILES:
    os.makedirs(os.path.dirname(spec["path"]), exist_ok=True)
    BUILDERS[spec["kind"]](spec)
    print("wrote " + spec["path"])
"""


def setup_script(task_id: str, files: list[dict[str, Any]], builders: dict[str, str]) -> str:
    """``initial_setup.py``: the builders the files need, the files as JSON, a render loop."""
    kinds = sorted({f["kind"] for f in files})
    table = ", ".join(f"{k!r}: build_{k}" for k in kinds)
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: build the task\'s files under /home/user."""',
        imports="import json\nimport os\n",
        parts=[
            *(Part(builders[k], gap=2 if i else 1) for i, k in enumerate(kinds)),
            Part(f"BUILDERS = {{{table}}}\nFILES = {json_literal(files)}", gap=2),
            _SETUP_MAIN,
        ],
    )


def patch_script(
    task_id: str, params: dict[str, Any], imports: str, helpers: str, body: str
) -> str:
    """``golden_patch.py``: the task's params, edit helpers, then the family's edit block."""
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: edit the files setup wrote, then save them."""',
        imports="import json\n" + textwrap.dedent(imports).strip("\n"),
        parts=[f"P = {json_literal(params)}", helpers, body],
    )


#: Whole-home guard of every office reward (after the desktop libraries, which it uses): the
#: files of the home outside the task's targets are as setup left them (:mod:`._office_guards`).
OFFICE_GUARDS = inlined(Path(__file__).with_name("_office_guards.py"))

#: ``build_xlsx(spec)`` for the setup of cross-app office tasks that start from a workbook
#: (:mod:`._office_xlsx`; read as text: it imports openpyxl, which the host may not have).
XLSX_BUILDER = inlined(Path(__file__).with_name("_office_xlsx.py"))


def reward_script(task: TaskConfig, imports: str, helpers: str, read: str, body: str) -> str:
    """``reward.py``: the desktop reward (:func:`cuagym.scripts.desktop_reward`) with the office
    guards and the domain's helpers after the desktop libraries, the read block (a file that
    cannot be read scores 0) and the check block."""
    return desktop_reward(
        task_id=task.task_id,
        instruction=task.instruction,
        params=params_of(task),
        imports="import json\n" + textwrap.dedent(imports).strip("\n") + "\n",
        libraries=[OFFICE_GUARDS, helpers],
        read=read,
        body=body,
    )


class OfficeFamily(TaskFamily):
    """A family whose state is office files under /home/user.

    Subclasses (one base per domain) fix the script vocabulary: ``builders`` (file kind →
    builder source), ``patch_imports``/``patch_helpers`` and ``reward_imports``/
    ``reward_helpers``; a family supplies the rest.
    """

    builders: ClassVar[dict[str, str]]
    #: the family's GUI solver, made from a task (None: the family has none yet)
    oracle_type: ClassVar[type[OfficeOracle] | None] = None
    patch_imports: ClassVar[str]
    patch_helpers: ClassVar[str]
    reward_imports: ClassVar[str]
    reward_helpers: ClassVar[str]

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``oracle_type``): it acts through ``computer_use`` only."""
        return self.oracle_type(task) if self.oracle_type is not None else None

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The domain's app (writer, impress) on the task's file."""
        return [StartWindow(app=self.domain, path=params["path"])]

    def checked_params(self, task: TaskConfig) -> dict[str, Any]:
        """``task.params``, first read as the family's typed model (``params_type``): a task
        from elsewhere (an edited JSON) with a missing, extra or mistyped parameter is refused
        with a ValueError naming it, before any script is written."""
        if self.params_type is not None:
            self.params_type.of(task)
        return params_of(task)

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        """The files of the initial state (``{"kind", "path", ...}`` specs the builders take),
        consistent with every fact the task's context states; filler varies with ``rng``."""

    @abstractmethod
    def patch(self, p: dict[str, Any]) -> str:
        """The golden patch's edit block (``P`` = params, the patch helpers in scope)."""

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = self.checked_params(task)
        files = self.files(p, family_rng(task, "world"))
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, files, self.builders),
            golden_patch=patch_script(
                task.task_id, p, self.patch_imports, self.patch_helpers, self.patch(p)
            ),
        )

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def reward_read(self, p: dict[str, Any]) -> str:
        """Statements that open the task's files (inside ``try``: a failure scores 0)."""

    @abstractmethod
    def reward_body(self, p: dict[str, Any]) -> str:
        """Flat checks appended to ``checks`` from what the read block opened."""

    def write_reward(self, task: TaskConfig) -> str:
        p = self.checked_params(task)
        return reward_script(
            task, self.reward_imports, self.reward_helpers, self.reward_read(p), self.reward_body(p)
        )
