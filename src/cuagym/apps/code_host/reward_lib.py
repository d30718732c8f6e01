"""Helpers every code-host ``reward.py`` carries, copied into the script as source text.

Real code (imported and tested on the host) and the text of the reward's helper block: the
families paste everything below the inline marker into each reward, after the shared frame and
the hub libraries. Standard library only, no state, no checks of its own.

Records are *found* by what a person sees (a repository's name, a pull request's number, a
branch's name, a release's tag); typed text is judged with :func:`exact` (case and punctuation
count, runs of whitespace are one space).
"""

# -- inlined into reward.py --
from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def pull_id(state: dict[str, Any], repo: str, number: int) -> str | None:
    for pid, pull in state["pulls"].items():
        if pull["repoId"] == repo and pull["number"] == number:
            return str(pid)
    return None


def issue_id(state: dict[str, Any], repo: str, number: int) -> str | None:
    for iid, issue in state["issues"].items():
        if issue["repoId"] == repo and issue["number"] == number:
            return str(iid)
    return None


def branch_id(state: dict[str, Any], repo: str, name: str) -> str | None:
    for bid, branch in state["branches"].items():
        if branch["repoId"] == repo and branch["name"] == name:
            return str(bid)
    return None


def run_id(state: dict[str, Any], repo: str, number: int) -> str | None:
    for rid, run in state["runs"].items():
        if run["repoId"] == repo and run["number"] == number:
            return str(rid)
    return None


def member_id(state: dict[str, Any], repo: str, user: str) -> str | None:
    for mid, member in state["members"].items():
        if member["repoId"] == repo and member["userId"] == user:
            return str(mid)
    return None


def added(diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records of a collection that exist now and did not initially."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "added":
            out.append(rest)
    return sorted(out)


def new_reviews(init: dict[str, Any], cur: dict[str, Any], pull: str | None) -> list[Any]:
    """The reviews of ``pull`` submitted during the task, oldest first."""
    fresh = [r for k, r in cur["reviews"].items() if k not in init["reviews"]
             and r["pullId"] == pull]  # fmt: skip
    return sorted(fresh, key=lambda r: (r["submittedAt"], r["id"]))
