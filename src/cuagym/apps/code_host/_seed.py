"""The seed forge: six repositories of one organisation, with a few months of history.

Deterministic (every draw comes from a ``random.Random`` seeded by the repository's name): the
same state every call. Per repository, pull requests and issues are interleaved on one
timeline and share its number sequence; merged pull requests leave merge commits on the
default branch and green CI runs, open ones carry reviews in every state and runs that pass,
fail or are still going; releases tag the default branch every few weeks.
"""

from __future__ import annotations

import hashlib
import random
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from cuagym.apps.code_host._seed_data import (
    ISSUE_BODIES,
    MILESTONES,
    ORG,
    PEOPLE,
    REPOS,
    REVIEW_COMMENTS,
    RUN_STEPS,
    SHARED_ISSUES,
    WORK_COMMITS,
)

__all__ = ["SEED_START", "WORLD_NOW", "build_seed", "sha_of", "stamp"]

State = dict[str, Any]
SEED_START = datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
#: the present of the seed world: after its newest record
WORLD_NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)
_ME = "u-mara"


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def sha_of(*parts: object) -> str:
    return hashlib.sha1(":".join(str(p) for p in parts).encode()).hexdigest()


class _Builder:
    def __init__(self) -> None:
        self.state: State = {
            "org": {"name": ORG[0], "slug": ORG[1]},
            "currentUser": _ME,
            "users": {
                uid: {"id": uid, "login": login, "name": name, "avatarColor": color}
                for uid, login, name, color in PEOPLE
            },
            "repos": {},
            "members": {},
            "branches": {},
            "commits": {},
            "pulls": {},
            "reviews": {},
            "runs": {},
            "milestones": {},
            "issues": {},
            "releases": {},
            "ui": {"recentRepos": []},
        }
        self.counters: dict[str, int] = {}

    def next_id(self, prefix: str) -> str:
        self.counters[prefix] = self.counters.get(prefix, 0) + 1
        return f"{prefix}-{self.counters[prefix]:04d}"

    def commit(self, repo: str, branch: str, author: str, message: str, when: datetime) -> str:
        sha = sha_of(repo, branch, message, stamp(when))
        while sha[:7] in self.state["commits"]:
            sha = sha_of(sha)
        self.state["commits"][sha[:7]] = {
            "id": sha[:7],
            "sha": sha,
            "repoId": repo,
            "branch": branch,
            "authorId": author,
            "message": message,
            "date": stamp(when),
        }
        return sha[:7]

    def run(
        self,
        repo: str,
        workflow: str,
        branch: str,
        pull: str | None,
        commit: str,
        status: str,
        who: str,
        when: datetime,
        rng: random.Random,
    ) -> None:
        rid = self.next_id("run")
        numbers = [r["number"] for r in self.state["runs"].values() if r["repoId"] == repo]
        steps = RUN_STEPS[workflow]
        self.state["runs"][rid] = {
            "id": rid,
            "repoId": repo,
            "number": max(numbers, default=rng.randint(180, 900)) + 1,
            "workflow": workflow,
            "branch": branch,
            "pullId": pull,
            "commit": commit,
            "status": status,
            "durationS": 0 if status in ("queued", "in_progress") else rng.randint(48, 1260),
            "attempt": 1,
            "triggeredBy": who,
            "startedAt": stamp(when),
            "failedStep": rng.choice(steps[2:]) if status == "failure" else "",
        }


