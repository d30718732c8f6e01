"""``moderate-reports``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.social._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
open_ids = sorted(k for k, r in init["reports"].items() if r["status"] == "open")
checks.append(("reports_to_work", 0, bool(open_ids), f"{len(open_ids)} open report(s)"))
wrong = []
allowed = []
should_hide: dict[tuple[str, str], bool] = {}
for rid in open_ids:
    report = init["reports"][rid]
    want = "removed" if report["reason"] in P["remove"] else "dismissed"
    got = cur["reports"].get(rid, {}).get("status")
    if got != want:
        wrong.append(rid + ": " + str(got) + " (want " + want + ")")
    target = ("comments", report["commentId"]) if report["commentId"] else ("posts", report["postId"])
    should_hide[target] = should_hide.get(target, bool(init[target[0]][target[1]]["hidden"])) or want == "removed"
    allowed += ["reports." + rid + ".status", "reports." + rid + ".resolvedAt", target[0] + "." + target[1] + ".hidden"]
hidden_wrong = sorted(t[1] for t, hide in should_hide.items() if bool(cur[t[0]].get(t[1], {}).get("hidden")) != hide)
resolved = [rid for rid in open_ids if cur["reports"].get(rid, {}).get("status") != "open"]
checks.append(("all_resolved", 1, len(resolved) == len(open_ids), f"{len(resolved)} of {len(open_ids)} resolved"))
checks.append(("right_decisions", 3, not wrong, "wrong: " + listing(wrong)))
checks.append(("right_content_hidden", 1, not hidden_wrong, "hidden state wrong for: " + listing(hidden_wrong)))
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
