"""code-editor: a code editor with a project tree (Geany) over projects in /home/user.

The app's SKILL.md (beside this file) documents the editor, the project layout and the task
scripts; taxonomy.yaml is the editor's feature tree; the task families live in
:mod:`cuagym.families.code_editor`. There is no app state beyond the files themselves: the
editor's settings live in the desktop's private config folder, reset between episodes.

The surface families use:

- world builders: small realistic projects (a Python package with tests, a README, an INI
  file, a ``package.json``, a JavaScript front end) from a domain's vocabulary
  (:func:`make_project`, :data:`DOMAINS`);
- script parts, as text to paste (real modules, read below their inline marker):
  :data:`WRITE_FILES` (setup's statements: write ``FILES`` and ``BINARY`` under ``HOME``),
  :data:`REPLAY` (golden's statements: write ``EDITS``);
- state readers for rewards: :data:`READ_HOME` (the read block: the home before and after,
  ``changes``) and :data:`REWARD_LIBRARY` (texts, the stated tolerances, the plan verdict, a
  token-aware rename), whose functions the host may call too (:func:`renamed`,
  :func:`same_text`, :func:`replaced_line`) to build a plan the way its reward will.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.code_editor._reward_lib import (
    ini_set,
    renamed,
    replaced_line,
    same_text,
    set_constant,
)
from cuagym.apps.code_editor._world import (
    DOMAINS,
    PROJECT_NAMES,
    TEST_MESSAGES,
    Domain,
    Project,
    domain_of,
    make_project,
    project_name,
)
from cuagym.scripts import inlined

__all__ = [
    "DOMAINS",
    "PROJECT_NAMES",
    "READ_HOME",
    "REPLAY",
    "REWARD_LIBRARY",
    "TEST_MESSAGES",
    "WRITE_FILES",
    "Domain",
    "Project",
    "app",
    "domain_of",
    "ini_set",
    "make_project",
    "project_name",
    "renamed",
    "replaced_line",
    "same_text",
    "set_constant",
]

# Statement modules and the reward library are read as text (the statements run on a
# script's constants; the library is pasted into each reward).
_HERE = Path(__file__).parent
WRITE_FILES = inlined(_HERE / "_write_files.py")
REPLAY = inlined(_HERE / "_replay.py")
READ_HOME = inlined(_HERE / "_read_home.py")
REWARD_LIBRARY = inlined(_HERE / "_reward_lib.py")

app = AppSpec(
    app_id="code-editor",
    title="Code editor",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Development tools",
    paper_domain="Code Editing",
    release=Release(generic_name="Code editor"),
    launcher="code-editor",
    surface="cuagym.apps.code_editor",
)
