"""``star-thread``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
tid = find_thread(init, P["subject"], P["sender_email"])
before = init["threads"].get(tid or "", {})
after = cur["threads"].get(tid or "", {})
checks.append(("thread_found", 0, tid is not None, f"thread {tid}"))
checks.append(("starred", 2, after.get("starred") is True and not before.get("starred"),
               f"starred {before.get('starred')} -> {after.get('starred')}"))
# Only this star: not the sender's other email too, no label, archive or read flag.
extra = diff_outside(diff, [f"threads.{tid}.starred", *opened(init, [tid])])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
