"""``protect-branch``'s reward checks: the body of its ``main``, pasted as text."""

# ruff: noqa: F405
from cuagym.families.code_host._checks._scope import *  # noqa: F403

# -- inlined into reward.py --
bid = branch_id(init, P["repo"], P["branch"])
branch = cur["branches"].get(bid, {}) if bid else {}
checks.append(
    ("protected", 2, branch.get("protected") is True, f"protected {branch.get('protected')}")
)
checks.append(
    (
        "approvals",
        2,
        branch.get("requiredApprovals") == P["approvals"],
        f"required approvals {branch.get('requiredApprovals')}",
    )
)
checks.append(
    (
        "status_checks",
        1,
        branch.get("protected") is True and branch.get("requireChecks") is P["checks"],
        f"require checks {branch.get('requireChecks')}",
    )
)
extra = diff_outside(
    diff,
    ["branches." + str(bid) + "." + f for f in ("protected", "requiredApprovals", "requireChecks")],
)
checks.append(("branch_found", 0, bid is not None, f"branch {bid}"))
checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
