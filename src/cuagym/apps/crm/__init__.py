"""crm: a mock sales CRM (leads, accounts, contacts, opportunities, lead conversion) on the hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree; its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :func:`phone`, :func:`long_date`,
  :func:`slug`, :data:`WORLD_NOW`, the vocabularies of :mod:`.pools`, the app's own state
  operations in :mod:`.ops`, and the schema's vocabularies (:data:`STAGES`,
  :data:`STAGE_PROBABILITY`, :data:`RATINGS`, :data:`SALUTATIONS`);
- how the app shows values: :func:`format_money`, :func:`money_input`, :func:`fmt_date`,
  :func:`record_title`;
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines) and
  :func:`exact` from it;
- UI skills for oracles: :class:`CrmOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.crm import ops, pools
from cuagym.apps.crm._app import CrmApp
from cuagym.apps.crm._entities import record_title
from cuagym.apps.crm._fields import format_money, money_input
from cuagym.apps.crm._schema import RATINGS, SALUTATIONS, STAGE_PROBABILITY, STAGES, CrmState
from cuagym.apps.crm._seed import build_seed, slug
from cuagym.apps.crm._ui_skills import CrmOracle
from cuagym.apps.crm._views import fmt_date
from cuagym.apps.crm._world import WORLD_NOW, long_date, phone, varied_seed
from cuagym.apps.crm.reward_lib import exact

__all__ = [
    "RATINGS",
    "REWARD_LIBRARY",
    "SALUTATIONS",
    "STAGES",
    "STAGE_PROBABILITY",
    "WORLD_NOW",
    "CrmApp",
    "CrmOracle",
    "CrmState",
    "app",
    "build_seed",
    "exact",
    "fmt_date",
    "format_money",
    "long_date",
    "money_input",
    "ops",
    "phone",
    "pools",
    "record_title",
    "slug",
    "varied_seed",
]

#: The reward's state readers: a reward.py inlines this file below its marker (it imports only
#: the standard library, so it runs in any sandbox).
REWARD_LIBRARY = Path(__file__).with_name("reward_lib.py")

app = AppSpec(
    app_id="crm",
    title="CRM",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=CrmApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="CRM / customer service",
    paper_domain="Business & CRM",
    release=Release(generic_name="CRM"),
    surface="cuagym.apps.crm",
)
