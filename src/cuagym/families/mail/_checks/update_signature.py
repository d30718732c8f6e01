"""``update-signature``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.mail._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
before, after = init["settings"], cur["settings"]
want = P["reading"] == "on"
checks.append(("setup", 0, before.get("markReadOnOpen") is (not want),
               f"reading setting was {before.get('markReadOnOpen')}"))
# The lines as given, in order: case, punctuation and the middle dot count.
lines = text_lines(after.get("signature", ""))
checks.append(("signature", 3, lines == text_lines(P["signature"]),
               f"{len(lines)} line(s): {lines}"))
mark = after.get("markReadOnOpen")
checks.append(("mark_read_on_open", 2, mark is want, f"markReadOnOpen {mark}"))
# Settings only: no label, template or conversation touched while in the settings.
extra = diff_outside(diff, ["settings.signature", "settings.markReadOnOpen"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
