"""What the app's own actions do to a state, for those who build or solve worlds outside it.

Each function changes a crm state in place exactly as the matching UI action does (the routes
call the same functions); lead conversion goes through the conversion form's own defaults and
parser, so a golden state computed with them is one the app could have produced.
"""

from __future__ import annotations

from cuagym.apps.crm._convert import convert_defaults, matching_accounts, parse_convert_form
from cuagym.apps.crm._ops import (
    convert_lead,
    create_activity,
    create_note,
    create_record,
    new_id,
    set_activity_status,
    set_stage,
    update_record,
)

__all__ = [
    "convert_defaults",
    "convert_lead",
    "create_activity",
    "create_note",
    "create_record",
    "matching_accounts",
    "new_id",
    "parse_convert_form",
    "set_activity_status",
    "set_stage",
    "update_record",
]
