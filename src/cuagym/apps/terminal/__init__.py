"""terminal: System & OS through a shell (xterm with bash) over the /home/user tree, a desktop
app.

The app's SKILL.md (beside this file) documents what a terminal task's state is and how its
scripts read it; taxonomy.yaml is the feature tree (permissions, links, archives, search,
environment and config files, scheduled jobs kept as files); the task families live in
:mod:`cuagym.families.terminal`. The start screen is xterm in the task's folder
(``Desktop.open("terminal", folder)``), inside the environment's jail like every app.

The surface families use — script parts as text to paste (real modules, read below their
inline marker):

- :data:`WRITE_HOME` (setup's statements: ``DIRS`` and ``ENTRIES`` — text files with modes
  and mtimes, symbolic links, workbooks — under ``HOME``);
- :data:`REPLAY` (golden's statements: replay ``OPS``, one shell command's effect each);
- :data:`READ_HOME` (the reward's read block: ``before`` / ``after`` / ``changes`` of the whole
  home, modes and link targets included) and :data:`REWARD_LIBRARY` (its helpers: the plan
  guard, link resolution, tarball members, config lines).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.scripts import inlined

__all__ = ["READ_HOME", "REPLAY", "REWARD_LIBRARY", "WRITE_HOME", "app"]

# Read as text, never imported: the statements run on a script's constants; the library stays
# out of the host's import graph.
_HERE = Path(__file__).parent
WRITE_HOME = inlined(_HERE / "_write_home.py")
REPLAY = inlined(_HERE / "_replay.py")
READ_HOME = inlined(_HERE / "_read_home.py")
REWARD_LIBRARY = inlined(_HERE / "_reward_lib.py")

app = AppSpec(
    app_id="terminal",
    title="Terminal",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="System / OS",
    paper_domain="System & OS",
    release=Release(generic_name="Terminal"),
    launcher="terminal",
    surface="cuagym.apps.terminal",
)
