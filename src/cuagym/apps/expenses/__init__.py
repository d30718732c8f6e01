"""expenses: a company's expense and reimbursement app (expense reports with line items and
receipts, mileage and per diem, an approvals workflow, corporate card charges to match,
reimbursement batches, budgets per cost centre, the expense policy and an audit trail) on the
hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree; its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :data:`WORLD_NOW`,
  :func:`long_date`, the app's own state operations in :mod:`.ops`, and the schema's
  vocabulary (:data:`CURRENCIES`, :data:`STATUS_LABELS`);
- how the app shows values: :func:`format_money`, :func:`format_amount`, :func:`money_input`,
  :func:`fmt_date`, :func:`budget_rows` (the budget screen's figures);
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines) and
  :func:`exact` from it;
- UI skills for oracles: :class:`ExpensesOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.expenses import ops
from cuagym.apps.expenses._app import ExpensesApp
from cuagym.apps.expenses._schema import CURRENCIES, ExpensesState
from cuagym.apps.expenses._seed import build_seed
from cuagym.apps.expenses._ui_skills import ExpensesOracle
from cuagym.apps.expenses._views import STATUS_LABELS, budget_rows, fmt_date
from cuagym.apps.expenses._world import WORLD_NOW, long_date, varied_seed
from cuagym.apps.expenses.reward_lib import exact
from cuagym.apps.webkit.forms import format_amount, format_money, money_input

__all__ = [
    "CURRENCIES",
    "REWARD_LIBRARY",
    "STATUS_LABELS",
    "WORLD_NOW",
    "ExpensesApp",
    "ExpensesOracle",
    "ExpensesState",
    "app",
    "budget_rows",
    "build_seed",
    "exact",
    "fmt_date",
    "format_amount",
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
    app_id="expenses",
    title="Expense Manager",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=ExpensesApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Finance / payments",
    paper_domain="Business & CRM",
    release=Release(generic_name="Expense management"),
    surface="cuagym.apps.expenses",
)
