"""``refund-from-complaint``'s reward checks: which line of which order the email names (the
shared refund checks of the shop families follow), and a mailbox that was only read."""

# ruff: noqa: F405
from cuagym.families.cross.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = order_id(init, P["number"])
order = init["orders"].get(oid) or {"lines": {}}
key = next((k for k, line in order["lines"].items() if line["sku"] == P["sku"]), "")
units, amount, restock, reason = P["units"], P["amount_cents"], P["restock"], P["reason"]
# The mailbox is only read: no reply, no label, no archive (a read flag only where the
# account marks what it opens as read).
mail_extra = diff_outside(mdiff, mail_read_marks(minit))
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))
