"""``cancel-unpaid``'s reward checks: the oldest unpaid orders are cancelled (their units
back in stock), the newer unpaid ones untouched, nothing else changed."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
pending = sorted((o for o in init["orders"].values() if o["status"] == "pending"), key=lambda o: o["placedAt"])
old = pending[: P["count"]]
units: dict[str, int] = {}
for o in old:
    for line in o["lines"].values():
        units[line["variantId"]] = units.get(line["variantId"], 0) + line["quantity"]
for o in old:
    now = cur["orders"][o["id"]]
    checks.append(("cancelled_" + str(o["number"]), 2, now["status"] == "cancelled", f"#{o['number']} is {now['status']}"))
stock_ok = all(cur["variants"][v]["stock"] == init["variants"][v]["stock"] + q for v, q in units.items())
checks.append(("restocked", 2, stock_ok, "stock " + listing([f"{v}: {init['variants'][v]['stock']} -> {cur['variants'][v]['stock']}" for v in units])))
logs = added(diff, "adjustments")
allowed = [*("orders." + o["id"] + ".status" for o in old), *("orders." + o["id"] + ".cancelledAt" for o in old)]
allowed += [*("variants." + v + ".stock" for v in units), *("adjustments." + a for a in logs)]
extra = diff_outside(diff, allowed)
checks.append(("cancelled_now", 0, all(fresh(cur["orders"][o["id"]]["cancelledAt"], init) for o in old), "cancellation times"))
checks.append(("stock_matches_log", 0, stock_consistent(init, cur, logs), "stock changes and the log agree"))
checks.append(("enough_unpaid", 0, len(pending) > P["count"], f"{len(pending)} unpaid orders"))
checks.append(("one_log_per_line", 0, len(logs) == sum(len(o["lines"]) for o in old), f"adjustments {logs}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
