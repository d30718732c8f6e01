"""``inbox-triage``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
lid = label_id(init, P["label"])
domain_threads = sorted({
    m["threadId"] for m in init["messages"].values()
    if m["from"]["email"].lower().endswith("@" + P["domain"])
})
targets = [t for t in domain_threads
           if init["threads"][t]["folder"] == "inbox" and init["threads"][t]["unread"]]
checks.append(("setup", 0, lid is not None and len(targets) == P["count"],
               f"label {lid}, targets {targets}"))
for tid in targets:
    t = cur["threads"].get(tid, {})
    want = [x for x in init["threads"][tid]["labels"] if x != lid] + [lid]
    checks.append((f"labelled_{tid}", 1, sorted(t.get("labels", [])) == sorted(want),
                   f"labels {t.get('labels')}"))
    checks.append((f"read_{tid}", 1, t.get("unread") is False, f"unread {t.get('unread')}"))
    checks.append((f"archived_{tid}", 1, t.get("folder") == "archive",
                   f"folder {t.get('folder')}"))
# The read one from the same company and everyone else's mail stay as they were.
allowed = [f"threads.{t}.{f}" for t in targets for f in ("labels", "unread", "folder")]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
