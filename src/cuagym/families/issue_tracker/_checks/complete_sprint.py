"""``complete-sprint``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.issue_tracker._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
project = PARAMS["project"]
sid = sprint_named(init, project, PARAMS["sprint_name"])
nxt = sprint_named(cur, project, PARAMS["next_sprint_name"])
reviewed = PARAMS["reviewed"]
members = [k for k, i in init["issues"].items() if i["sprint"] == sid]
unfinished = [
    k for k in members if k != reviewed and not is_done(init, init["issues"][k]["status"])
]
finished = [k for k in members if k not in unfinished]
closed = cur["sprints"].get(sid, {}).get("state") == "closed"
done_now = is_done(cur, cur["issues"][reviewed]["status"])
moved = [k for k in unfinished if k in cur["issues"] and cur["issues"][k]["sprint"] == nxt]
checks.append(("sprint_closed", 2, closed, f"{PARAMS['sprint_name']} closed={closed}"))
checks.append(("reviewed_done", 1, done_now, cur["issues"][reviewed]["status"]))
rolled = nxt is not None and len(moved) == len(unfinished) and len(unfinished) > 0
checks.append(("unfinished_moved", 2, rolled, f"{len(moved)}/{len(unfinished)} moved"))
stayed = all(cur["issues"].get(k, {}).get("sprint") == sid for k in finished)
allowed = {"sprints." + sid + ".state", "sprints." + sid + ".completedDate"}
allowed |= {"issues." + k + ".sprint" for k in unfinished}
allowed |= {"issues." + reviewed + ".status"}
extra = sorted(set(diff) - allowed)
intact = stayed and not extra
checks.append(("nothing_else_changed", 0, intact, f"stayed={stayed} other: {extra[:5]}"))