def _repo(b: _Builder, name: str, index: int) -> None:
    plan = REPOS[name]
    rng = random.Random(f"code-host-seed-{name}")
    team = cast("list[str]", plan["team"])
    st = b.state
    st["repos"][name] = {
        "id": name,
        "description": str(plan["description"]),
        "topics": sorted(cast("list[str]", plan["topics"])),
        "defaultBranch": "main",
        "visibility": str(plan["visibility"]),
        "language": str(plan["language"]),
        "stars": rng.randint(3, 240),
        "archived": False,
        "allowSquash": True,
        "deleteBranchOnMerge": index % 2 == 0,
        "readme": "\n".join(cast("list[str]", plan["readme"])),
        "createdAt": stamp(datetime(2024, 3 + index, 4 + index, 10, 0, tzinfo=UTC)),
    }
    roles = ["admin", "maintain", *["write"] * (len(team) - 2)]
    outsiders = [u for u, *_ in PEOPLE if u not in team]
    for uid, role in [*zip(team, roles, strict=True), (rng.choice(outsiders), "triage")]:
        mid = b.next_id("m")
        st["members"][mid] = {"id": mid, "repoId": name, "userId": uid, "role": role}
    for title, due in MILESTONES:
        msid = b.next_id("ms")
        st["milestones"][msid] = {"id": msid, "repoId": name, "title": title, "dueOn": due}
    milestones = [k for k, m in st["milestones"].items() if m["repoId"] == name]

    clock = SEED_START + timedelta(days=index, hours=rng.randint(0, 6))
    main_head = b.commit(name, "main", team[0], "Initial project layout", clock)
    main_id = b.next_id("br")
    st["branches"][main_id] = {
        "id": main_id, "repoId": name, "name": "main", "head": main_head, "protected": True,
        "requiredApprovals": 1 + index % 2, "requireChecks": True, "createdAt": stamp(clock),
    }  # fmt: skip
    pulls = cast("list[tuple[str, str]]", plan["pulls"])
    issues = [*cast("list[tuple[str, list[str]]]", plan["issues"]), *SHARED_ISSUES]
    rng.shuffle(issues)
    events: list[tuple[str, Any]] = [("pull", p) for p in pulls] + [("issue", i) for i in issues]
    # pulls stay in their listed order (the last ones are the open ones); issues fall between
    order = sorted(range(len(events)), key=lambda i: (i if i < len(pulls) else
                   (i - len(pulls)) * len(pulls) / len(issues) + 0.5))  # fmt: skip
    number = rng.randint(14, 160)
    n_open = 4
    for position, event_index in enumerate(order):
        kind, item = events[event_index]
        clock += timedelta(hours=rng.randint(18, 70))
        number += 1
        if kind == "issue":
            _issue(b, name, number, item, team, milestones, clock, rng)
            continue
        pull_index = pulls.index(item)
        state = "open" if pull_index >= len(pulls) - n_open else "merged"
        if pull_index == len(pulls) - n_open - 2:
            state = "closed"
        main_head = _pull(b, name, number, item, state, team, clock, main_head, rng, position)
    st["branches"][main_id]["head"] = main_head
    # a long-lived branch next to main
    side = b.next_id("br")
    st["branches"][side] = {
        "id": side, "repoId": name, "name": "release/next", "head": main_head, "protected": True,
        "requiredApprovals": 2, "requireChecks": True, "createdAt": stamp(SEED_START),
    }  # fmt: skip
    _releases(b, name, team, rng)


def _issue(
    b: _Builder,
    repo: str,
    number: int,
    item: tuple[str, list[str]],
    team: list[str],
    milestones: list[str],
    when: datetime,
    rng: random.Random,
) -> None:
    title, labels = item
    iid = b.next_id("is")
    closed = rng.random() < 0.3
    assignees = sorted(rng.sample(team, k=rng.choice([0, 1, 1, 2])))
    b.state["issues"][iid] = {
        "id": iid,
        "repoId": repo,
        "number": number,
        "title": title,
        "body": rng.choice(ISSUE_BODIES),
        "authorId": rng.choice(team),
        "state": "closed" if closed else "open",
        "labels": sorted(set(labels)),
        "assignees": assignees,
        "milestoneId": rng.choice([None, *milestones]),
        "createdAt": stamp(when),
        "closedAt": stamp(when + timedelta(days=rng.randint(1, 9))) if closed else None,
    }


