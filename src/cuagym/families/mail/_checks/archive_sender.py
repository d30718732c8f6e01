"""``archive-sender``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
sender = P["sender_email"].lower()
targets = sorted({
    m["threadId"] for m in init["messages"].values()
    if m["from"]["email"].lower() == sender
    and init["threads"][m["threadId"]]["folder"] == "inbox"
})
checks.append(("targets_found", 0, len(targets) == P["count"], f"targets {targets}"))
for tid in targets:
    folder = cur["threads"].get(tid, {}).get("folder")
    checks.append((f"archived_{tid}", 1, folder == "archive", f"{tid} folder {folder}"))
# Archived, not also starred, labelled, read or deleted; the colleague's mail stays.
allowed = [f"threads.{t}.folder" for t in targets] + opened(init, targets)
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
