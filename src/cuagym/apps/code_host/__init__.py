"""code-host: a mock git forge (repositories, branches, pull requests with reviews, CI runs,
issues, releases, collaborators) on the hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree; its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :data:`WORLD_NOW`, the app's
  own state operations in :mod:`.ops`, and the schema's vocabularies (:data:`LABELS`, :data:`ROLES`,
  :data:`WORKFLOWS`);
- how the app shows values: :func:`fmt_day`, :func:`fmt_duration`;
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines);
- UI skills for oracles: :class:`ForgeOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.code_host import ops
from cuagym.apps.code_host._app import CodeHostApp
from cuagym.apps.code_host._schema import LABELS, ROLES, WORKFLOWS, CodeHostState
from cuagym.apps.code_host._seed import WORLD_NOW, build_seed
from cuagym.apps.code_host._ui_skills import ForgeOracle
from cuagym.apps.code_host._views import fmt_day, fmt_duration
from cuagym.apps.code_host._world import varied_seed

__all__ = [
    "LABELS",
    "REWARD_LIBRARY",
    "ROLES",
    "WORKFLOWS",
    "WORLD_NOW",
    "CodeHostApp",
    "CodeHostState",
    "ForgeOracle",
    "app",
    "build_seed",
    "fmt_day",
    "fmt_duration",
    "ops",
    "varied_seed",
]

#: The reward's state readers: a reward.py inlines this file below its marker (standard
#: library only, so it runs in any sandbox).
REWARD_LIBRARY = Path(__file__).with_name("reward_lib.py")

app = AppSpec(
    app_id="code-host",
    title="Code Forge",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=CodeHostApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Code hosting / DevOps",
    paper_domain="Development Tools",
    release=Release(generic_name="Code Forge"),
    surface="cuagym.apps.code_host",
)
