"""``over-budget-ticket``'s reward checks: one new task in the project, titled and described
from the Budgets screen, priority and assignee as asked; the expense app unchanged."""

# ruff: noqa: F405, E501
from typing import Any

from cuagym.families.cross.expenses._checks._scope import *  # noqa: F403

# fmt: off
# -- inlined into reward.py --
ccid = centre_id(init, P["code"])
centre = init["costCentres"].get(ccid) or {}
used = sum(total_of(r) for r in init["reports"].values() if r["costCentreId"] == ccid and r["status"] in ("submitted", "reviewed", "approved", "paid") and r["createdAt"][:10] >= "2026-10-01")
over = used - centre.get("budgetCents", 0)
amount = "-$" + format(-over / 100, ",.2f") if over < 0 else "$" + format(over / 100, ",.2f")
made = [k for k in tcur["issues"] if k not in tinit["issues"]]
issue: dict[str, Any] = tcur["issues"][made[0]] if len(made) == 1 else {}
who = next((u for u, v in tinit["users"].items() if v["displayName"] == P["assignee"]), None)
checks.append(("over_in_world", 0, over > 0 and over == P["over_cents"], f"{P['code']} is over by {over}"))
checks.append(("filed", 1, issue.get("project") == P["project"] and issue.get("type") == "task", f"{len(made)} new issue(s): {issue.get('project')!r} {issue.get('type')!r}"))
checks.append(("title_names_the_centre", 3, exact(issue.get("title")) == exact("Over budget: " + P["code"] + " " + P["name"]), f"title {issue.get('title')!r}"))
checks.append(("description_amount", 2, exact(issue.get("description")) == "Over by " + amount, f"description {issue.get('description')!r}, want 'Over by {amount}'"))
checks.append(("priority", 1, issue.get("priority") == P["priority"].lower(), f"priority {issue.get('priority')!r}"))
checks.append(("assignee", 1, who is not None and issue.get("assignee") == who, f"assignee {issue.get('assignee')!r}"))
bare = {k: issue.get(k) for k in ("labels", "storyPoints", "sprint", "parent")}
checks.append(("nothing_unasked", 0, not issue or bare == {"labels": [], "storyPoints": None, "sprint": None, "parent": None}, f"also set: {bare}"))
checks.append(("one_issue", 0, len(made) <= 1, f"{len(made)} new issue(s)"))
textra = diff_outside(tdiff, ["projects." + P["project"] + ".nextIssueNumber"] + ["issues." + k for k in made])
checks.append(("tracker_unchanged_otherwise", 0, not textra, "other changes: " + listing(textra)))
extra = diff_outside(diff, [])
checks.append(("expenses_unchanged", 0, not extra, "expense changes: " + listing(extra)))
