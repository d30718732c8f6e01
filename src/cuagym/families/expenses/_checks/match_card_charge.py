"""``match-card-charge``'s reward checks: the charge matched to the one line that explains
it (the holder's open report, same amount), both pointing at each other; nothing else."""

# ruff: noqa: F405, E501
import json

from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
hits = [t for t in init["cardTransactions"].values() if t["status"] == "unmatched" and t["merchant"] == P["merchant"] and t["amountCents"] == P["amount_cents"] and t["postedOn"] == P["posted"]]
tid = hits[0]["id"] if len(hits) == 1 else ""
rid = report_id(init, P["number"])
before = init["reports"].get(rid) or {"lines": {}}
keys = [k for k, ln in before["lines"].items() if ln["cardTxnId"] is None and ln["amountCents"] == P["amount_cents"]]
key = keys[0] if len(keys) == 1 else ""
txn = cur["cardTransactions"].get(tid) or {}
line = ((cur["reports"].get(rid) or {"lines": {}})["lines"]).get(key) or {}
checks.append(("charge_matched", 2, txn.get("status") == "matched", f"status {txn.get('status')!r}"))
checks.append(("right_line", 2, txn.get("reportId") == rid and txn.get("lineKey") == key, f"matched to {txn.get('reportId')!r} {txn.get('lineKey')!r}"))
checks.append(("line_points_back", 1, bool(tid) and line.get("cardTxnId") == tid, f"line cardTxnId {line.get('cardTxnId')!r}"))
checks.append(("charge_found", 0, bool(tid) and bool(key), f"{len(hits)} charge(s), {len(keys)} line(s)"))
allowed = ["cardTransactions." + tid, "reports." + str(rid) + ".lines." + key + ".cardTxnId", *audit_paths(diff)]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
logged = audit_log(cur, diff)
checks.append(("audit_trail", 0, logged == [["card matched", str(txn.get("merchant")) + " " + str(txn.get("amountCents"))]], "new audit entries: " + json.dumps(logged)))
