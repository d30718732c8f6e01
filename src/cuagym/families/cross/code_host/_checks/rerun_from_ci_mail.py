"""``rerun-from-ci-mail``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.cross.code_host._checks._scope import *  # noqa: F403

#: the mailbox's ``/go`` (the read block defines them)
minit: Any = None
mdiff: Any = None

# -- inlined into reward.py --
rid = run_id(init, P["repo"], P["run"])
was = init["runs"].get(rid, {}) if rid else {}
run = cur["runs"].get(rid, {}) if rid else {}
fresh = run.get("failedStep") == "" and run.get("durationS") == 0
fresh = fresh and str(run.get("startedAt") or "") > str(was.get("startedAt") or "")
fresh = fresh and run.get("triggeredBy") == init["currentUser"]
rerun = run.get("status") == "queued" and run.get("attempt") == (was.get("attempt") or 0) + 1
checks.append(("reported_run_rerun", 2, rerun and fresh, f"status {run.get('status')!r}"))
pid = pull_id(init, P["repo"], P["number"])
labels = cur["pulls"].get(pid, {}).get("labels", []) if pid else []
checks.append(
    ("labelled_ci", 1, sorted(labels) == sorted(P["labels"]), "labels: " + listing(labels))
)
allowed = ["runs." + str(rid), "pulls." + str(pid) + ".labels"]
extra = diff_outside(diff, allowed)
checks.append(("forge_unchanged_otherwise", 0, not extra, "other changes: " + listing(extra)))
# reading the report may mark it read; nothing else in the mailbox changes
read_marks = ["threads." + t + ".unread" for t in sorted(minit["threads"])]
mextra = diff_outside(mdiff, read_marks)
checks.append(("mailbox_unchanged", 0, not mextra, "mailbox changes: " + listing(mextra)))
