"""State operations behind every UI action, as plain functions on the JSON state dict.

UI routes call these inside ``UISession.mutate``; task families call the same functions to
compute golden states, so a page and a golden patch cannot disagree on what an action does.
They apply a forge's rules (a protected branch cannot be deleted, a pull request merges only
with its required approvals and green checks, a re-run is a new attempt) and raise
:class:`ActionError` with a message for the person; :class:`FieldError` names the form field
at fault so the page can show the message beside it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.code_host._schema import LABELS, ROLES
from cuagym.apps.code_host._seed import sha_of, stamp

__all__ = [
    "ActionError",
    "FieldError",
    "add_member",
    "branch_of",
    "cancel_run",
    "check_status",
    "close_issue",
    "close_pull",
    "create_branch",
    "create_issue",
    "create_release",
    "delete_branch",
    "latest_reviews",
    "merge_blockers",
    "merge_pull",
    "new_id",
    "next_number",
    "ready_for_review",
    "remember_repo",
    "remove_member",
    "reopen_issue",
    "reopen_pull",
    "rerun_run",
    "set_member_role",
    "set_protection",
    "set_reviewers",
    "submit_review",
    "update_issue",
    "update_labels",
    "update_repo",
]

State = dict[str, Any]
_PREFIX = {"branches": "br", "pulls": "pr", "reviews": "rv", "runs": "run", "issues": "is",
           "releases": "rel", "members": "m", "milestones": "ms"}  # fmt: skip
_LABEL_NAMES = {name for name, _ in LABELS}
_BRANCH = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,79}$")
_TAG = re.compile(r"^v\d+\.\d+\.\d+(-[a-z0-9.]+)?$")
_TOPIC = re.compile(r"^[a-z0-9][a-z0-9-]{0,34}$")
_RECENT_MAX = 5


class ActionError(ValueError):
    """A UI action that cannot be done; the message is shown to the person as is."""


class FieldError(ActionError):
    """An action refused because of one form field's value."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _now(now: datetime | None) -> str:
    return stamp(now if now is not None else datetime.now(UTC))


def new_id(state: State, collection: str) -> str:
    """The next free id of a collection: ``<prefix>-<max + 1, 4 digits>`` (``pr-0049``)."""
    prefix = _PREFIX[collection]
    pattern = re.compile(rf"{prefix}-(\d+)")
    found = [int(m.group(1)) for k in state[collection] if (m := pattern.fullmatch(k))]
    return f"{prefix}-{max(found, default=0) + 1:04d}"


def next_number(state: State, repo: str) -> int:
    """The next number of a repository's shared pull request / issue sequence."""
    taken = [r["number"] for c in ("pulls", "issues") for r in state[c].values()
             if r["repoId"] == repo]  # fmt: skip
    return max(taken, default=0) + 1


def _get(state: State, collection: str, rid: str) -> dict[str, Any]:
    record = state[collection].get(rid)
    if record is None:
        raise ActionError(f"That no longer exists ({rid}).")
    return record  # type: ignore[no-any-return]


def branch_of(state: State, repo: str, name: str) -> dict[str, Any] | None:
    return next(
        (b for b in state["branches"].values() if b["repoId"] == repo and b["name"] == name),
        None,
    )


def remember_repo(state: State, repo: str) -> None:
    """Put ``repo`` first in the recently visited list (volatile ``ui``)."""
    recent = [r for r in state["ui"]["recentRepos"] if r != repo]
    state["ui"]["recentRepos"] = [repo, *recent][:_RECENT_MAX]


# -- repository settings ------------------------------------------------------------------------
def update_repo(
    state: State,
    repo: str,
    *,
    description: str,
    topics: list[str],
    visibility: str,
    default_branch: str,
    delete_branch_on_merge: bool,
    allow_squash: bool,
) -> None:
    record = _get(state, "repos", repo)
    if len(description) > 350:
        raise FieldError("description", "Keep the description under 350 characters.")
    for topic in topics:
        if not _TOPIC.match(topic):
            raise FieldError(
                "topics", f"{topic!r}: topics are lower-case letters, digits and hyphens."
            )
    if branch_of(state, repo, default_branch) is None:
        raise FieldError("defaultBranch", f"There is no branch {default_branch!r}.")
    if visibility not in ("public", "internal", "private"):
        raise FieldError("visibility", "Pick a visibility.")
    record.update(
        description=description,
        topics=sorted(set(topics)),
        visibility=visibility,
        defaultBranch=default_branch,
        deleteBranchOnMerge=delete_branch_on_merge,
        allowSquash=allow_squash,
    )


