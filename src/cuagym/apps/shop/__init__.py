"""shop: a mock store back office (orders, returns and refunds, products with variants,
inventory, customers, discount codes, a sales dashboard) on the hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree; its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :data:`WORLD_NOW`,
  :func:`long_date`, the app's own state operations in :mod:`.ops`, and the schema's
  vocabularies (:data:`CARRIERS`, :data:`REFUND_REASONS`, :data:`ADJUST_REASONS`);
- how the app shows values: :func:`format_money`, :func:`money_input`, :func:`fmt_date`;
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines) and
  :func:`exact` from it;
- UI skills for oracles: :class:`ShopOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.shop import ops
from cuagym.apps.shop._app import ShopApp
from cuagym.apps.shop._schema import ADJUST_REASONS, CARRIERS, REFUND_REASONS, ShopState
from cuagym.apps.shop._seed import build_seed
from cuagym.apps.shop._ui_skills import ShopOracle
from cuagym.apps.shop._views import fmt_date
from cuagym.apps.shop._world import WORLD_NOW, long_date, varied_seed
from cuagym.apps.shop.reward_lib import exact
from cuagym.apps.webkit.forms import format_money, money_input

__all__ = [
    "ADJUST_REASONS",
    "CARRIERS",
    "REFUND_REASONS",
    "REWARD_LIBRARY",
    "WORLD_NOW",
    "ShopApp",
    "ShopOracle",
    "ShopState",
    "app",
    "build_seed",
    "exact",
    "fmt_date",
    "format_money",
    "long_date",
    "money_input",
    "ops",
    "varied_seed",
]

#: The reward's state readers: a reward.py inlines this file below its marker (it imports only
#: the standard library, so it runs in any sandbox).
REWARD_LIBRARY = Path(__file__).with_name("reward_lib.py")

app = AppSpec(
    app_id="shop",
    title="Storefront Admin",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=ShopApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="E-commerce / marketplace",
    paper_domain="E-Commerce",
    release=Release(generic_name="Storefront Admin"),
    surface="cuagym.apps.shop",
)
