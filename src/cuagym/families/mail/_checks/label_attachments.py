"""``label-attachments``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
lid = label_id(init, P["label"])
domain_threads = sorted({
    m["threadId"] for m in init["messages"].values()
    if m["from"]["email"].lower().endswith("@" + P["domain"])
    and init["threads"][m["threadId"]]["folder"] not in ("spam", "trash")
})
targets = sorted({
    m["threadId"] for m in init["messages"].values()
    if m["threadId"] in domain_threads and m["attachments"]
    and m["from"]["email"].lower().endswith("@" + P["domain"])
})
checks.append(("setup", 0, lid is not None and len(targets) == P["count"],
               f"label {lid}, targets {targets}"))
for tid in targets:
    labels = cur["threads"].get(tid, {}).get("labels", [])
    want = [x for x in init["threads"][tid]["labels"] if x != lid] + [lid]
    checks.append((f"labelled_{tid}", 1, sorted(labels) == sorted(want),
                   f"{tid} labels {labels}"))
# The company's mail without a file, and the other sender's file, keep their labels;
# nothing is moved, read, starred or deleted.
extra = diff_outside(diff, [f"threads.{t}.labels" for t in targets])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