def _pull(
    b: _Builder,
    repo: str,
    number: int,
    item: tuple[str, str],
    state: str,
    team: list[str],
    when: datetime,
    main_head: str,
    rng: random.Random,
    position: int,
) -> str:
    branch, title = item
    st = b.state
    author = team[position % len(team)] if position % 5 else _ME if _ME in team else team[1]
    others = [u for u in team if u != author]
    commits = [b.commit(repo, branch, author, title, when)]
    for k in range(rng.randint(0, 2)):
        message = WORK_COMMITS[rng.randrange(len(WORK_COMMITS))]
        commits.append(b.commit(repo, branch, author, message, when + timedelta(hours=k + 2)))
    pid = b.next_id("pr")
    merged_at = when + timedelta(days=rng.randint(1, 4)) if state == "merged" else None
    closed_at = when + timedelta(days=rng.randint(2, 6)) if state == "closed" else None
    reviewers = sorted(rng.sample(others, k=rng.randint(1, 2))) if state == "open" else []
    labels = sorted(rng.sample(["enhancement", "bug", "performance", "dependencies",
                                "documentation", "needs review"], k=rng.randint(0, 2)))  # fmt: skip
    st["pulls"][pid] = {
        "id": pid,
        "repoId": repo,
        "number": number,
        "title": title,
        "body": f"{title}.\n\nTested locally and with the CI suite. Screenshots in the thread.",
        "authorId": author,
        "source": branch,
        "target": "main",
        "state": state,
        "draft": state == "open" and position % 7 == 3,
        "labels": labels,
        "reviewers": reviewers,
        "linkedIssue": "",
        "commits": commits,
        "createdAt": stamp(when),
        "mergedAt": stamp(merged_at) if merged_at else None,
        "mergedBy": rng.choice(team[:2]) if merged_at else None,
        "closedAt": stamp(closed_at) if closed_at else None,
    }
    # reviews: merged pulls were approved; open ones carry every kind of review
    kinds = (
        ["approved"]
        if state == "merged"
        else rng.choice(
            [[], ["approved"], ["changes_requested"], ["commented", "approved"], ["commented"]]
        )
    )
    for k, kind in enumerate(kinds):
        rid = b.next_id("rv")
        st["reviews"][rid] = {
            "id": rid,
            "pullId": pid,
            "authorId": others[k % len(others)],
            "state": kind,
            "body": rng.choice(REVIEW_COMMENTS[kind]),
            "submittedAt": stamp(when + timedelta(hours=5 + k)),
        }
    status = "success"
    if state == "open":
        status = rng.choice(["success", "failure", "failure", "in_progress", "success"])
    head = commits[-1]
    b.run(repo, "CI", branch, pid, head, status, author, when + timedelta(hours=3), rng)
    if rng.random() < 0.5:
        lint = "success" if status != "failure" else rng.choice(["success", "failure"])
        b.run(repo, "Lint", branch, pid, head, lint, author, when + timedelta(hours=3), rng)
    if state == "open" or (state == "merged" and not st["repos"][repo]["deleteBranchOnMerge"]):
        bid = b.next_id("br")
        st["branches"][bid] = {
            "id": bid, "repoId": repo, "name": branch, "head": head, "protected": False,
            "requiredApprovals": 0, "requireChecks": False, "createdAt": stamp(when),
        }  # fmt: skip
    if merged_at is None:
        return main_head
    merger = st["pulls"][pid]["mergedBy"]
    message = f"Merge pull request #{number} from {branch}"
    merge = b.commit(repo, "main", merger, message, merged_at)
    b.run(repo, "CI", "main", None, merge, "success", merger, merged_at, rng)
    return merge


def _releases(b: _Builder, repo: str, team: list[str], rng: random.Random) -> None:
    st = b.state
    merged = sorted(
        (p for p in st["pulls"].values() if p["repoId"] == repo and p["state"] == "merged"),
        key=lambda p: p["mergedAt"],
    )
    major = rng.choice([1, 2, 3])
    chunks = [merged[: len(merged) // 2], merged[len(merged) // 2 :]]
    for minor, chunk in enumerate(chunks, start=rng.randint(2, 8)):
        if not chunk:
            continue
        when = datetime.fromisoformat(chunk[-1]["mergedAt"]) + timedelta(days=1)
        tag = f"v{major}.{minor}.0"
        lines = [f"- {p['title']} (#{p['number']})" for p in chunk]
        rel = b.next_id("rel")
        st["releases"][rel] = {
            "id": rel, "repoId": repo, "tag": tag, "name": f"{tag}", "notes": "\n".join(lines),
            "target": "main", "prerelease": False, "draft": False, "authorId": team[0],
            "publishedAt": stamp(when),
        }  # fmt: skip
        runs_at = when - timedelta(hours=1)
        head = st["pulls"][chunk[-1]["id"]]["commits"][-1]
        b.run(repo, "Release", "main", None, head, "success", team[0], runs_at, rng)


def build_seed() -> State:
    """A fresh, valid state (a new dict each call)."""
    b = _Builder()
    for index, name in enumerate(REPOS):
        _repo(b, name, index)
    return b.state
