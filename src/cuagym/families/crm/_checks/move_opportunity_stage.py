"""``move-opportunity-stage``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
oid = named(init, "opportunities", P["name"])
opp = cur["opportunities"].get(oid) or {}
checks.append(("stage", 3, opp.get("stage") == P["stage"], f"stage is {opp.get('stage')!r}"))
checks.append(("probability", 1, opp.get("stage") == P["stage"] and opp.get("probability") == P["probability"], f"probability is {opp.get('probability')!r}"))
# The stage (and the probability it brings) of this deal only.
extra = diff_outside(diff, [f"opportunities.{oid}.stage", f"opportunities.{oid}.probability"])
checks.append(("opportunity_found", 0, oid is not None, f"opportunity {oid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
