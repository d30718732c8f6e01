"""``fulfil-order``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = order_id(init, P["number"])
order = cur["orders"].get(oid) or {}
checks.append(("shipped", 2, order.get("status") == "shipped", f"status is {order.get('status')!r}"))
checks.append(("carrier", 1, order.get("carrier") == P["carrier"], f"carrier is {order.get('carrier')!r}"))
checks.append(("tracking", 1, exact(order.get("trackingNumber")) == P["tracking"], f"tracking is {order.get('trackingNumber')!r}"))
base = "orders." + str(oid) + "."
extra = diff_outside(diff, [base + "status", base + "shippedAt", base + "carrier", base + "trackingNumber"])
checks.append(("shipped_now", 0, fresh(order.get("shippedAt"), init), f"shippedAt {order.get('shippedAt')!r}"))
checks.append(("order_found", 0, oid is not None, f"order {oid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
