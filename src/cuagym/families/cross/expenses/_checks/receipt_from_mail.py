"""``receipt-from-mail``'s reward checks: one new line on the report, as the receipt says, the
report submitted; the mailbox only read."""

# ruff: noqa: F405, E501
import json
from typing import Any

from cuagym.families.cross.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
rid = report_id(init, P["number"])
report = cur["reports"].get(rid) or {"lines": {}}
keys = new_lines(init, cur, str(rid))
line: dict[str, Any] = report["lines"][keys[0]] if len(keys) == 1 else {}
cid = category_id(init, P["category"])
checks.append(("line_added", 1, len(keys) == 1, f"{len(keys)} new line(s)"))
checks.append(("merchant_category", 1, exact(line.get("merchant")) == exact(P["merchant"]) and line.get("categoryId") == cid, f"{line.get('merchant')!r} in {line.get('categoryId')!r}"))
checks.append(("date", 1, line.get("date") == P["day"], f"date {line.get('date')!r}"))
checks.append(("amount", 2, line.get("originalCents") == P["original"] and line.get("currency") == P["currency"], f"{line.get('originalCents')!r} {line.get('currency')!r}"))
checks.append(("receipt", 1, exact(line.get("receipt")) == exact(P["file"]), f"receipt {line.get('receipt')!r}"))
checks.append(("submitted", 2, report.get("status") == "submitted", f"status {report.get('status')!r}"))
checks.append(("submitted_now", 0, fresh(report.get("submittedAt"), init), f"submittedAt {report.get('submittedAt')!r}"))
checks.append(("note_cleared", 0, report.get("returnNote") == "", f"returnNote {report.get('returnNote')!r}"))
checks.append(("no_card_match", 0, not line or line.get("cardTxnId") is None, "the line is no card charge"))
base = "reports." + str(rid) + "."
allowed = [base + "lines." + k for k in keys] + [base + "status", base + "submittedAt", base + "returnNote", *audit_paths(diff)]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
mail_extra = diff_outside(mdiff, mail_read_marks(minit))
checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))
logged = audit_log(cur, diff)
want_log = sorted([["line added", line_note(cur, line)], ["submitted", ""]])
checks.append(("audit_trail", 0, logged == want_log, "new audit entries: " + json.dumps(logged)))
