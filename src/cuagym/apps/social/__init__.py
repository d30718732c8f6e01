"""social: a mock social network with a publishing studio (feed, posts, comments, profiles,
direct messages, a schedule calendar, notifications, moderation) on the hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree; its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :func:`drop_post`,
  :data:`WORLD_NOW`, :data:`BRAND` (the signed-in brand account), :func:`tags_of`,
  :func:`stamp`, the vocabularies of :mod:`.pools`, and the app's own state operations in
  :mod:`.ops`;
- how the app shows values: :func:`fmt_ts`, :func:`fmt_day`;
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines) and
  :func:`exact` from it;
- UI skills for oracles: :class:`SocialOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.social import ops, pools
from cuagym.apps.social._app import SocialApp
from cuagym.apps.social._schema import REPORT_REASONS, VISIBILITIES, SocialState
from cuagym.apps.social._seed import BRAND, WORLD_NOW, build_seed, stamp, tags_of
from cuagym.apps.social._ui_skills import SocialOracle
from cuagym.apps.social._views import fmt_day, fmt_ts
from cuagym.apps.social._world import drop_post, varied_seed
from cuagym.apps.social.reward_lib import exact

__all__ = [
    "BRAND",
    "REPORT_REASONS",
    "REWARD_LIBRARY",
    "VISIBILITIES",
    "WORLD_NOW",
    "SocialApp",
    "SocialOracle",
    "SocialState",
    "app",
    "build_seed",
    "drop_post",
    "exact",
    "fmt_day",
    "fmt_ts",
    "ops",
    "pools",
    "stamp",
    "tags_of",
    "varied_seed",
]

#: The reward's state readers: a reward.py inlines this file below its marker (it imports only
#: the standard library, so it runs in any sandbox).
REWARD_LIBRARY = Path(__file__).with_name("reward_lib.py")

app = AppSpec(
    app_id="social",
    title="Social Studio",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=SocialApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Social / publishing",
    paper_domain="Social Media",
    release=Release(generic_name="Social Studio"),
    surface="cuagym.apps.social",
)
