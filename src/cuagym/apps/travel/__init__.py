"""travel: a company's trip booking site (flight and hotel search with filters, fare brands and
their rules, seat maps, bookings grouped in trips, travellers' profiles and loyalty numbers, the
travel policy and a manager's approvals, a timeline of trips) on the hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree; its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :data:`WORLD_NOW`,
  :func:`long_date`, the app's own state operations and rules in :mod:`.ops`, and the schema's
  vocabularies (:data:`FARE_BRANDS`, :data:`SEAT_PREFERENCES`);
- how the app shows values: :func:`format_money`, :func:`money_input`, :func:`fmt_date`;
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines) and
  :func:`exact` from it;
- UI skills for oracles: :class:`TravelOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.travel import ops
from cuagym.apps.travel._app import TravelApp
from cuagym.apps.travel._schema import FARE_BRANDS, SEAT_PREFERENCES, TravelState
from cuagym.apps.travel._seed import build_seed
from cuagym.apps.travel._ui_skills import TravelOracle
from cuagym.apps.travel._views import fmt_date
from cuagym.apps.travel._world import WORLD_NOW, long_date, varied_seed
from cuagym.apps.travel.reward_lib import exact
from cuagym.apps.webkit.forms import format_money, money_input

__all__ = [
    "FARE_BRANDS",
    "REWARD_LIBRARY",
    "SEAT_PREFERENCES",
    "WORLD_NOW",
    "TravelApp",
    "TravelOracle",
    "TravelState",
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
    app_id="travel",
    title="Trip Booking",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=TravelApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Travel",
    paper_domain="E-Commerce",
    release=Release(generic_name="Trip booking"),
    surface="cuagym.apps.travel",
)
