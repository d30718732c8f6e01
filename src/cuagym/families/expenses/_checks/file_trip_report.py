"""``file-trip-report``'s reward checks: one new report of the signed-in person with the title,
cost centre and three expenses asked, submitted; nothing else changed."""

# ruff: noqa: F405, E501
import json
from typing import Any

from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
new = added(diff, "reports")
made = [cur["reports"][r] for r in new if exact(cur["reports"][r]["title"]) == exact(P["title"])]
report: dict[str, Any] = made[0] if len(made) == 1 else {"lines": {}}
lines = list(report["lines"].values())
ccid = centre_id(init, P["centre"])
checks.append(("report_made", 1, len(made) == 1 and report.get("employeeId") == init["currentUser"], f"{len(made)} new report(s) with that title"))
checks.append(("cost_centre", 1, report.get("costCentreId") == ccid, f"cost centre {report.get('costCentreId')!r}"))
drive = [ln for ln in lines if ln["categoryId"] == "cat-miles"]
diem = [ln for ln in lines if ln["categoryId"] == "cat-diem"]
hotel = [ln for ln in lines if ln["categoryId"] == "cat-hotel"]
d = drive[0] if len(drive) == 1 else {}
checks.append(("mileage", 2, d.get("miles") == P["miles"] and d.get("date") == P["drive_day"], f"mileage {d.get('miles')!r} on {d.get('date')!r}"))
e = diem[0] if len(diem) == 1 else {}
checks.append(("per_diem", 2, e.get("days") == P["days"] and e.get("date") == P["diem_day"], f"per diem {e.get('days')!r} on {e.get('date')!r}"))
h = hotel[0] if len(hotel) == 1 else {}
hotel_ok = h.get("originalCents") == P["hotel_original"] and h.get("currency") == P["currency"] and h.get("date") == P["hotel_day"]
checks.append(("hotel_amount", 2, hotel_ok, f"hotel {h.get('originalCents')!r} {h.get('currency')!r} on {h.get('date')!r}"))
checks.append(("hotel_receipt", 1, exact(h.get("merchant")) == exact(P["hotel"]) and exact(h.get("receipt")) == exact(P["file"]), f"hotel {h.get('merchant')!r}, receipt {h.get('receipt')!r}"))
checks.append(("submitted", 2, report.get("status") == "submitted", f"status {report.get('status')!r}"))
checks.append(("three_expenses", 0, len(lines) == 3, f"{len(lines)} expense(s)"))
checks.append(("one_report", 0, len(new) == 1, f"{len(new)} new report(s)"))
extra = diff_outside(diff, ["reports." + r for r in new] + audit_paths(diff))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
logged = audit_log(cur, diff)
checks.append(("audit_trail", 0, logged == sorted([["created", str(report.get("title"))], ["submitted", ""]] + [["line added", line_note(cur, ln)] for ln in lines]), "new audit entries: " + json.dumps(logged)))