def add_member(state: State, repo: str, user: str, role: str) -> str:
    if user not in state["users"]:
        raise FieldError("user", "Pick a person from the organisation.")
    if role not in ROLES:
        raise FieldError("role", "Pick a role.")
    if any(m["repoId"] == repo and m["userId"] == user for m in state["members"].values()):
        raise FieldError("user", "That person is already a collaborator.")
    mid = new_id(state, "members")
    state["members"][mid] = {"id": mid, "repoId": repo, "userId": user, "role": role}
    return mid


def _admins(state: State, repo: str) -> int:
    return sum(1 for m in state["members"].values() if m["repoId"] == repo and m["role"] == "admin")


def set_member_role(state: State, member: str, role: str) -> None:
    record = _get(state, "members", member)
    if role not in ROLES:
        raise ActionError(f"Unknown role {role!r}.")
    if record["role"] == "admin" and role != "admin" and _admins(state, record["repoId"]) == 1:
        raise ActionError("A repository keeps at least one admin.")
    record["role"] = role


def remove_member(state: State, member: str) -> None:
    record = _get(state, "members", member)
    if record["role"] == "admin" and _admins(state, record["repoId"]) == 1:
        raise ActionError("A repository keeps at least one admin.")
    del state["members"][member]


# -- branches -----------------------------------------------------------------------------------
def create_branch(
    state: State, repo: str, name: str, source: str, now: datetime | None = None
) -> str:
    if not _BRANCH.match(name) or ".." in name or name.endswith(("/", ".")):
        raise FieldError("name", "Use letters, digits, '.', '-', '_' and '/' for a branch name.")
    if branch_of(state, repo, name) is not None:
        raise FieldError("name", f"A branch named {name!r} already exists.")
    origin = branch_of(state, repo, source)
    if origin is None:
        raise FieldError("source", f"There is no branch {source!r}.")
    bid = new_id(state, "branches")
    state["branches"][bid] = {
        "id": bid, "repoId": repo, "name": name, "head": origin["head"], "protected": False,
        "requiredApprovals": 0, "requireChecks": False, "createdAt": _now(now),
    }  # fmt: skip
    return bid


def delete_branch(state: State, repo: str, name: str) -> None:
    branch = branch_of(state, repo, name)
    if branch is None:
        raise ActionError(f"There is no branch {name!r}.")
    if state["repos"][repo]["defaultBranch"] == name:
        raise ActionError("The default branch cannot be deleted.")
    if branch["protected"]:
        raise ActionError(f"{name} is protected: remove its protection first.")
    if any(p["repoId"] == repo and p["state"] == "open" and name in (p["source"], p["target"])
           for p in state["pulls"].values()):  # fmt: skip
        raise ActionError(f"An open pull request uses {name}.")
    del state["branches"][branch["id"]]


def set_protection(
    state: State, repo: str, name: str, *, protected: bool, approvals: int, checks: bool
) -> None:
    branch = branch_of(state, repo, name)
    if branch is None:
        raise ActionError(f"There is no branch {name!r}.")
    if not 0 <= approvals <= 6:
        raise FieldError("requiredApprovals", "Between 0 and 6 approvals.")
    if not protected and state["repos"][repo]["defaultBranch"] == name:
        raise FieldError("protected", "The default branch stays protected.")
    branch.update(
        protected=protected,
        requiredApprovals=approvals if protected else 0,
        requireChecks=checks if protected else False,
    )


# -- pull requests ------------------------------------------------------------------------------
def set_reviewers(state: State, pull: str, reviewers: list[str]) -> None:
    record = _get(state, "pulls", pull)
    if record["state"] != "open":
        raise ActionError("Reviewers can only be requested on an open pull request.")
    members = {m["userId"] for m in state["members"].values() if m["repoId"] == record["repoId"]}
    for uid in reviewers:
        if uid == record["authorId"]:
            raise FieldError("reviewers", "The author cannot review their own pull request.")
        if uid not in members:
            raise FieldError("reviewers", "Only collaborators can be asked for a review.")
    record["reviewers"] = sorted(set(reviewers))


def update_labels(state: State, collection: str, rid: str, labels: list[str]) -> None:
    record = _get(state, collection, rid)
    unknown = sorted(set(labels) - _LABEL_NAMES)
    if unknown:
        raise FieldError("labels", f"Unknown label {unknown[0]!r}.")
    record["labels"] = sorted(set(labels))


