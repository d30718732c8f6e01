"""``approve-report``'s reward checks: the report moved exactly one step, nothing else."""

# ruff: noqa: F405, E501
from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
rid = report_id(init, P["number"])
report = cur["reports"].get(rid) or {}
want, stamp = ("reviewed", "reviewedAt") if P["step"] == "manager" else ("approved", "approvedAt")
checks.append(("approved_one_step", 3, report.get("status") == want, f"status is {report.get('status')!r}, want {want!r}"))
checks.append(("stamped_now", 0, fresh(report.get(stamp), init), f"{stamp} {report.get(stamp)!r}"))
checks.append(("report_found", 0, rid is not None, f"report {rid}"))
base = "reports." + str(rid) + "."
allowed = [base + "status", base + stamp, *audit_paths(diff)]
if want == "approved":
    allowed.append(base + "decidedAt")
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
