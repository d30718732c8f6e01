"""files: the desktop file manager over the /home/user tree, a desktop app.

The app's SKILL.md (beside this file) documents the folder layout and the task scripts;
taxonomy.yaml is the file manager's feature tree; the task families live in
:mod:`cuagym.families.files`. There is no app state beyond the files themselves: scripts build
and inspect the tree with the standard library (and Pillow / python-docx / openpyxl for
realistic contents).

The surface families use:

- world builders: realistic names, contents and dates (:mod:`._world`), a file spec
  (:data:`FileSpec`) and :func:`content`, the bytes setup writes for one (deterministic);
- script parts, as text to paste (real modules, read below their inline marker):
  :data:`WRITERS` (the content writers), :data:`WRITE_TREE` (setup's statements: write
  ``DIRS`` and ``FILES`` under ``HOME``), :data:`REPLAY` (golden's statements: replay ``OPS``);
- state readers for rewards: :data:`READ_HOME` (the read block: the home before and after,
  ``changes``, ``files``, ``dirs``) and :data:`REWARD_LIBRARY` (file kinds, the plan guard).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.files._world import (
    CLIENTS,
    PROJECTS,
    TRIPS,
    TYPE_FILES,
    FileSpec,
    day_stamp,
    file_spec,
    filler_text,
    project_files,
    stamp,
)
from cuagym.apps.files._writers import content
from cuagym.scripts import inlined

__all__ = [
    "CLIENTS",
    "PROJECTS",
    "READ_HOME",
    "REPLAY",
    "REWARD_LIBRARY",
    "TRIPS",
    "TYPE_FILES",
    "WRITERS",
    "WRITE_TREE",
    "FileSpec",
    "app",
    "content",
    "day_stamp",
    "file_spec",
    "filler_text",
    "project_files",
    "stamp",
]

# Statement modules and the reward library are read as text, never imported (the statements
# run on a script's constants; the library stays out of the host's import graph).
_HERE = Path(__file__).parent
WRITERS = inlined(_HERE / "_writers.py")
WRITE_TREE = inlined(_HERE / "_write_tree.py")
REPLAY = inlined(_HERE / "_replay.py")
READ_HOME = inlined(_HERE / "_read_home.py")
REWARD_LIBRARY = inlined(_HERE / "_reward_lib.py")

app = AppSpec(
    app_id="files",
    title="File manager",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="System / OS",
    paper_domain="System & OS",
    release=Release(generic_name="File manager"),
    launcher="files",
    surface="cuagym.apps.files",
)
