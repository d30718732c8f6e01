"""``merge-ready-pull``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
pid = pull_id(init, P["repo"], P["number"])
pull = cur["pulls"].get(pid, {}) if pid else {}
before = init["pulls"].get(pid, {}) if pid else {}
checks.append(
    (
        "the_ready_one_merged",
        3,
        pull.get("state") == "merged",
        f"#{P['number']} is {pull.get('state')}",
    )
)
made = [cur["commits"][c] for c in added(diff, "commits")]
squash = exact(before.get("title")) + " (#" + str(P["number"]) + ")"
checks.append(
    (
        "squash_merged",
        1,
        [c["message"] for c in made] == [squash],
        "new commits: " + listing([c["message"] for c in made]),
    )
)
target = branch_id(init, P["repo"], P["target"])
head = cur["branches"].get(target, {}).get("head") if target else None
landed = len(made) == 1 and head == made[0]["id"] and made[0]["branch"] == P["target"]
landed = landed and made[0]["repoId"] == P["repo"] and made[0]["authorId"] == init["currentUser"]
checks.append(("landed_on_the_target", 1, landed, f"{P['target']} head {head}"))
source = branch_id(init, P["repo"], before.get("source", ""))
gone = source is not None and source not in cur["branches"]
checks.append(("branch_deleted", 1, gone, f"source branch {before.get('source')!r}"))
others = [
    k
    for k, q in cur["pulls"].items()
    if k != pid and q["state"] != init["pulls"].get(k, {}).get("state")
]
checks.append(("no_other_pull_touched", 0, not others, "also changed: " + listing(others)))
allowed = ["pulls." + str(pid) + "." + f for f in ("state", "mergedAt", "mergedBy")]
allowed += ["commits." + c for c in added(diff, "commits")[:1]]
allowed += ["branches." + str(target) + ".head", "branches." + str(source)]
extra = diff_outside(diff, allowed)
checks.append(("pull_found", 0, pid is not None, f"pull {pid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
