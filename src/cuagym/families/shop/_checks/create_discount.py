"""``create-discount``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.shop._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = added(diff, "discounts")
made = cur["discounts"][new[0]] if len(new) == 1 else {}
checks.append(("code", 1, made.get("code") == P["code"], f"code {made.get('code')!r}"))
checks.append(("offer", 2, (made.get("kind"), made.get("value")) == (P["kind"], P["value"]), f"offer {made.get('kind')!r} {made.get('value')!r}"))
checks.append(("minimum", 1, made.get("minimumCents") == P["minimum_cents"], f"minimum {made.get('minimumCents')!r}"))
checks.append(("dates", 2, (made.get("startsOn"), made.get("endsOn")) == (P["starts_on"], P["ends_on"]), f"dates {made.get('startsOn')!r} - {made.get('endsOn')!r}"))
checks.append(("usage_limit", 1, made.get("usageLimit") == P["usage_limit"], f"limit {made.get('usageLimit')!r}"))
checks.append(("active", 1, made.get("active") is True and made.get("timesUsed") == 0, f"active {made.get('active')!r}"))
extra = diff_outside(diff, ["discounts." + d for d in new])
checks.append(("one_discount", 0, len(new) == 1, f"new discounts {new}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
