"""Source text of the image domain's three task scripts (standard library + Pillow; python-docx
and openpyxl where a brief or a workbook is part of the home).

- ``initial_setup.py`` paints an embedded list of images (``IMAGES``) with the app's painters
  and writes the other files (``OTHERS``: a workbook, a brief);
- ``golden_patch.py`` does each job (``JOBS``: source, output, steps, format, quality) with
  Pillow, as the app's :mod:`~cuagym.apps.image_editor._edit` defines the steps;
- ``reward.py`` is the shared desktop reward frame: the initial and the final home (``start``,
  ``before``, ``after``, ``changes``) and the app's comparisons, then a family's checks.
"""

from __future__ import annotations

import json
from typing import Any

from cuagym.apps.image_editor import (
    EDITS,
    PAINTERS,
    READ_HOME,
    REPLAY,
    REWARD_LIBRARY,
    WRITE_IMAGES,
)
from cuagym.scripts import Part, desktop_reward, desktop_script

__all__ = ["golden_script", "reward_script", "setup_script"]

_PIL = "from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageOps\n"


def _lines(items: list[Any]) -> str:
    return "".join(f"    {json.dumps(i, ensure_ascii=False, sort_keys=True)},\n" for i in items)


def setup_script(task_id: str, images: list[dict[str, Any]], others: list[dict[str, Any]]) -> str:
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: paint the images and write the files the '
        'task starts from."""',
        imports="import io\nimport os\nimport random\n\nimport docx\nimport openpyxl\n" + _PIL,
        parts=[
            f'HOME = "/home/user"\nIMAGES = [\n{_lines(images)}]\nOTHERS = [\n{_lines(others)}]',
            PAINTERS,
            Part(WRITE_IMAGES, gap=2),
        ],
    )


def golden_script(task_id: str, jobs: list[dict[str, Any]]) -> str:
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: the asked edits, done with Pillow."""',
        imports="import io\nimport os\nimport random\n\n" + _PIL,
        parts=[
            f'HOME = "/home/user"\nJOBS = [\n{_lines(jobs)}]',
            PAINTERS,
            EDITS,
            Part(REPLAY, gap=2),
        ],
    )


def reward_script(task_id: str, instruction: str, params: dict[str, Any], body: str) -> str:
    """The desktop reward frame around ``body`` (checks over ``start``, ``before``, ``after``,
    ``changes``, ``P``, ``checks`` with the app's comparisons); a home that cannot be read,
    or a runner that gave no initial home, scores 0."""
    return desktop_reward(
        task_id=task_id,
        instruction=instruction,
        params=params,
        imports="import json\nimport os\n\nimport docx\nimport openpyxl\n" + _PIL,
        libraries=[EDITS, REWARD_LIBRARY],
        read=READ_HOME,
        body=body,
    )