def submit_review(
    state: State, pull: str, author: str, kind: str, body: str, now: datetime | None = None
) -> str:
    record = _get(state, "pulls", pull)
    if record["state"] != "open":
        raise ActionError("Only an open pull request can be reviewed.")
    if kind not in ("approved", "changes_requested", "commented"):
        raise FieldError("state", "Pick Comment, Approve or Request changes.")
    if author == record["authorId"] and kind != "commented":
        raise FieldError("state", "You cannot approve or reject your own pull request.")
    if kind != "approved" and not body.strip():
        raise FieldError("body", "Say what you found: a comment is required here.")
    rid = new_id(state, "reviews")
    state["reviews"][rid] = {
        "id": rid, "pullId": pull, "authorId": author, "state": kind, "body": body.strip(),
        "submittedAt": _now(now),
    }  # fmt: skip
    # a submitted review answers the request for it
    record["reviewers"] = [u for u in record["reviewers"] if u != author]
    return rid


def latest_reviews(state: State, pull: str) -> dict[str, str]:
    """Each reviewer's standing verdict: their latest approve / request-changes review."""
    verdict: dict[str, str] = {}
    reviews = sorted(
        (r for r in state["reviews"].values() if r["pullId"] == pull),
        key=lambda r: (r["submittedAt"], r["id"]),
    )
    for review in reviews:
        if review["state"] != "commented":
            verdict[review["authorId"]] = review["state"]
    return verdict


def check_status(state: State, pull: str) -> str:
    """The pull request's checks: ``success``, ``failure``, ``pending`` or ``none`` (the latest
    run of each workflow on its head commit)."""
    record = state["pulls"][pull]
    head = record["commits"][-1] if record["commits"] else None
    latest: dict[str, dict[str, Any]] = {}
    for run in sorted(state["runs"].values(), key=lambda r: r["number"]):
        if run["pullId"] == pull and run["commit"] == head:
            latest[run["workflow"]] = run
    statuses = {r["status"] for r in latest.values()}
    if not statuses:
        return "none"
    if statuses & {"failure", "cancelled"}:
        return "failure"
    if statuses & {"queued", "in_progress"}:
        return "pending"
    return "success"


def merge_blockers(state: State, pull: str) -> list[str]:
    """Why the pull request cannot be merged now (empty: it can)."""
    record = state["pulls"][pull]
    if record["state"] != "open":
        return [f"This pull request is {record['state']}."]
    out = []
    if record["draft"]:
        out.append("It is a draft: mark it ready for review first.")
    target = branch_of(state, record["repoId"], record["target"])
    verdicts = latest_reviews(state, pull)
    if any(v == "changes_requested" for v in verdicts.values()):
        out.append("A reviewer requested changes.")
    if target is not None and target["protected"]:
        approvals = sum(1 for v in verdicts.values() if v == "approved")
        if approvals < target["requiredApprovals"]:
            need = target["requiredApprovals"]
            out.append(f"{record['target']} needs {need} approving review{'s' * (need > 1)}.")
        if target["requireChecks"] and check_status(state, pull) != "success":
            out.append(f"{record['target']} requires passing checks.")
    return out


def merge_pull(
    state: State,
    pull: str,
    user: str,
    *,
    method: str = "merge",
    delete_source: bool = False,
    now: datetime | None = None,
) -> str:
    """Merge: a merge (or squash) commit on the target branch; returns its short sha."""
    record = _get(state, "pulls", pull)
    blockers = merge_blockers(state, pull)
    if blockers:
        raise ActionError(" ".join(blockers))
    repo = record["repoId"]
    if method == "squash" and not state["repos"][repo]["allowSquash"]:
        raise ActionError("Squash merging is turned off for this repository.")
    when = _now(now)
    number = record["number"]
    message = (
        f"{record['title']} (#{number})"
        if method == "squash"
        else f"Merge pull request #{number} from {record['source']}"
    )
    sha = sha_of(repo, record["target"], message, when)
    state["commits"][sha[:7]] = {
        "id": sha[:7], "sha": sha, "repoId": repo, "branch": record["target"], "authorId": user,
        "message": message, "date": when,
    }  # fmt: skip
    target = branch_of(state, repo, record["target"])
    if target is not None:
        target["head"] = sha[:7]
    record.update(state="merged", mergedAt=when, mergedBy=user)
    if delete_source:
        source = branch_of(state, repo, record["source"])
        if source is not None and not source["protected"]:
            del state["branches"][source["id"]]
    return sha[:7]


def close_pull(state: State, pull: str, now: datetime | None = None) -> None:
    record = _get(state, "pulls", pull)
    if record["state"] != "open":
        raise ActionError("Only an open pull request can be closed.")
    record.update(state="closed", closedAt=_now(now))


