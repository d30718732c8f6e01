"""View models: what templates show, derived from the state (never stored).

Dates, people, labels, check summaries and the repository's tab row live here so that every
screen shows a value the same way.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from cuagym.apps.code_host._ops import branch_of, check_status, latest_reviews
from cuagym.apps.code_host._schema import LABELS
from cuagym.apps.code_host._seed_data import RUN_STEPS

__all__ = [
    "LABEL_COLOURS",
    "REPO_TABS",
    "branches_of",
    "fmt_day",
    "fmt_duration",
    "fmt_ts",
    "members_of",
    "person",
    "pull_row",
    "repo_context",
    "run_steps",
    "shell",
]

State = dict[str, Any]
LABEL_COLOURS = dict(LABELS)
NAV = (
    ("repos", "Repositories", "/"),
    ("pulls", "Pull requests", "/pulls"),
    ("issues", "Issues", "/issues"),
)
#: a repository's tab row: (key, label, path below the repository)
REPO_TABS = (
    ("code", "Code", ""),
    ("issues", "Issues", "/issues"),
    ("pulls", "Pull requests", "/pulls"),
    ("actions", "Actions", "/actions"),
    ("branches", "Branches", "/branches"),
    ("releases", "Releases", "/releases"),
    ("settings", "Settings", "/settings"),
)


def fmt_ts(value: str | None) -> str:
    """``2026-11-20T15:04:00Z`` -> ``Nov 20, 2026, 15:04 UTC``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    return f"{moment:%b} {moment.day}, {moment.year}, {moment:%H:%M} UTC"


def fmt_day(value: str | None) -> str:
    """A timestamp or a date as ``Nov 20, 2026``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value[:10])
    return f"{moment:%b} {moment.day}, {moment.year}"


def fmt_duration(seconds: int) -> str:
    if seconds <= 0:
        return "—"
    minutes, secs = divmod(seconds, 60)
    return f"{minutes}m {secs:02d}s" if minutes else f"{secs}s"


def person(state: State, uid: str | None) -> dict[str, Any]:
    user = state["users"].get(uid or "")
    if user is None:
        return {"id": "", "login": "ghost", "name": "Unknown", "avatarColor": "#57534e"}
    return dict(user)


def members_of(state: State, repo: str) -> list[dict[str, Any]]:
    """The repository's collaborators with their user records, strongest role first."""
    order = {"admin": 0, "maintain": 1, "write": 2, "triage": 3, "read": 4}
    rows = [
        {**m, "user": person(state, m["userId"])}
        for m in state["members"].values()
        if m["repoId"] == repo
    ]
    return sorted(rows, key=lambda m: (order[m["role"]], m["user"]["login"]))


def branches_of(state: State, repo: str) -> list[dict[str, Any]]:
    """The repository's branches: the default first, then the most recently updated."""
    default = state["repos"][repo]["defaultBranch"]
    rows = []
    for b in state["branches"].values():
        if b["repoId"] != repo:
            continue
        head = state["commits"].get(b["head"], {})
        pull = next(
            (p for p in state["pulls"].values()
             if p["repoId"] == repo and p["source"] == b["name"] and p["state"] == "open"),
            None,
        )  # fmt: skip
        rows.append({**b, "commit": head, "pull": pull, "default": b["name"] == default})
    rows.sort(key=lambda b: (not b["default"], b["commit"].get("date", "")), reverse=False)
    head, rest = rows[:1], sorted(rows[1:], key=lambda b: b["commit"].get("date", ""), reverse=True)
    return head + rest


def pull_row(state: State, pull: dict[str, Any]) -> dict[str, Any]:
    verdicts = latest_reviews(state, pull["id"])
    review = (
        "changes_requested"
        if "changes_requested" in verdicts.values()
        else "approved"
        if "approved" in verdicts.values()
        else "pending"
        if pull["reviewers"]
        else ""
    )
    return {
        **pull,
        "author": person(state, pull["authorId"]),
        "checks": check_status(state, pull["id"]) if pull["state"] == "open" else "",
        "review": review,
        "repo": state["repos"][pull["repoId"]],
    }


def run_steps(run: dict[str, Any]) -> list[tuple[str, str]]:
    """(step, status) of a run: steps before the failed one passed, later ones skipped."""
    steps = RUN_STEPS.get(run["workflow"], ("Run",))
    out = []
    state = "success"
    for step in steps:
        if run["status"] in ("queued",):
            out.append((step, "queued"))
            continue
        if run["status"] == "in_progress" and state == "success" and step == steps[-1]:
            out.append((step, "in_progress"))
            continue
        if step == run["failedStep"]:
            out.append((step, "failure"))
            state = "skipped"
            continue
        if run["status"] == "cancelled" and step == steps[-1]:
            out.append((step, "cancelled"))
            continue
        out.append((step, state))
    return out


def repo_context(state: State, repo: str, tab: str) -> dict[str, Any]:
    """What every repository screen shows above its own content: name, visibility, tab row."""
    record = state["repos"][repo]
    counts = {
        "issues": sum(1 for i in state["issues"].values()
                      if i["repoId"] == repo and i["state"] == "open"),
        "pulls": sum(1 for p in state["pulls"].values()
                     if p["repoId"] == repo and p["state"] == "open"),
    }  # fmt: skip
    return {
        "repo": record,
        "repo_tab": tab,
        "repo_tabs": REPO_TABS,
        "repo_counts": counts,
        "default_branch": branch_of(state, repo, record["defaultBranch"]),
    }


def shell(state: State, active: str) -> dict[str, Any]:
    """The header around every screen: global links, the signed-in person, the org."""
    me = person(state, state["currentUser"])
    return {
        "nav_items": list(NAV),
        "active": active,
        "me": {"name": me["name"], "color": me["avatarColor"], "login": me["login"]},
        "org": state["org"],
        "labels": LABEL_COLOURS,
        "fmt_ts": fmt_ts,
        "fmt_day": fmt_day,
        "fmt_duration": fmt_duration,
        "users": state["users"],
    }
