"""``refund-latest-order``'s reward checks: the customer's most recent order (found from
the initial state, as the agent must), its line of the named item; then the shared refund
checks (``_refund``)."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
cid = next((c for c, v in init["customers"].items() if (v["firstName"], v["lastName"], v["city"]) == (P["first"], P["last"], P["city"])), None)
mine = sorted((o for o in init["orders"].values() if o["customerId"] == cid), key=lambda o: o["placedAt"])
oid = mine[-1]["id"] if mine else ""
key = next((k for k, line in (mine[-1]["lines"] if mine else {}).items() if line["title"] == P["item"]), "")
line = mine[-1]["lines"][key] if key else {"quantity": 0, "unitPriceCents": 0}
units, restock, reason = line["quantity"], False, "Damaged"
amount = units * line["unitPriceCents"]
checks.append(("customer_found", 0, cid is not None, f"customer {cid}"))