def reopen_pull(state: State, pull: str) -> None:
    record = _get(state, "pulls", pull)
    if record["state"] != "closed":
        raise ActionError("Only a closed pull request can be reopened.")
    if branch_of(state, record["repoId"], record["source"]) is None:
        raise ActionError(f"The branch {record['source']} was deleted.")
    record.update(state="open", closedAt=None)


def ready_for_review(state: State, pull: str) -> None:
    record = _get(state, "pulls", pull)
    if record["state"] != "open" or not record["draft"]:
        raise ActionError("Only an open draft can be marked ready for review.")
    record["draft"] = False


# -- CI runs ------------------------------------------------------------------------------------
def rerun_run(state: State, run: str, user: str, now: datetime | None = None) -> None:
    """Run a finished, unsuccessful run again: its next attempt, queued."""
    record = _get(state, "runs", run)
    if record["status"] not in ("failure", "cancelled"):
        raise ActionError("Only a failed or cancelled run can be re-run.")
    record.update(
        status="queued",
        attempt=record["attempt"] + 1,
        durationS=0,
        failedStep="",
        triggeredBy=user,
        startedAt=_now(now),
    )


def cancel_run(state: State, run: str) -> None:
    record = _get(state, "runs", run)
    if record["status"] not in ("queued", "in_progress"):
        raise ActionError("Only a queued or running run can be cancelled.")
    record["status"] = "cancelled"


# -- issues -------------------------------------------------------------------------------------
def _issue_fields(
    state: State, repo: str, labels: list[str], assignees: list[str], milestone: str | None
) -> None:
    if set(labels) - _LABEL_NAMES:
        raise FieldError("labels", "Pick labels from the list.")
    members = {m["userId"] for m in state["members"].values() if m["repoId"] == repo}
    if set(assignees) - members:
        raise FieldError("assignees", "Only collaborators can be assigned.")
    ms = state["milestones"].get(milestone or "")
    if milestone and (ms is None or ms["repoId"] != repo):
        raise FieldError("milestone", "Pick a milestone of this repository.")


def create_issue(
    state: State,
    repo: str,
    author: str,
    *,
    title: str,
    body: str,
    labels: list[str],
    assignees: list[str],
    milestone: str | None,
    now: datetime | None = None,
) -> str:
    if not title.strip():
        raise FieldError("title", "Give the issue a title.")
    _issue_fields(state, repo, labels, assignees, milestone)
    iid = new_id(state, "issues")
    state["issues"][iid] = {
        "id": iid, "repoId": repo, "number": next_number(state, repo), "title": title.strip(),
        "body": body.strip(), "authorId": author, "state": "open", "labels": sorted(set(labels)),
        "assignees": sorted(set(assignees)), "milestoneId": milestone or None,
        "createdAt": _now(now), "closedAt": None,
    }  # fmt: skip
    return iid


def update_issue(
    state: State, issue: str, *, labels: list[str], assignees: list[str], milestone: str | None
) -> None:
    record = _get(state, "issues", issue)
    _issue_fields(state, record["repoId"], labels, assignees, milestone)
    record.update(
        labels=sorted(set(labels)), assignees=sorted(set(assignees)), milestoneId=milestone or None
    )


def close_issue(state: State, issue: str, now: datetime | None = None) -> None:
    record = _get(state, "issues", issue)
    if record["state"] != "open":
        raise ActionError("The issue is already closed.")
    record.update(state="closed", closedAt=_now(now))


def reopen_issue(state: State, issue: str) -> None:
    record = _get(state, "issues", issue)
    if record["state"] != "closed":
        raise ActionError("The issue is already open.")
    record.update(state="open", closedAt=None)


# -- releases -----------------------------------------------------------------------------------
def create_release(
    state: State,
    repo: str,
    author: str,
    *,
    tag: str,
    name: str,
    notes: str,
    target: str,
    prerelease: bool,
    draft: bool,
    now: datetime | None = None,
) -> str:
    if not _TAG.match(tag):
        raise FieldError("tag", "Tags look like v1.4.0 (or v1.4.0-rc.1).")
    if any(r["repoId"] == repo and r["tag"] == tag for r in state["releases"].values()):
        raise FieldError("tag", f"{tag} is already released.")
    if branch_of(state, repo, target) is None:
        raise FieldError("target", f"There is no branch {target!r}.")
    rid = new_id(state, "releases")
    state["releases"][rid] = {
        "id": rid, "repoId": repo, "tag": tag, "name": name.strip() or tag,
        "notes": notes.strip(), "target": target, "prerelease": prerelease, "draft": draft,
        "authorId": author, "publishedAt": None if draft else _now(now),
    }  # fmt: skip
    return rid
