"""Source text of calc's three task scripts (openpyxl + standard library only).

- ``initial_setup.py`` rebuilds the task's workbook from embedded rows: one ``SHEETS`` entry
  per sheet (rows, number formats per column, column widths), then a family's ``extra`` lines
  (a title row, a chart, ...) run on ``wb`` before the save.
- ``golden_patch.py`` loads that same file, applies a family's edit to ``wb`` and saves it in
  place (copy-then-modify: everything the task does not touch stays as setup wrote it).
- ``reward.py`` is the shared reward frame (:mod:`cuagym.scripts`) around a family's
  flat check block: load the workbook twice (formulas, and cached values as LibreOffice saves
  them), the helpers of :mod:`._reward_lib`, a flat ``checks`` list of ``(name, points, passed,
  detail)``. A 0-point check is a guard: it holds on the initial state and, when it fails,
  zeroes the reward.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from cuagym.apps.calc import READ_WORKBOOK, REWARD_LIBRARY
from cuagym.scripts import (
    Part,
    desktop_reward,
    desktop_script,
    inlined,
    json_literal,
)

__all__ = ["golden_script", "json_literal", "py_rows", "reward_script", "setup_script"]

REWARD_HELPERS = REWARD_LIBRARY
REWARD_GUARDS = inlined(Path(__file__).with_name("_reward_guards.py"))


def py_rows(rows: list[list[Any]], indent: str = "            ") -> str:
    """Rows as a Python list literal, one row a line (dates become ``datetime.date(...)``)."""
    body = "".join(f"{indent}[{', '.join(repr(v) for v in row)}],\n" for row in rows)
    return "[\n" + body + indent[:-4] + "]"


_SETUP_IMPORTS = """
import datetime
import os

import openpyxl
from openpyxl.styles import Alignment, Font, PatternFill
"""

#: Build every sheet of ``SHEETS`` into ``wb``: rows, number formats per column, widths.
_BUILD_SHEETS = """
wb = openpyxl.Workbook()
wb.remove(wb.active)
for spec in SHEETS:
    ws = wb.create_sheet(spec["title"])
    for row in spec["rows"]:
        ws.append(row)
    for col, fmt in spec["formats"].items():
        for (cell,) in ws.iter_rows(min_row=spec["data_row"], min_col=ws[col + "1"].column,
                                    max_col=ws[col + "1"].column):
            cell.number_format = fmt
    for col, width in spec["widths"].items():
        ws.column_dimensions[col].width = width
"""

_SAVE = """
os.makedirs(os.path.dirname(PATH), exist_ok=True)
wb.save(PATH)
print("wrote", PATH)
"""


def setup_script(task_id: str, path: str, sheets: list[dict[str, Any]], extra: str = "") -> str:
    """``sheets``: ``{"title", "rows", "formats": {col: fmt}, "widths": {col: w}, "data_row"}``;
    ``extra``: statements run on ``wb`` after the sheets are built, before the save."""
    specs = "".join(
        "    {\n"
        f'        "title": {s["title"]!r},\n'
        f'        "data_row": {s.get("data_row", 2)!r},  # first row below the header\n'
        f'        "formats": {s.get("formats", {})!r},\n'
        f'        "widths": {s.get("widths", {})!r},\n'
        f'        "rows": {py_rows(s["rows"])},\n'
        "    },\n"
        for s in sheets
    )
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: write the workbook the task starts from."""',
        imports=_SETUP_IMPORTS,
        parts=[
            f"PATH = {path!r}\nSHEETS = [\n{specs}]",
            _BUILD_SHEETS,
            Part(extra, gap=0),
            _SAVE,
        ],
    )


_GOLDEN_IMPORTS = """
import datetime
import json

import openpyxl
from openpyxl.chart import BarChart, Reference
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation
"""


def golden_script(task_id: str, path: str, facts: dict[str, Any], body: str) -> str:
    """Load ``path`` into ``wb``, run ``body`` (which may read ``F`` = facts), save in place."""
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: edit the workbook setup wrote, save it in '
        'place."""',
        imports=_GOLDEN_IMPORTS,
        parts=[
            f"PATH = {path!r}\nF = {json_literal(facts)}",
            "wb = openpyxl.load_workbook(PATH)",
            Part(body, gap=0),
            Part("wb.save(PATH)", gap=0),
        ],
    )


# Every calc task edits one workbook: any other file of the home that appears, disappears or
# changes is collateral. LibreOffice's lock file beside the open workbook is its own business.
_HOME_GUARD = """
target = os.path.relpath(P["path"], HOME)
lock = os.path.join(os.path.dirname(target), ".~lock." + os.path.basename(target) + "#")
strays = uncovered(tree_changes(tree(start), tree(HOME), start, HOME), [target, lock], "/")
checks.append(("other_files_kept", 0, not strays, "other files changed: " + listing(strays)))
"""


def reward_script(task_id: str, instruction: str, params: dict[str, Any], body: str) -> str:
    """The shared reward frame around ``body`` (checks over ``wb``, ``vals``, ``before``,
    ``after``, ``P``, ``checks``): load the workbook twice (formulas, and cached values as
    LibreOffice saves them) and its views before (the initial home) and after, the shared
    desktop guards and the helpers of :mod:`._reward_lib` and :mod:`._reward_guards`; then the
    family's checks and the guard that no other file of the home changed. A workbook that
    cannot be read, or a runner that gave no initial home, scores 0."""
    return desktop_reward(
        task_id=task_id,
        instruction=instruction,
        params=params,
        imports="import json\n\nimport openpyxl\n",
        libraries=[REWARD_HELPERS, REWARD_GUARDS],
        read=READ_WORKBOOK,
        body=textwrap.dedent(body).strip("\n") + "\n" + _HOME_GUARD,
    )
