"""``attach-receipt-submit``'s reward checks: the receipt on the named line, the report
submitted, every other line and field as it was."""

# ruff: noqa: F405, E501
import json

from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
rid = report_id(init, P["number"])
before = init["reports"].get(rid) or {"lines": {}}
report = cur["reports"].get(rid) or {"lines": {}}
keys = [k for k, ln in before["lines"].items() if ln["merchant"] == P["merchant"] and ln["amountCents"] == P["amount_cents"] and not ln["receipt"]]
key = keys[0] if len(keys) == 1 else ""
line = report["lines"].get(key) or {}
checks.append(("receipt_attached", 2, exact(line.get("receipt")) == exact(P["file"]), f"receipt {line.get('receipt')!r}"))
checks.append(("submitted", 2, report.get("status") == "submitted", f"status {report.get('status')!r}"))
checks.append(("submitted_now", 0, fresh(report.get("submittedAt"), init), f"submittedAt {report.get('submittedAt')!r}"))
checks.append(("note_cleared", 0, report.get("returnNote") == "", f"returnNote {report.get('returnNote')!r}"))
checks.append(("line_found", 0, bool(key), f"{len(keys)} line(s) of that merchant and amount"))
base = "reports." + str(rid) + "."
allowed = [base + "lines." + key + ".receipt", base + "status", base + "submittedAt", base + "returnNote", *audit_paths(diff)]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
logged = audit_log(cur, diff)
checks.append(("audit_trail", 0, logged == sorted([["line edited", key], ["submitted", ""]]), "new audit entries: " + json.dumps(logged)))
