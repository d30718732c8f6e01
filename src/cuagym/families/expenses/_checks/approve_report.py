"""``approve-report``'s reward checks: the report moved exactly one step, nothing else."""

# ruff: noqa: F405, E501
import json

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
    checks.append(("decided_now", 0, fresh(report.get("decidedAt"), init), f"decidedAt {report.get('decidedAt')!r}"))
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
want_log = ["approved by manager"] if want == "reviewed" else ["approved by finance"]
logged = audit_log(cur, diff)
checks.append(("audit_trail", 0, logged == sorted([[want_log[0], ""]]), "new audit entries: " + json.dumps(logged)))
