"""``restock-out-of-stock``'s reward checks: every active variant of the category that was
out of stock holds the received units, each receipt logged once with the purchase order; no
other variant changed."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
cat_id = next((c for c, v in init["categories"].items() if v["name"] == P["category"]), None)
active = {p for p, v in init["products"].items() if v["categoryId"] == cat_id and v["status"] == "active"}
empty = sorted(v for v, x in init["variants"].items() if x["productId"] in active and x["stock"] == 0)
logs = added(diff, "adjustments")
for vid in empty:
    log = stock_log(cur, logs, vid)
    ok = cur["variants"][vid]["stock"] == P["units"] and len(log) == 1 and log[0]["reason"] == "Received" and exact(log[0]["note"]) == P["po"]
    checks.append(("received_" + init["variants"][vid]["sku"], 2, ok, f"stock {cur['variants'][vid]['stock']}, log {log}"))
extra = diff_outside(diff, [*("variants." + v + ".stock" for v in empty), *("adjustments." + a for a in logs)])
checks.append(("stock_matches_log", 0, stock_consistent(init, cur, logs), "stock changes and the log agree"))
checks.append(("category_found", 0, cat_id is not None and bool(empty), f"category {cat_id}, empty {empty}"))
checks.append(("one_receipt_each", 0, len(logs) == len(empty), f"adjustments {logs}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
