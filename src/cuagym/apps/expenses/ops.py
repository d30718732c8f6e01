"""What the expenses app's own actions do to a state, for those who build or solve worlds.

Each function changes an expenses state in place exactly as the matching UI action does (the
routes call the same functions), so a golden state computed with them is one the app could
have made.
"""

from __future__ import annotations

from cuagym.apps.expenses._ops import (
    ActionError,
    add_line,
    approve_report,
    create_payout,
    create_report,
    file_transaction,
    mark_personal,
    match_transaction,
    missing_receipts,
    reject_report,
    remove_from_payout,
    remove_line,
    send_back,
    send_payout,
    submit_report,
    update_budget,
    update_category_limit,
    update_line,
    update_policy,
    update_report,
)
from cuagym.apps.expenses._seed import report_total, to_usd

__all__ = [
    "ActionError",
    "add_line",
    "approve_report",
    "create_payout",
    "create_report",
    "file_transaction",
    "mark_personal",
    "match_transaction",
    "missing_receipts",
    "reject_report",
    "remove_from_payout",
    "remove_line",
    "report_total",
    "send_back",
    "send_payout",
    "submit_report",
    "to_usd",
    "update_budget",
    "update_category_limit",
    "update_line",
    "update_policy",
    "update_report",
]
