"""``rerun-failed-run``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
rid = run_id(init, P["repo"], P["run"])
was = init["runs"].get(rid, {}) if rid else {}
run = cur["runs"].get(rid, {}) if rid else {}
checks.append(
    (
        "rerun_started",
        2,
        run.get("status") in ("queued", "in_progress"),
        f"status {run.get('status')!r}",
    )
)
checks.append(
    (
        "next_attempt",
        1,
        run.get("attempt") == (was.get("attempt") or 0) + 1,
        f"attempt {run.get('attempt')}",
    )
)
fresh = run.get("failedStep") == "" and run.get("durationS") == 0
# a new attempt starts anew: later than the failed one (never an exact time: that is when you acted)
fresh = fresh and str(run.get("startedAt") or "") > str(was.get("startedAt") or "")
checks.append(
    (
        "a_fresh_attempt",
        1,
        fresh,
        f"failed step {run.get('failedStep')!r}, duration {run.get('durationS')}",
    )
)
checks.append(
    (
        "by_you",
        0,
        run.get("triggeredBy") == init["currentUser"] or not run,
        f"triggered by {run.get('triggeredBy')}",
    )
)
extra = diff_outside(diff, ["runs." + str(rid)])
checks.append(("run_found", 0, rid is not None, f"run {rid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
