"""``reject-report``'s reward checks: rejected with the reason as asked, nothing else."""

# ruff: noqa: F405, E501
import json

from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
rid = report_id(init, P["number"])
report = cur["reports"].get(rid) or {}
checks.append(("rejected", 2, report.get("status") == "rejected", f"status is {report.get('status')!r}"))
checks.append(("reason", 2, exact(report.get("rejectionReason")) == exact(P["reason"]), f"reason {report.get('rejectionReason')!r}"))
checks.append(("decided_now", 0, fresh(report.get("decidedAt"), init), f"decidedAt {report.get('decidedAt')!r}"))
checks.append(("report_found", 0, rid is not None, f"report {rid}"))
base = "reports." + str(rid) + "."
extra = diff_outside(diff, [base + "status", base + "rejectionReason", base + "decidedAt", *audit_paths(diff)])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
logged = audit_log(cur, diff)
checks.append(("audit_trail", 0, logged == [["rejected", str(report.get("rejectionReason"))]], "new audit entries: " + json.dumps(logged)))
