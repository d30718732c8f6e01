"""browser: Chromium as a desktop app — its bookmarks, settings, downloads and history, kept
in a profile inside the home (``~/.config/chromium-task``), over a company intranet of static
pages under ``~/intranet`` (there is no network: pages are files).

Not the desktop's kept browser that shows the web apps (fresh contexts, its profile outside
the home): the launcher ``browser`` (``cuagym.envs._tool_apps``) starts a Chromium of its own
on a page of the home. The app's SKILL.md (beside this file) documents the profile's files and
when Chromium writes them; taxonomy.yaml is the browser's feature tree; the task families live
in :mod:`cuagym.families.browser`.

The surface families use:

- world builders (:mod:`._world`): the intranet's pages (:data:`TEAM_PAGES`, :data:`ARTICLES`,
  :func:`page`), bookmark nodes (:func:`link`, :func:`folder`), the settings of a profile in
  use (:func:`base_settings`) and :func:`world`, all a setup writes;
- script parts, as text to paste (real modules, read below their inline marker):
  :data:`WRITE_PROFILE` (setup's statements: write ``WORLD`` under ``HOME`` and ``PROFILE``),
  :data:`REPLAY` (golden's statements: replay ``OPS`` on the profile and the home);
- state readers for rewards: :data:`READ_PROFILE` (the read block: bookmarks, settings and
  the home, before and after) and :data:`REWARD_LIBRARY` (the readers and the plan guards).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.browser._world import (
    ARTICLES,
    HOME,
    INTRANET,
    TEAM_PAGES,
    World,
    base_settings,
    folder,
    link,
    page,
    page_url,
    world,
)
from cuagym.scripts import inlined

__all__ = [
    "ARTICLES",
    "HOME",
    "INTRANET",
    "PROFILE",
    "READ_PROFILE",
    "REPLAY",
    "REWARD_LIBRARY",
    "TEAM_PAGES",
    "WRITE_PROFILE",
    "World",
    "app",
    "base_settings",
    "folder",
    "link",
    "page",
    "page_url",
    "world",
]

#: the browser's user-data folder (the launcher's ``--user-data-dir``)
PROFILE = "/home/user/.config/chromium-task"

# Statement modules and the reward library are read as text, never imported (the statements
# run on a script's constants; the library stays out of the host's import graph).
_HERE = Path(__file__).parent
WRITE_PROFILE = inlined(_HERE / "_write_profile.py")
REPLAY = inlined(_HERE / "_replay.py")
READ_PROFILE = inlined(_HERE / "_read_profile.py")
REWARD_LIBRARY = inlined(_HERE / "_reward_lib.py")

# System / OS and "System & OS": the tasks configure and organise the desktop's browser itself
# (its profile: settings, bookmarks, where downloads go), as OSWorld's Chrome domain does, not
# the data of a cloud service reached through it (the web apps' Cloud & Productivity).
app = AppSpec(
    app_id="browser",
    title="Web browser",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="System / OS",
    paper_domain="System & OS",
    release=Release(generic_name="Web browser"),
    launcher="browser",
    surface="cuagym.apps.browser",
)
