"""Cross-entity rules of a code-host state that the pydantic schema cannot express.

Each rule yields a :class:`~cuagym.hub.Violation` whose path uses the diff-path syntax of
``state_diff`` (``pulls.pr-0003.mergedAt``), so a task author who gets a 422 finds the
offending value where a reward would read it in ``/go``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cuagym.apps.code_host._schema import LABELS, CodeHostState
from cuagym.hub import InvariantChecks, Violation

__all__ = ["CHECKS", "broken_states", "check_invariants", "invariants_hold_after"]

_LABEL_NAMES = frozenset(name for name, _ in LABELS)
_RECORDS = (
    "users", "repos", "members", "branches", "commits", "pulls", "reviews", "runs",
    "milestones", "issues", "releases",
)  # fmt: skip


def check_invariants(state: CodeHostState) -> Iterator[Violation]:
    """Yield every violated rule (empty for a consistent state)."""
    return CHECKS.run(state)


def invariants_hold_after(before: CodeHostState, after: CodeHostState) -> bool:
    """Whether ``after`` is still consistent, checking only what its edit changed."""
    return CHECKS.hold_after(before, after)


def _check_keys(state: CodeHostState) -> Iterator[Violation]:
    if state.current_user not in state.users:
        yield Violation(path="currentUser", message=f"unknown user {state.current_user!r}")
    for name in _RECORDS:
        records: dict[str, Any] = getattr(state, name)
        for key, record in records.items():
            if record.id != key:
                yield Violation(path=f"{name}.{key}.id", message=f"id differs from key {key!r}")
            repo = getattr(record, "repo_id", None)
            if repo is not None and repo not in state.repos:
                yield Violation(path=f"{name}.{key}.repoId", message=f"unknown repo {repo!r}")
            for field in ("user_id", "author_id", "triggered_by", "merged_by"):
                who = getattr(record, field, None)
                if who is not None and who not in state.users:
                    camel = "".join(w.capitalize() if i else w for i, w in
                                    enumerate(field.split("_")))  # fmt: skip
                    yield Violation(path=f"{name}.{key}.{camel}", message=f"unknown user {who!r}")


def _check_branches(state: CodeHostState) -> Iterator[Violation]:
    seen = Counter((b.repo_id, b.name) for b in state.branches.values())
    for key, branch in state.branches.items():
        if seen[(branch.repo_id, branch.name)] > 1:
            yield Violation(path=f"branches.{key}.name", message=f"duplicate {branch.name!r}")
        if branch.head not in state.commits:
            yield Violation(path=f"branches.{key}.head", message=f"unknown commit {branch.head!r}")
    names = set(seen)
    for key, repo in state.repos.items():
        if (key, repo.default_branch) not in names:
            yield Violation(
                path=f"repos.{key}.defaultBranch",
                message=f"default branch {repo.default_branch!r} does not exist",
            )


def _check_numbers(state: CodeHostState) -> Iterator[Violation]:
    # Pull requests and issues share one number sequence per repository.
    numbered = [("pulls", k, p.repo_id, p.number) for k, p in state.pulls.items()] + [
        ("issues", k, i.repo_id, i.number) for k, i in state.issues.items()
    ]
    counts = Counter((repo, n) for _, _, repo, n in numbered)
    for name, key, repo, number in numbered:
        if counts[(repo, number)] > 1:
            yield Violation(path=f"{name}.{key}.number", message=f"#{number} is taken in {repo}")
    runs = Counter((r.repo_id, r.number) for r in state.runs.values())
    for key, run in state.runs.items():
        if runs[(run.repo_id, run.number)] > 1:
            yield Violation(path=f"runs.{key}.number", message=f"run #{run.number} is taken")
    tags = Counter((r.repo_id, r.tag) for r in state.releases.values())
    for key, rel in state.releases.items():
        if tags[(rel.repo_id, rel.tag)] > 1:
            yield Violation(path=f"releases.{key}.tag", message=f"tag {rel.tag!r} is taken")


def _check_pulls(state: CodeHostState) -> Iterator[Violation]:
    branches = {(b.repo_id, b.name) for b in state.branches.values()}
    for key, pull in state.pulls.items():
        path = f"pulls.{key}"
        if (pull.repo_id, pull.target) not in branches:
            yield Violation(path=f"{path}.target", message=f"no branch {pull.target!r}")
        if pull.state == "open" and (pull.repo_id, pull.source) not in branches:
            yield Violation(path=f"{path}.source", message=f"no branch {pull.source!r}")
        if pull.source == pull.target:
            yield Violation(path=f"{path}.source", message="source and target are one branch")
        merged = pull.state == "merged"
        if merged != (pull.merged_at is not None) or merged != (pull.merged_by is not None):
            yield Violation(path=f"{path}.mergedAt", message=f"{pull.state} pull and merge fields")
        if (pull.state == "closed") != (pull.closed_at is not None):
            yield Violation(path=f"{path}.closedAt", message=f"{pull.state} pull and closedAt")
        if merged and pull.draft:
            yield Violation(path=f"{path}.draft", message="a draft cannot be merged")
        for field, values in (("labels", pull.labels), ("reviewers", pull.reviewers)):
            if values != sorted(set(values)):
                yield Violation(path=f"{path}.{field}", message=f"{field} must be sorted, unique")
        for label in set(pull.labels) - _LABEL_NAMES:
            yield Violation(path=f"{path}.labels", message=f"unknown label {label!r}")
        for uid in pull.reviewers:
            if uid not in state.users or uid == pull.author_id:
                yield Violation(path=f"{path}.reviewers", message=f"bad reviewer {uid!r}")
        for sha in pull.commits:
            if sha not in state.commits:
                yield Violation(path=f"{path}.commits", message=f"unknown commit {sha!r}")
    for key, review in state.reviews.items():
        reviewed = state.pulls.get(review.pull_id)
        if reviewed is None:
            yield Violation(path=f"reviews.{key}.pullId", message=f"no pull {review.pull_id!r}")
        elif review.author_id == reviewed.author_id and review.state != "commented":
            yield Violation(path=f"reviews.{key}.state", message="nobody approves their own pull")


def _check_runs_issues(state: CodeHostState) -> Iterator[Violation]:
    for key, run in state.runs.items():
        if run.pull_id is not None:
            pull = state.pulls.get(run.pull_id)
            if pull is None or pull.repo_id != run.repo_id:
                yield Violation(path=f"runs.{key}.pullId", message=f"no pull {run.pull_id!r} here")
        if run.commit not in state.commits:
            yield Violation(path=f"runs.{key}.commit", message=f"unknown commit {run.commit!r}")
        if (run.status == "failure") != bool(run.failed_step):
            yield Violation(path=f"runs.{key}.failedStep", message="only a failed run names a step")
    for key, issue in state.issues.items():
        path = f"issues.{key}"
        if (issue.state == "closed") != (issue.closed_at is not None):
            yield Violation(path=f"{path}.closedAt", message=f"{issue.state} issue and closedAt")
        if issue.labels != sorted(set(issue.labels)) or set(issue.labels) - _LABEL_NAMES:
            yield Violation(path=f"{path}.labels", message="labels: known names, sorted, unique")
        if issue.assignees != sorted(set(issue.assignees)):
            yield Violation(path=f"{path}.assignees", message="assignees must be sorted, unique")
        for uid in issue.assignees:
            if uid not in state.users:
                yield Violation(path=f"{path}.assignees", message=f"unknown user {uid!r}")
        ms = state.milestones.get(issue.milestone_id or "")
        if issue.milestone_id is not None and (ms is None or ms.repo_id != issue.repo_id):
            yield Violation(path=f"{path}.milestoneId", message="no such milestone in this repo")


def _check_members(state: CodeHostState) -> Iterator[Violation]:
    pairs = Counter((m.repo_id, m.user_id) for m in state.members.values())
    for key, member in state.members.items():
        if pairs[(member.repo_id, member.user_id)] > 1:
            yield Violation(path=f"members.{key}.userId", message="a person is a member once")
    admins = Counter(m.repo_id for m in state.members.values() if m.role == "admin")
    for key in state.repos:
        if not admins[key]:
            yield Violation(path=f"repos.{key}", message="a repository needs an admin")


CHECKS = InvariantChecks(
    (["current_user", *_RECORDS], _check_keys),
    (["branches", "commits", "repos"], _check_branches),
    (["pulls", "issues", "runs", "releases"], _check_numbers),
    (["pulls", "branches", "users", "commits", "reviews"], _check_pulls),
    (["runs", "pulls", "commits", "issues", "users", "milestones"], _check_runs_issues),
    (["members", "repos"], _check_members),
)


def broken_states(seed: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The seed with one rule broken each (what ``cuagym appgen audit`` proves 422s with)."""
    default = copy.deepcopy(seed)
    default["repos"]["storefront-web"]["defaultBranch"] = "trunk"
    merged = copy.deepcopy(seed)
    pull = next(p for p in merged["pulls"].values() if p["state"] == "open")
    pull["state"] = "merged"
    numbers = copy.deepcopy(seed)
    issue = next(iter(numbers["issues"].values()))
    twin = next(p for p in numbers["pulls"].values() if p["repoId"] == issue["repoId"])
    issue["number"] = twin["number"]
    admins = copy.deepcopy(seed)
    for member in admins["members"].values():
        if member["repoId"] == "payments-api" and member["role"] == "admin":
            member["role"] = "write"
    return {
        "default branch that does not exist": default,
        "merged pull request without a merge time": merged,
        "issue numbered like a pull request": numbers,
        "repository without an admin": admins,
    }
