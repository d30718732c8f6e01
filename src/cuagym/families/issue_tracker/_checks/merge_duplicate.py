"""``merge-duplicate``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.issue_tracker._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
orig, dup = PARAMS["original_key"], PARAMS["duplicate_key"]
me = init["currentUser"]
notes = init["issues"].get(dup, {}).get("comments", [])
note = exact(notes[0]["body"]) if len(notes) == 1 else None
before = init["issues"].get(orig, {}).get("comments", [])
after = cur["issues"].get(orig, {}).get("comments", [])
old_ids = {c["id"] for c in before}
added = [c for c in after if c["id"] not in old_ids]
mine = [c for c in added if c["author"] == me and exact(c["body"]) == note]
checks.append(("copy_found", 0, note is not None and orig in init["issues"],
               f"{len(notes)} comment(s) on {dup}"))
checks.append(("comment_carried_over", 2, note is not None and len(mine) == 1,
               f"{len(added)} new comment(s) on {orig}"))
checks.append(("one_comment", 0, len(added) <= 1, f"{len(added)} new comment(s)"))
checks.append(("old_comments_kept", 0, [c for c in after if c["id"] in old_ids] == before,
               "earlier comments unchanged"))
checks.append(("copy_deleted", 2, dup not in cur["issues"], f"{dup} still exists"))
checks.append(("original_kept", 0, orig in cur["issues"], f"{orig} exists"))
extra = diff_outside(diff, ["issues." + dup, "issues." + orig + ".comments"])
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
