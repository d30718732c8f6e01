"""``partial-refund``'s reward checks: which line of which order, then the shared refund
checks (``_refund``)."""

# ruff: noqa: F405
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = order_id(init, P["number"])
order = init["orders"].get(oid) or {"lines": {}}
key = next((k for k, line in order["lines"].items() if line["sku"] == P["sku"]), "")
units, amount, restock, reason = P["units"], P["amount_cents"], P["restock"], P["reason"]
