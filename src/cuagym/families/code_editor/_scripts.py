"""Source text of the code-editor domain's three task scripts (standard library, openpyxl and
python-docx only).

- ``initial_setup.py`` writes the project's files (``FILES``: path under /home/user -> text)
  and, for a cross-app task, a workbook (``SHEETS``) or a document (``DOCS``), all with one
  fixed modification time.
- ``golden_patch.py`` writes the whole new text of each file the task edits (``EDITS``), as
  the editor's save does.
- ``reward.py`` is the shared reward frame (:mod:`cuagym.scripts`): the initial and the final
  home's trees and the paths that changed (``start``, ``before``, ``after``, ``changes``),
  the app's reward library (texts, tolerances, the plan verdict), then a family's flat check
  block.
"""

from __future__ import annotations

import json
from typing import Any

from cuagym.apps.code_editor import READ_HOME, REPLAY, REWARD_LIBRARY, WRITE_FILES
from cuagym.scripts import desktop_reward, desktop_script

__all__ = ["MTIME", "golden_script", "reward_script", "setup_script"]

#: every file's modification time: 2025-01-15 09:30 UTC
MTIME = 1736933400.0


def _mapping(name: str, items: dict[str, Any]) -> str:
    lines = "".join(
        f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n"
        for k, v in sorted(items.items())
    )
    return f"{name} = {{\n{lines}}}"


def setup_script(
    task_id: str,
    files: dict[str, str],
    sheets: dict[str, Any] | None = None,
    docs: dict[str, Any] | None = None,
) -> str:
    """Write ``files`` (path -> text), ``sheets`` and ``docs`` under /home/user."""
    constants = "\n".join(
        [
            'HOME = "/home/user"',
            f"MTIME = {MTIME!r}",
            _mapping("FILES", files),
            _mapping("SHEETS", sheets or {}),
            _mapping("DOCS", docs or {}),
        ]
    )
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: write the project the task starts from."""',
        imports="import os\n\nimport docx\nimport openpyxl\n",
        parts=[constants, WRITE_FILES],
    )


def golden_script(task_id: str, edits: dict[str, str]) -> str:
    """Write each file of ``edits`` (path -> whole new text) as the editor saves it."""
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: the edited files, saved."""',
        imports="import os\n",
        parts=['HOME = "/home/user"\n' + _mapping("EDITS", edits), REPLAY],
    )


def reward_script(
    task_id: str, instruction: str, params: dict[str, Any], body: str, imports: str = ""
) -> str:
    """The shared reward frame around ``body`` (checks over ``start``, ``before``, ``after``,
    ``changes``, ``P``, ``checks``); an unreadable home, or a runner that gave no initial
    home, scores 0."""
    return desktop_reward(
        task_id=task_id,
        instruction=instruction,
        params=params,
        imports="import io\nimport json\nimport os\nimport tokenize\n" + imports,
        libraries=[REWARD_LIBRARY],
        read=READ_HOME,
        body=body,
    )
