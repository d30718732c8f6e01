"""The checks every refund task shares (an order's refund, maybe restocked): pasted after a
family's own lines, which set ``oid`` (the order), ``key`` (its line), ``units``, ``amount``,
``restock`` and ``reason``."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

oid = key = reason = ""
units = amount = 0
restock = False
# fmt: off
# -- inlined into reward.py --
order = init["orders"].get(oid) or {"lines": {}}
line = order["lines"].get(key) or {}
vid = line.get("variantId")
new = added(diff, "refunds")
refund = cur["refunds"][new[0]] if len(new) == 1 else {}
checks.append(("refund_on_order", 0, refund.get("orderId") == oid and refund.get("status") == "refunded", f"refund {refund}"))
checks.append(("units", 2, refund.get("lines") == {key: units}, f"lines {refund.get('lines')!r}"))
checks.append(("amount", 2, refund.get("amountCents") == amount, f"amount {refund.get('amountCents')!r}, want {amount}"))
checks.append(("reason", 1, refund.get("reason") == reason, f"reason {refund.get('reason')!r}"))
logs = added(diff, "adjustments")
before = (init["variants"].get(vid) or {}).get("stock")
after = (cur["variants"].get(vid) or {}).get("stock")
want = before + units if restock and before is not None else before
checks.append(("restock", 2, refund.get("restock") is restock and after == want, f"restock {refund.get('restock')!r}, stock {before} -> {after}"))
allowed = ["refunds." + r for r in new]
if restock:
    allowed += ["variants." + str(vid) + ".stock", *("adjustments." + a for a in logs)]
extra = diff_outside(diff, allowed)
checks.append(("stock_matches_log", 0, stock_consistent(init, cur, logs), "stock changes and the log agree"))
checks.append(("line_found", 0, bool(line), f"order {oid} line {key}"))
checks.append(("one_refund", 0, len(new) == 1 and len(logs) == (1 if restock else 0), f"new refunds {new}, adjustments {logs}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
