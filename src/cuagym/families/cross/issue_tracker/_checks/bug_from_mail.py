"""``bug-from-customer-mail``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from typing import Any

from cuagym.families.cross._office_scope import *  # noqa: F403

bare: dict[str, Any]

# fmt: off
# -- inlined into reward.py --
# -- the report, as the mailbox held it: which product, and is there a workaround -------------
tid = find_thread(minit, P["subject"], P["customer_email"])
said = " ".join(m["body"] for m in thread_msgs(minit, tid)).lower()
stuck = "cannot get past this" in said
checks.append(("setup", 0, tid is not None and stuck == P["blocked"]
               and P["problem"].lower() in said, f"conversation {tid}, blocked {stuck}"))
checks.append(("mailbox_untouched", 0, not diff_outside(mdiff, opened(minit, [tid])),
               "mail changes: " + listing(diff_outside(mdiff, opened(minit, [tid])))))

# -- the tracker: exactly one new issue, filed as the instruction judges ----------------------
added = [k for k in tcur["issues"] if k not in tinit["issues"]]
made = [k for k in added if exact(tcur["issues"][k]["title"]) == exact(P["title"])]
key = made[0] if len(made) == 1 else None
issue = tcur["issues"][key] if key else {}
project = P["project"]
lead = tinit["projects"][project]["lead"]
checks.append(("filed", 1, key is not None, f"{len(made)} new issue(s) with that title"))
checks.append(("right_project", 2, issue.get("project") == project,
               f"project {issue.get('project')}"))
checks.append(("bug", 1, issue.get("type") == "bug", f"type {issue.get('type')}"))
want = "high" if stuck else "low"
checks.append(("priority", 2, key is not None and issue.get("priority") == want,
               f"priority {issue.get('priority')}, wanted {want}"))
checks.append(("assignee_is_the_lead", 2, key is not None and issue.get("assignee") == lead,
               f"assignee {issue.get('assignee')}, lead {lead}"))
checks.append(("label", 1, issue.get("labels") == [P["label"]], f"labels {issue.get('labels')}"))
described = P["customer_email"].lower() in str(issue.get("description", "")).lower()
checks.append(("customer_address", 1, described,
               "description: " + str(issue.get("description"))[:80]))
unasked = {k: issue.get(k) for k in ("storyPoints", "sprint", "parent", "comments")}
bare = {"storyPoints": None, "sprint": None, "parent": None, "comments": []}
checks.append(("nothing_unasked", 0, key is None or unasked == bare, f"also set: {unasked}"))
fresh = key is None or issue.get("status") == tinit["workflow"]["initialStatus"]
checks.append(("initial_status", 0, fresh, f"status {issue.get('status')}"))
checks.append(("one_issue", 0, len(added) <= 1, f"{len(added)} new issue(s)"))
allowed = ["projects." + str(issue.get("project")) + ".nextIssueNumber"]
allowed += ["issues." + k for k in added]
extra = diff_outside(tdiff, allowed)
checks.append(("tracker_unchanged_otherwise", 0, not extra, "other changes: " + listing(extra)))
