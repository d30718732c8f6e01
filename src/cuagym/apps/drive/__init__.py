"""drive: a mock cloud drive (nested folders, file previews, sharing, versions, comments,
trash, storage quota) on the hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree; its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :func:`folder_at`,
  :func:`file_named`, :data:`WORLD_NOW`, the app's own state operations in
  :mod:`.ops`, the schema's vocabularies (:data:`FILE_KINDS`, :data:`ROLES`);
- how the app shows values: :data:`KIND_LABELS`, :func:`fmt_size`, :func:`fmt_when`,
  :func:`folder_path`;
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines) and
  :func:`exact` from it;
- UI skills for oracles: :class:`DriveOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.drive import ops
from cuagym.apps.drive._app import DriveApp
from cuagym.apps.drive._schema import FILE_KINDS, ROLES, DriveState
from cuagym.apps.drive._seed import WORLD_NOW, build_seed
from cuagym.apps.drive._ui_skills import DriveOracle
from cuagym.apps.drive._views import KIND_LABEL, fmt_size, fmt_when, folder_path
from cuagym.apps.drive._world import file_named, folder_at, varied_seed
from cuagym.apps.drive.reward_lib import exact

__all__ = [
    "FILE_KINDS",
    "KIND_LABELS",
    "REWARD_LIBRARY",
    "ROLES",
    "WORLD_NOW",
    "DriveApp",
    "DriveOracle",
    "DriveState",
    "app",
    "build_seed",
    "exact",
    "file_named",
    "fmt_size",
    "fmt_when",
    "folder_at",
    "folder_path",
    "ops",
    "varied_seed",
]

#: how the app names each kind of file ("PDF", "Spreadsheet", ...)
KIND_LABELS = {kind: KIND_LABEL[kind] for kind in FILE_KINDS}

#: The reward's state readers: a reward.py inlines this file below its marker (it imports only
#: the standard library, so it runs in any sandbox).
REWARD_LIBRARY = Path(__file__).with_name("reward_lib.py")

app = AppSpec(
    app_id="drive",
    title="Cloud Drive",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=DriveApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Cloud / infrastructure",
    paper_domain="Cloud & Productivity",
    release=Release(generic_name="Cloud Drive"),
    surface="cuagym.apps.drive",
)
