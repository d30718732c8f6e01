"""Source text of the pdf domain's three task scripts (PyMuPDF, openpyxl, python-docx).

- ``initial_setup.py`` renders the task's documents (``DOCS``) from data and writes the
  companion workbook or memo (``EXTRAS``);
- ``golden_patch.py`` writes the exports Xournal++ would (``EXPORTS``: source pages in order,
  text notes, highlighter strokes);
- ``reward.py`` is the shared reward frame around the home's read block, the pdf reward
  library and a family's checks (:mod:`._checks`).
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.pdf import READ_HOME, RENDER, REPLAY, REWARD_LIBRARY
from cuagym.scripts import Part, desktop_reward, desktop_script, json_literal

__all__ = ["golden_script", "reward_script", "setup_script"]


def setup_script(task_id: str, docs: list[dict[str, Any]], extras: list[dict[str, Any]]) -> str:
    # openpyxl and python-docx only where a workbook or a memo is written: their imports are a
    # good part of a reset's setup time.
    kinds = {extra["kind"] for extra in extras}
    office = "".join(
        f"import {module}\n" for module, kind in (("docx", "memo"), ("openpyxl", "sheet"))
        if kind in kinds
    )  # fmt: skip
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: render the documents the task starts from."""',
        imports=f"import datetime\nimport json\nimport os\n\n{office}import pymupdf\n",
        parts=[
            f'HOME = "/home/user"\nDOCS = {json_literal(docs)}\nEXTRAS = {json_literal(extras)}',
            Part(RENDER),
        ],
    )


def golden_script(task_id: str, exports: list[dict[str, Any]]) -> str:
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: the exports a person makes in Xournal++."""',
        imports="import json\nimport os\n\nimport pymupdf\n",
        parts=[f'HOME = "/home/user"\nEXPORTS = {json_literal(exports)}', REPLAY],
    )


def reward_script(
    task_id: str, instruction: str, params: dict[str, Any], body: str, imports: str = ""
) -> str:
    """The reward frame around ``body`` (checks over ``start``, ``before``, ``after``,
    ``changes``, ``P``, ``checks`` and the pdf reward library)."""
    return desktop_reward(
        task_id=task_id,
        instruction=instruction,
        params=params,
        imports="import json\nimport os\nimport re\n\nimport pymupdf\n" + imports,
        libraries=[REWARD_LIBRARY],
        read=READ_HOME,
        body=body,
    )
