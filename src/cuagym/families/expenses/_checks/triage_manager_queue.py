"""``triage-manager-queue``'s reward checks: every report of the centre that waited for its
manager decided by its policy flags (read from the initial state); nothing else changed."""

# ruff: noqa: F405, E501
import json
from typing import Any

from cuagym.families.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
ccid = centre_id(init, P["centre"])
queue = sorted(r for r, rep in init["reports"].items() if rep["costCentreId"] == ccid and rep["status"] == "submitted")


def flagged(rep: dict[str, Any]) -> bool:
    over = init["company"]["receiptRequiredOverCents"]
    for ln in rep["lines"].values():
        cat = init["categories"].get(ln["categoryId"]) or {}
        if cat.get("limitCents") is not None and ln["amountCents"] > cat["limitCents"]:
            return True
        if cat.get("kind") == "receipt" and ln["amountCents"] > over and not ln["receipt"]:
            return True
    return False


back = [r for r in queue if flagged(init["reports"][r])]
ok = [r for r in queue if r not in back]
approved = [r for r in ok if (cur["reports"].get(r) or {}).get("status") == "reviewed" and fresh(cur["reports"][r].get("reviewedAt"), init)]
returned = [r for r in back if (cur["reports"].get(r) or {}).get("status") == "returned" and exact(cur["reports"][r].get("returnNote")) == exact(P["note"])]
checks.append(("clean_ones_approved", 2, len(approved) == len(ok) and bool(ok), f"{len(approved)} of {len(ok)} approved"))
checks.append(("flagged_sent_back", 2, len(returned) == len(back) and bool(back), f"{len(returned)} of {len(back)} sent back with the note"))
checks.append(("queue_found", 0, bool(queue), f"{len(queue)} report(s) in the queue"))
allowed = list(audit_paths(diff))
for r in ok:
    allowed += ["reports." + r + ".status", "reports." + r + ".reviewedAt"]
for r in back:
    allowed += ["reports." + r + "." + k for k in ("status", "returnNote", "submittedAt")]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
logged = audit_log(cur, diff)
want_log = sorted([["approved by manager", ""] for _ in ok] + [["sent back", exact(P["note"])] for _ in back])
checks.append(("audit_trail", 0, logged == want_log, "new audit entries: " + json.dumps(logged)))
