"""``request-reviewers``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
pid = pull_id(init, P["repo"], P["number"])
was = init["pulls"][pid]["reviewers"] if pid else []
now = cur["pulls"].get(pid, {}).get("reviewers", []) if pid else []
logins = {u["id"]: u["login"] for u in init["users"].values()}
wanted = sorted(set(was) | {u for u, login in logins.items() if login in P["logins"]})
asked = all(u in now for u in wanted if logins[u] in P["logins"])
checks.append(("reviewers_requested", 2, asked, "requested: " + listing([logins[u] for u in now])))
checks.append(
    (
        "earlier_requests_kept",
        1,
        sorted(now) == wanted,
        "expected " + listing([logins[u] for u in wanted]),
    )
)
extra = diff_outside(diff, ["pulls." + str(pid) + ".reviewers"])
checks.append(("pull_found", 0, pid is not None, f"pull {pid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
