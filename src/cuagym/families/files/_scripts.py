"""Source text of the files domain's three task scripts (standard library + Pillow only).

- ``initial_setup.py`` writes an embedded list of files (``FILES``: path under /home/user, kind
  of content, the text it carries, modification time) and empty folders (``DIRS``). Contents
  are built by small deterministic writers (a hand-made one-page PDF, Pillow images, zip
  archives with fixed timestamps), so two files with the same spec are byte-identical.
- ``golden_patch.py`` replays a list of file operations (``move``, ``copy``, ``delete``,
  ``mkdir``, ``zip``, ``unzip``, ``chmod``) on the tree setup wrote; moves and copies keep
  modification times, as a file manager does.
- ``reward.py`` is the shared reward frame (:mod:`cuagym.scripts`): the initial home's
  tree and the final one (``before``, ``after``: files by content hash, symlinks by target,
  folders) and the paths that changed (``changes``), one walk of /home/user (top-level hidden
  folders such as app settings are skipped) into ``files`` (relative path -> sha256, size,
  mtime, detected kind) and ``dirs``, then a family's flat check block, whose guard compares
  ``changes`` with the family's plan (:mod:`._reward_lib`).
"""

from __future__ import annotations

import json
from typing import Any

from cuagym.apps.files import READ_HOME, REPLAY, REWARD_LIBRARY, WRITE_TREE, WRITERS
from cuagym.scripts import Part, desktop_reward, desktop_script, json_literal

__all__ = ["golden_script", "json_literal", "reward_script", "setup_script"]


_SETUP_IMPORTS = """
import datetime
import hashlib
import io
import json
import os
import zipfile

import docx
import openpyxl
from PIL import Image, ImageDraw
"""


def _spec_lines(items: list[Any]) -> str:
    return "".join(f"    {json.dumps(f, ensure_ascii=False, sort_keys=True)},\n" for f in items)


def setup_script(task_id: str, files: list[dict[str, Any]], dirs: list[str]) -> str:
    """``files``: ``{"path", "kind", "text", "mtime"}`` (path under /home/user, ISO mtime)."""
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: write the folders and files the task starts '
        'from."""',
        imports=_SETUP_IMPORTS,
        parts=[
            f'HOME = "/home/user"\nDIRS = {dirs!r}\nFILES = [\n{_spec_lines(files)}]',
            WRITERS,
            Part(WRITE_TREE, gap=2),
        ],
    )


def golden_script(task_id: str, ops: list[list[str]]) -> str:
    """Replay ``ops`` (``[op, a, b]``, paths under /home/user) like a file manager would."""
    lines = "".join(f"    {json.dumps(op, ensure_ascii=False)},\n" for op in ops)
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: file operations on the tree setup wrote."""',
        imports="import os\nimport shutil\nimport zipfile\n",
        parts=[f'HOME = "/home/user"\nOPS = [\n{lines}]', REPLAY],
    )


def reward_script(
    task_id: str, instruction: str, params: dict[str, Any], body: str, imports: str = ""
) -> str:
    """The shared reward frame around ``body`` (checks over ``files``, ``dirs``, ``before``,
    ``after``, ``changes``, ``start``, ``P``, ``checks``): the initial and the final tree and
    what changed between them, one walk of /home/user; an unreadable home, or a runner that
    gave no initial home, scores 0."""
    return desktop_reward(
        task_id=task_id,
        instruction=instruction,
        params=params,
        imports="import hashlib\nimport json\nimport os\nimport zipfile\n" + imports,
        libraries=[REWARD_LIBRARY],
        read=READ_HOME,
        body=body,
    )
