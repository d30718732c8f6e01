"""``update-lead-status``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.crm._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
lid = lead_id(init, P["first"], P["last"], P["company"])
lead = cur["leads"].get(lid) or {}
checks.append(("status", 2, lead.get("status") == P["status"], f"status is {lead.get('status')!r}"))
checks.append(("rating", 1, lead.get("rating") == P["rating"], f"rating is {lead.get('rating')!r}"))
# Only these two fields of this lead: no other field, lead, note or task touched.
extra = diff_outside(diff, [f"leads.{lid}.status", f"leads.{lid}.rating"])
checks.append(("lead_found", 0, lid is not None, f"lead {lid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
