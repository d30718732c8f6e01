"""Source text of the browser domain's three task scripts (standard library only).

- ``initial_setup.py`` writes an embedded world (``WORLD``: the intranet's pages and files,
  folders of the home, the bookmark tree and the settings) as pages under ~/intranet and a
  Chromium profile in ``~/.config/chromium-task`` (:mod:`cuagym.apps.browser._write_profile`);
- ``golden_patch.py`` replays profile edits (``OPS``: new folders, bookmarks added, moved,
  renamed or removed, settings set, a linked file saved) on the files, the browser closed;
- ``reward.py`` is the shared desktop reward frame: the app's read block (bookmarks, settings
  and the home's tree, before and after) then a family's flat check block.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.browser import PROFILE, READ_PROFILE, REPLAY, REWARD_LIBRARY, WRITE_PROFILE
from cuagym.scripts import Part, desktop_reward, desktop_script, json_literal

__all__ = ["golden_script", "reward_script", "setup_script"]


def setup_script(task_id: str, world: dict[str, Any]) -> str:
    return desktop_script(
        header=f'"""initial_setup.py for {task_id}: the intranet pages and the browser profile '
        'the task starts from."""',
        imports="import json\nimport os\nfrom typing import Any\n",
        parts=[
            f'HOME = "/home/user"\nPROFILE = "{PROFILE}"\nWORLD = {json_literal(world)}',
            Part(WRITE_PROFILE, gap=2),
        ],
    )


def golden_script(task_id: str, ops: list[list[Any]]) -> str:
    return desktop_script(
        header=f'"""golden_patch.py for {task_id}: the profile edits the task asks for."""',
        imports="import json\nimport os\nimport shutil\nfrom typing import Any\n",
        parts=[
            f'HOME = "/home/user"\nPROFILE = "{PROFILE}"\nOPS = {json_literal(ops)}',
            Part(REPLAY, gap=2),
        ],
    )


def reward_script(task_id: str, instruction: str, params: dict[str, Any], body: str) -> str:
    """The shared reward frame around ``body`` (checks over ``marks``, ``marks_before``,
    ``settings``, ``settings_before``, ``before``, ``after``, ``changes``, ``P``)."""
    return desktop_reward(
        task_id=task_id,
        instruction=instruction,
        params=params,
        imports=(
            "import json\nimport os\nimport time\nfrom collections import Counter\n"
            "from collections.abc import Iterable\nfrom typing import Any\n"
        ),
        libraries=[REWARD_LIBRARY],
        read=READ_PROFILE,
        body=body,
    )
