"""Task families on pull requests: reviewers, labels, a review, and merging the one that is
ready."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.code_host import LABELS
from cuagym.apps.code_host.ops import (
    branch_of,
    check_status,
    merge_blockers,
    merge_pull,
    set_reviewers,
    submit_review,
    update_labels,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.code_host._base import ForgeFamily
from cuagym.families.code_host._common import (
    GEN_NOW,
    ME,
    SEED,
    build_world,
    login_of,
    pull_of,
    uid_of,
)

__all__ = ["LabelPullRequest", "MergeReadyPull", "RequestReviewers", "SubmitReview"]

State = dict[str, Any]
_ME_ID = "u-mara"


def open_pulls(state: State, *, draft: bool | None = None) -> list[dict[str, Any]]:
    return sorted(
        (
            p
            for p in state["pulls"].values()
            if p["state"] == "open" and (draft is None or p["draft"] == draft)
        ),
        key=lambda p: p["id"],
    )


def collaborators(state: State, repo: str) -> list[str]:
    return sorted(m["userId"] for m in state["members"].values() if m["repoId"] == repo)


def both(names: list[str]) -> str:
    return f"{names[0]} and {names[1]}"


# -- request-reviewers (easy) -------------------------------------------------------------------
_REVIEWER_FRAMES = (
    'Ask {who} to review pull request #{number} "{title}" in {repo}.',
    'Pull request #{number} in {repo} ("{title}") needs eyes from {who}: request their reviews.',
    'Please get {who} on the reviewer list of {repo} #{number}, "{title}".',
    'I want {who} to look at "{title}" (#{number}, {repo}); request reviews from both.',
    'Add {who} as requested reviewers on the {repo} pull request #{number} "{title}".',
)


class RequestReviewersParams(TaskParams):
    repo: str
    number: int
    title: str
    logins: list[str]


class RequestReviewers(ForgeFamily):
    id: ClassVar[str] = "request-reviewers"
    params_type = RequestReviewersParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pull-requests", "review", "reviewers")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pull = rng.choice(open_pulls(SEED))
        free = [
            u
            for u in collaborators(SEED, pull["repoId"])
            if u != pull["authorId"] and u not in pull["reviewers"]
        ]
        logins = sorted(login_of(SEED, u) for u in rng.sample(free, k=2))
        frame = rng.choice(_REVIEWER_FRAMES)
        now = ", ".join(login_of(SEED, u) for u in pull["reviewers"]) or "nobody"
        return self.make_task(
            task_id,
            frame.format(
                who=both(logins), number=pull["number"], title=pull["title"], repo=pull["repoId"]
            ),
            f"You are {ME} on the code forge. Reviews are requested from {now} so far; those "
            "requests stay.",
            repo=pull["repoId"],
            number=pull["number"],
            title=pull["title"],
            logins=logins,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RequestReviewersParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        pull = pull_of(gold, p.repo, p.number)
        wanted = pull["reviewers"] + [uid_of(gold, login) for login in p.logins]
        set_reviewers(gold, pull["id"], wanted)
        return self.scripts(world, gold)


# -- label-pull-request (easy) ------------------------------------------------------------------
_LABEL_FRAMES = (
    'Pull request #{number} "{title}" in {repo} should carry exactly the labels {labels}.',
    'Relabel {repo} #{number} ("{title}"): its labels must be {labels}, nothing else.',
    'Set the labels of the pull request "{title}" (#{number}, {repo}) to {labels} only.',
    'On {repo}, make #{number} "{title}" labelled {labels} and drop any other label.',
    'The labels of #{number} in {repo}, "{title}", need to be just {labels}.',
)


class LabelPullRequestParams(TaskParams):
    repo: str
    number: int
    title: str
    labels: list[str]


class LabelPullRequest(ForgeFamily):
    id: ClassVar[str] = "label-pull-request"
    params_type = LabelPullRequestParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pull-requests", "review", "labels")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pull = rng.choice(open_pulls(SEED))
        names = [n for n, _ in LABELS]
        labels = sorted(rng.sample(names, k=2))
        while labels == pull["labels"]:
            labels = sorted(rng.sample(names, k=2))
        now = ", ".join(pull["labels"]) or "no labels"
        frame = rng.choice(_LABEL_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                number=pull["number"],
                title=pull["title"],
                repo=pull["repoId"],
                labels=both([f'"{x}"' for x in labels]),
            ),
            f"You are {ME} on the code forge. The pull request has {now} today.",
            repo=pull["repoId"],
            number=pull["number"],
            title=pull["title"],
            labels=labels,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = LabelPullRequestParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        update_labels(gold, "pulls", pull_of(gold, p.repo, p.number)["id"], p.labels)
        return self.scripts(world, gold)


# -- submit-review (medium) ---------------------------------------------------------------------
_COMMENTS = {
    "approved": (
        "Checked it on staging, works as described.",
        "Clean change, thanks!",
        "Read through every commit; good to go.",
    ),
    "changes_requested": (
        "Please add a test for the empty case.",
        "The migration needs a rollback step before this can land.",
        "Split the refactor from the fix, it is hard to review together.",
    ),
}
_VERDICT = {"approved": "approve it", "changes_requested": "request changes"}
_REVIEW_FRAMES = (
    'Review pull request #{number} "{title}" in {repo}: {verdict}, with the comment "{comment}"',
    '{repo} #{number} ("{title}") is waiting on you. Submit a review that should {verdict} and '
    'says "{comment}"',
    'Give "{title}" (#{number} in {repo}) your review: {verdict}; comment "{comment}"',
    'Please {verdict} on {repo} pull request #{number} "{title}" and leave the review comment '
    '"{comment}"',
    'For #{number} in {repo}, "{title}", your verdict is to {verdict}. Your review text: '
    '"{comment}"',
)


class SubmitReviewParams(TaskParams):
    repo: str
    number: int
    title: str
    verdict: str
    comment: str


class SubmitReview(ForgeFamily):
    id: ClassVar[str] = "submit-review"
    params_type = SubmitReviewParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pull-requests", "review", "submit")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        mine = {m["repoId"] for m in SEED["members"].values() if m["userId"] == _ME_ID}
        pull = rng.choice(
            [p for p in open_pulls(SEED) if p["authorId"] != _ME_ID and p["repoId"] in mine]
        )
        verdict = rng.choice(sorted(_COMMENTS))
        comment = rng.choice(_COMMENTS[verdict])
        frame = rng.choice(_REVIEW_FRAMES)
        author = login_of(SEED, pull["authorId"])
        return self.make_task(
            task_id,
            frame.format(
                number=pull["number"],
                title=pull["title"],
                repo=pull["repoId"],
                verdict=_VERDICT[verdict],
                comment=comment,
            ),
            f"You are {ME} on the code forge; the pull request was opened by {author}.",
            repo=pull["repoId"],
            number=pull["number"],
            title=pull["title"],
            verdict=verdict,
            comment=comment,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = SubmitReviewParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        pid = pull_of(gold, p.repo, p.number)["id"]
        submit_review(gold, pid, _ME_ID, p.verdict, p.comment, now=GEN_NOW)
        return self.scripts(world, gold)


# -- merge-ready-pull (hard) --------------------------------------------------------------------
_MERGE_FRAMES = (
    "Exactly one open pull request in {repo} can be merged right now (its approvals and checks "
    "satisfy {target}'s rules). Find it and squash-merge it, deleting its branch.",
    "In {repo}, land the one open pull request that is ready to merge: use squash and merge "
    "and delete the head branch afterwards. Leave the other pull requests alone.",
    "One pull request in {repo} has everything {target} requires. Merge it with 'Squash and "
    "merge', and have its branch deleted.",
    "Go through the open pull requests of {repo} and squash-merge the only one whose merge is "
    "not blocked; its source branch should be deleted too.",
    "Ship whichever open {repo} pull request is already mergeable into {target} (squash "
    "merge, branch deleted). Nothing else should change.",
)


def make_ready(state: State, repo: str, number: int) -> None:
    """``repo``'s open pull request #``number`` is the only one that can merge: it gets the
    approvals and green checks the target requires; every other open one keeps a blocker."""
    target = pull_of(state, repo, number)
    main = branch_of(state, repo, target["target"])
    assert main is not None
    for rid in [r for r, rv in state["reviews"].items() if rv["pullId"] == target["id"]]:
        del state["reviews"][rid]
    others = [
        u
        for u in sorted({m["userId"] for m in state["members"].values() if m["repoId"] == repo})
        if u != target["authorId"]
    ]
    need = main["requiredApprovals"]
    for k in range(need):
        rid = f"rv-9{k:03d}"
        state["reviews"][rid] = {
            "id": rid,
            "pullId": target["id"],
            "authorId": others[k],
            "state": "approved",
            "body": "Looks good.",
            "submittedAt": target["createdAt"],
        }
    target["reviewers"] = [u for u in target["reviewers"] if u not in others[:need]]
    target["draft"] = False
    for run in state["runs"].values():
        if run["pullId"] == target["id"] and run["status"] != "success":
            run.update(status="success", failedStep="", durationS=run["durationS"] or 300)
    for pull in state["pulls"].values():
        if pull["repoId"] != repo or pull["state"] != "open" or pull is target:
            continue
        if not merge_blockers(state, pull["id"]):
            pull["draft"] = True  # a draft never merges


class MergeReadyPullParams(TaskParams):
    repo: str
    target: str
    number: int


class MergeReadyPull(ForgeFamily):
    id: ClassVar[str] = "merge-ready-pull"
    params_type = MergeReadyPullParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pull-requests", "merge", "merge")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        repo = rng.choice(sorted(SEED["repos"]))
        pull = rng.choice([p for p in open_pulls(SEED) if p["repoId"] == repo])
        frame = rng.choice(_MERGE_FRAMES)
        count = len([p for p in open_pulls(SEED) if p["repoId"] == repo])
        return self.make_task(
            task_id,
            frame.format(repo=repo, target="main"),
            f"You are {ME}, an admin or maintainer on the code forge. {repo} has {count} open "
            "pull requests into main; the merge box of each says what still blocks it.",
            repo=repo,
            target="main",
            number=pull["number"],
        )

    def world(self, task: TaskConfig) -> State:
        p = MergeReadyPullParams.of(task)
        world = build_world(task)
        make_ready(world, p.repo, p.number)
        return world

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = MergeReadyPullParams.of(task)
        world = self.world(task)
        ready = [
            q["number"]
            for q in open_pulls(world)
            if q["repoId"] == p.repo and not merge_blockers(world, q["id"])
        ]
        assert ready == [p.number], (ready, p.number)
        assert check_status(world, pull_of(world, p.repo, p.number)["id"]) == "success"
        gold = copy.deepcopy(world)
        pid = pull_of(gold, p.repo, p.number)["id"]
        merge_pull(gold, pid, _ME_ID, method="squash", delete_source=True, now=GEN_NOW)
        return self.scripts(world, gold)
