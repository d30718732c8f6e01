"""``create-issue``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.issue_tracker._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
project = PARAMS["project"]
made = [
    i
    for k, i in cur["issues"].items()
    if k not in init["issues"] and i["project"] == project
    and exact(i["title"]) == exact(PARAMS["title"])
]
added = [k for k in cur["issues"] if k not in init["issues"]]
one = len(made) == 1
issue = made[0] if one else {}
want_sprint = (
    sprint_named(cur, project, PARAMS["sprint_name"]) if PARAMS["sprint_name"] else None
)
who = user_named(cur, PARAMS["assignee_name"])
checks.append(("created", 2, one, f"{len(made)} new issue(s) with that title"))
checks.append(("type", 1, one and issue["type"] == PARAMS["type"], issue.get("type")))
checks.append(
    ("priority", 1, one and issue["priority"] == PARAMS["priority"], issue.get("priority"))
)
checks.append(("assignee", 1, one and issue["assignee"] == who, issue.get("assignee")))
checks.append(
    ("labels", 1, one and sorted(issue["labels"]) == PARAMS["labels"], issue.get("labels"))
)
checks.append(
    ("story_points", 1, one and issue["storyPoints"] == PARAMS["story_points"],
     issue.get("storyPoints"))
)
checks.append(("sprint", 1, one and issue["sprint"] == want_sprint, issue.get("sprint")))
# Nothing the instruction did not ask for: no description, epic, comment or workflow step.
unasked = {
    "description": issue.get("description", ""),
    "parent": issue.get("parent"),
    "comments": issue.get("comments", []),
    "status": issue.get("status", init["workflow"]["initialStatus"]),
}
bare = {"description": "", "parent": None, "comments": [],
        "status": init["workflow"]["initialStatus"]}
checks.append(("nothing_unasked", 0, unasked == bare, f"also set: {unasked}"))
checks.append(("one_issue", 0, len(added) <= 1, f"{len(added)} new issue(s)"))
allowed = ["projects." + project + ".nextIssueNumber"] + ["issues." + k for k in added]
extra = diff_outside(diff, allowed)
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
