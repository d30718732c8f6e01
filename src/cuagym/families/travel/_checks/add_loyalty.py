"""``add-loyalty``'s reward checks: the traveller's number with that airline, nothing else."""

# ruff: noqa: F405, E501
from cuagym.families.travel._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = traveller_by_email(init, P["email"])
aid = next((k for k, a in init["airlines"].items() if a["name"] == P["airline"]), None)
have = ((cur["travellers"].get(tid) or {}).get("loyalty") or {}).get(aid)
checks.append(("traveller_found", 0, tid is not None and aid is not None, f"traveller {tid}, airline {aid}"))
checks.append(("number_saved", 3, have == P["number"], f"{aid} number {have!r}, want {P['number']!r}"))
extra = diff_outside(diff, ["travellers." + str(tid) + ".loyalty." + str(aid)])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
