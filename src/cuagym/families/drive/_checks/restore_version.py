"""``restore-version``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405, E501
from cuagym.families.drive._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
fid = the_file(init, P["file"], P["where"])
record = cur["files"].get(fid) or {}
before = versions_of(init, fid)
after = versions_of(cur, fid)
wanted = [v for v in before if v["number"] == P["number"]]
new = [v for v in after if v["id"] not in {b["id"] for b in before}]
checks.append(("found", 0, bool(fid) and len(wanted) == 1, f"file {fid!r}"))
# Restoring saves the old content again as one new, newest version.
checks.append(("one_new_version", 1, len(new) == 1 and new[0]["number"] == P["latest"] + 1, f"{len(new)} new version(s)"))
same = bool(new) and bool(wanted) and new[0]["sizeBytes"] == wanted[0]["sizeBytes"]
checks.append(("restored_content", 2, same and record.get("sizeBytes") == wanted[0]["sizeBytes"], f"file size {record.get('sizeBytes')!r}"))
# The new version is the app's: yours, the old one's size, its note naming what was restored.
expected = {"fileId": fid, "sizeBytes": wanted[0]["sizeBytes"] if wanted else -1, "authorId": init["currentUser"], "note": f"Restored version {P['number']}"}
wrong = unlike(new[0], expected) if new else []
checks.append(("version_as_saved", 0, not wrong, "differs: " + listing(wrong)))
checks.append(("old_versions_kept", 0, all(cur["versions"].get(b["id"]) == b for b in before), "an old version changed or is gone"))
allowed = [f"files.{fid}.sizeBytes", f"files.{fid}.modifiedAt", f"files.{fid}.modifiedBy"] + ["versions." + v["id"] for v in new[:1]]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
# Saved now, by you: the file's modified stamp moves with the restored content.
stamped = record.get("modifiedAt") != (init["files"].get(fid) or {}).get("modifiedAt") and record.get("modifiedBy") == init["currentUser"]
checks.append(("saved_by_you", 0, stamped, f"modified {record.get('modifiedAt')!r} by {record.get('modifiedBy')!r}"))
