"""``update-deal-terms``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = named(init, "opportunities", P["name"])
opp = cur["opportunities"].get(oid) or {}
checks.append(("amount", 2, opp.get("amountCents") == P["amount_cents"], f"amountCents is {opp.get('amountCents')!r}"))
checks.append(("close_date", 2, opp.get("closeDate") == P["close_date"], f"closeDate is {opp.get('closeDate')!r}"))
checks.append(("next_step", 1, bool(opp) and exact(opp.get("nextStep")) == exact(P["next_step"]), f"nextStep is {opp.get('nextStep')!r}"))
# These three terms only: not the stage, probability, name or another deal.
extra = diff_outside(diff, [f"opportunities.{oid}.{key}" for key in ("amountCents", "closeDate", "nextStep")])
checks.append(("opportunity_found", 0, oid is not None, f"opportunity {oid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
