"""What the app's own actions do to a state, for those who build or solve worlds outside it.

Each function changes a mail state in place exactly as the matching UI action does (the
routes call the same functions), so a golden state computed with them is one the app could
have produced.
"""

from __future__ import annotations

from cuagym.apps.mail._ops import (
    add_label,
    create_label,
    new_id,
    set_folder,
    set_starred,
    set_unread,
    update_label,
)
from cuagym.apps.mail._ops_book import (
    create_contact,
    create_template,
    update_contact,
    update_settings,
)
from cuagym.apps.mail._ops_compose import ComposeFields, prefill, send_message

__all__ = [
    "ComposeFields",
    "add_label",
    "create_contact",
    "create_label",
    "create_template",
    "new_id",
    "prefill",
    "send_message",
    "set_folder",
    "set_starred",
    "set_unread",
    "update_contact",
    "update_label",
    "update_settings",
]
