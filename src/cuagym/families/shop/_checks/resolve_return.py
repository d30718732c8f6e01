"""``resolve-return``'s reward checks: the requested return on the order is refunded
(restocked or not) or declined, as asked, and nothing else changed."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = order_id(init, P["number"])
rid = next((r for r, v in init["refunds"].items() if v["orderId"] == oid and v["status"] == "requested"), None)
was = init["refunds"].get(rid) or {"lines": {}}
now = cur["refunds"].get(rid) or {}
want = "refunded" if P["approve"] else "declined"
checks.append(("resolved", 2, now.get("status") == want and now.get("resolvedAt") is not None, f"status {now.get('status')!r}"))
order = init["orders"].get(oid) or {"lines": {}}
moved = {order["lines"][k]["variantId"]: q for k, q in was["lines"].items() if k in order["lines"]}
restocked = P["approve"] and P["restock"]
stock_ok = all(cur["variants"][v]["stock"] == init["variants"][v]["stock"] + (q if restocked else 0) for v, q in moved.items())
checks.append(("restock", 2, now.get("status") == want and bool(now.get("restock")) is restocked and stock_ok, f"restock {now.get('restock')!r}"))
logs = added(diff, "adjustments")
allowed = ["refunds." + str(rid) + ".status", "refunds." + str(rid) + ".resolvedAt"]
if restocked:
    allowed += ["refunds." + str(rid) + ".restock", *("variants." + v + ".stock" for v in moved), *("adjustments." + a for a in logs)]
extra = diff_outside(diff, allowed)
checks.append(("resolved_now", 0, fresh(now.get("resolvedAt"), init), f"resolvedAt {now.get('resolvedAt')!r}"))
checks.append(("stock_matches_log", 0, stock_consistent(init, cur, logs), "stock changes and the log agree"))
checks.append(("amount_kept", 0, now.get("amountCents") == was.get("amountCents"), f"amount {now.get('amountCents')!r}"))
checks.append(("return_found", 0, rid is not None, f"return {rid}"))
checks.append(("adjustments", 0, len(logs) == (len(moved) if restocked else 0), f"adjustments {logs}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
