"""``receive-stock``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
vid = variant_id(init, P["sku"])
before = (init["variants"].get(vid) or {}).get("stock")
after = (cur["variants"].get(vid) or {}).get("stock")
checks.append(("stock", 2, before is not None and after == before + P["units"], f"stock {before} -> {after}"))
new = added(diff, "adjustments")
log = stock_log(cur, new, str(vid))
entry = log[0] if len(log) == 1 else {}
checks.append(("logged_as_received", 1, entry.get("reason") == "Received" and entry.get("delta") == P["units"], f"adjustments {log}"))
checks.append(("purchase_order_noted", 1, exact(entry.get("note")) == P["po"], f"note {entry.get('note')!r}"))
extra = diff_outside(diff, ["variants." + str(vid) + ".stock", *("adjustments." + a for a in new)])
checks.append(("stock_matches_log", 0, stock_consistent(init, cur, new), "stock changes and the log agree"))
checks.append(("variant_found", 0, vid is not None, f"variant {vid}"))
checks.append(("one_adjustment", 0, len(new) == 1, f"new adjustments {new}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
