"""``pay-approved-batch``'s reward checks: one new batch, sent, paying on the day asked, with
exactly the cost centre's approved reports that waited; those reports paid, no other."""

# ruff: noqa: F405, E501
import json
from typing import Any

from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
ccid = centre_id(init, P["centre"])
want = sorted(r for r, rep in init["reports"].items() if rep["costCentreId"] == ccid and rep["status"] == "approved" and not rep["payoutId"])
new = added(diff, "payouts")
batch: dict[str, Any] = cur["payouts"][new[0]] if len(new) == 1 else {}
checks.append(("batch_has_exactly_them", 3, sorted(batch.get("reportIds") or []) == want, f"batch holds {batch.get('reportIds')!r}, want {want}"))
checks.append(("sent", 2, batch.get("status") == "sent", f"batch status {batch.get('status')!r}"))
checks.append(("pay_day", 1, batch.get("payDate") == P["pay_day"], f"pay date {batch.get('payDate')!r}"))
paid = [r for r in want if (cur["reports"].get(r) or {}).get("status") == "paid"]
checks.append(("reports_paid", 0, len(paid) == len(want) and bool(want), f"{len(paid)} of {len(want)} paid"))
checks.append(("sent_now", 0, fresh(batch.get("sentAt"), init), f"sentAt {batch.get('sentAt')!r}"))
linked = [r for r in want if (cur["reports"].get(r) or {}).get("payoutId") == (new[0] if len(new) == 1 else "")]
checks.append(("reports_in_batch", 0, len(linked) == len(want), f"{len(linked)} of {len(want)} point at the batch"))
checks.append(("one_batch", 0, len(new) == 1, f"{len(new)} new batch(es)"))
allowed = ["payouts." + b for b in new] + audit_paths(diff)
for r in want:
    allowed += ["reports." + r + ".status", "reports." + r + ".payoutId"]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
logged = audit_log(cur, diff)
checks.append(("audit_trail", 0, logged == sorted([["payout drafted", "Batch " + str(batch.get("number")) + ": " + str(len(want)) + " reports"], ["payout sent", "Batch " + str(batch.get("number"))]]), "new audit entries: " + json.dumps(logged)))
