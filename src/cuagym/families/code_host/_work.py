"""Task families on CI runs, branches, releases and issues."""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.code_host.ops import (
    create_release,
    rerun_run,
    set_protection,
    update_issue,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.code_host._base import ForgeFamily
from cuagym.families.code_host._common import GEN_NOW, ME, SEED, build_world, uid_of

__all__ = [
    "AssignUnownedIssues",
    "ProtectBranch",
    "PublishRelease",
    "ReleaseNotesFromMerged",
    "RerunFailedRun",
    "failed_head_runs",
    "next_tag",
]

State = dict[str, Any]
_ME_ID = "u-mara"


def failed_head_runs(state: State) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(pull, run) of every open pull request's failed run on its head commit."""
    out = []
    for pull in sorted(state["pulls"].values(), key=lambda p: p["id"]):
        if pull["state"] != "open":
            continue
        for run in sorted(state["runs"].values(), key=lambda r: r["number"]):
            if (
                run["pullId"] == pull["id"]
                and run["commit"] == pull["commits"][-1]
                and (run["status"] == "failure")
            ):
                out.append((pull, run))
    return out


def run_of(state: State, repo: str, number: int) -> dict[str, Any]:
    return next(r for r in state["runs"].values() if r["repoId"] == repo and r["number"] == number)


# -- rerun-failed-run (easy) --------------------------------------------------------------------
_RERUN_FRAMES = (
    'The {workflow} check of pull request #{number} "{title}" in {repo} failed at "{step}". '
    "Re-run it.",
    '{repo} #{number} ("{title}") shows a red {workflow} run that broke in "{step}"; start it '
    "again.",
    'I think the {workflow} failure on "{title}" (#{number}, {repo}) at step "{step}" was flaky. '
    "Kick off a re-run.",
    'Please re-run the failed {workflow} run of {repo} pull request #{number} "{title}" (it '
    'stopped at "{step}").',
    'Give the {workflow} workflow of #{number} in {repo}, "{title}", another attempt: it '
    'failed at "{step}".',
)


class RerunFailedRunParams(TaskParams):
    repo: str
    number: int
    title: str
    workflow: str
    step: str
    run: int


class RerunFailedRun(ForgeFamily):
    id: ClassVar[str] = "rerun-failed-run"
    params_type = RerunFailedRunParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("ci", "control", "rerun-cancel")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pull, run = rng.choice(failed_head_runs(SEED))
        frame = rng.choice(_RERUN_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                workflow=run["workflow"],
                number=pull["number"],
                title=pull["title"],
                repo=pull["repoId"],
                step=run["failedStep"],
            ),
            f"You are {ME} on the code forge. The run is {run['workflow']} #{run['number']}, on "
            f"the pull request's latest commit.",
            repo=pull["repoId"],
            number=pull["number"],
            title=pull["title"],
            workflow=run["workflow"],
            step=run["failedStep"],
            run=run["number"],
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = RerunFailedRunParams.of(task)
        world = build_world(task, protect={run_of(SEED, p.repo, p.run)["id"]})
        gold = copy.deepcopy(world)
        rerun_run(gold, run_of(gold, p.repo, p.run)["id"], _ME_ID, now=GEN_NOW)
        return self.scripts(world, gold)


# -- protect-branch (medium) --------------------------------------------------------------------
_PROTECT_FRAMES = (
    "Protect the branch {branch} of {repo}: pull requests into it need {approvals} approving "
    "review(s){checks}.",
    "{repo}'s {branch} branch should become protected, with {approvals} required approval(s)"
    "{checks}.",
    "Set up branch protection on {branch} in {repo} so that merging takes {approvals} "
    "approving review(s){checks}.",
    "Nobody should be able to delete {branch} in {repo} any more: protect it and require "
    "{approvals} approval(s){checks}.",
    "Turn on protection for {repo} / {branch}, requiring {approvals} approving review(s){checks}.",
)
_CHECKS_WORDS = {True: " and passing status checks", False: ", without requiring status checks"}


class ProtectBranchParams(TaskParams):
    repo: str
    branch: str
    approvals: int
    checks: bool


class ProtectBranch(ForgeFamily):
    id: ClassVar[str] = "protect-branch"
    params_type = ProtectBranchParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("branches", "protection", "rules")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        branch = rng.choice(
            sorted(
                (b for b in SEED["branches"].values() if not b["protected"]), key=lambda b: b["id"]
            )
        )
        approvals, checks = rng.randint(1, 3), rng.choice([True, False])
        frame = rng.choice(_PROTECT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                branch=branch["name"],
                repo=branch["repoId"],
                approvals=approvals,
                checks=_CHECKS_WORDS[checks],
            ),
            f"You are {ME}, an admin on the code forge. {branch['name']} is not protected yet.",
            repo=branch["repoId"],
            branch=branch["name"],
            approvals=approvals,
            checks=checks,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ProtectBranchParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        set_protection(
            gold, p.repo, p.branch, protected=True, approvals=p.approvals, checks=p.checks
        )
        return self.scripts(world, gold)


# -- publish-release (medium) -------------------------------------------------------------------
_RELEASE_NAMES = (
    "Winter hardening",
    "Faster checkout",
    "Quiet alerts",
    "Offline first",
    "Cleaner payouts",
    "Accessible forms",
)
_RELEASE_NOTES = (
    "Bug fixes and dependency updates.",
    "Performance work across the board.",
    "Security fixes; upgrade soon.",
    "First cut of the new flow, behind a flag.",
)
_PUBLISH_FRAMES = (
    'Publish a {kind} of {repo}: tag {tag} on {target}, titled "{name}", with the notes "{notes}"',
    'Cut {repo} {tag} from {target} as a {kind} named "{name}"; its release notes read "{notes}"',
    'Release {tag} of {repo} needs to go out now (a {kind}, from {target}). Title: "{name}". '
    'Notes: "{notes}"',
    '{repo} ships {tag}: publish it as a {kind} targeting {target}, called "{name}", notes '
    '"{notes}"',
    "Create and publish the {kind} {tag} for {repo} (target branch {target}) with the title "
    '"{name}" and the notes "{notes}"',
)


def next_tag(state: State, repo: str, rc: bool) -> str:
    tags = [r["tag"] for r in state["releases"].values() if r["repoId"] == repo]
    parts = max(tuple(int(x) for x in t[1:].split("-")[0].split(".")) for t in tags)
    tag = f"v{parts[0]}.{parts[1] + 1}.0"
    return tag + "-rc.1" if rc else tag


class PublishReleaseParams(TaskParams):
    repo: str
    tag: str
    target: str
    name: str
    notes: str
    prerelease: bool


class PublishRelease(ForgeFamily):
    id: ClassVar[str] = "publish-release"
    params_type = PublishReleaseParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("releases", "publish", "new-release")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        repo = rng.choice(sorted(SEED["repos"]))
        rc = rng.choice([True, False])
        tag, target = next_tag(SEED, repo, rc), rng.choice(["main", "release/next"])
        name, notes = rng.choice(_RELEASE_NAMES), rng.choice(_RELEASE_NOTES)
        kind = "pre-release" if rc else "full (not pre-) release"
        frame = rng.choice(_PUBLISH_FRAMES)
        return self.make_task(
            task_id,
            frame.format(kind=kind, repo=repo, tag=tag, target=target, name=name, notes=notes),
            f"You are {ME} on the code forge. No release {tag} exists yet; publish it (not a "
            "draft).",
            repo=repo,
            tag=tag,
            target=target,
            name=name,
            notes=notes,
            prerelease=rc,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = PublishReleaseParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        create_release(
            gold,
            p.repo,
            _ME_ID,
            tag=p.tag,
            name=p.name,
            notes=p.notes,
            target=p.target,
            prerelease=p.prerelease,
            draft=False,
            now=GEN_NOW,
        )
        return self.scripts(world, gold)


# -- release-notes-from-merged (hard) -----------------------------------------------------------
_NOTES_FRAMES = (
    "Publish release {tag} of {repo} from main, titled {tag}. Its notes list every pull request "
    "merged since {previous}: one line per pull request, the line being its title.",
    "{repo} is due for {tag}. Release it (title {tag}, target main) with notes that name, one "
    "per line, the titles of all pull requests merged after {previous} was published.",
    "Write and publish the {repo} release {tag} on main (title {tag}): the notes are the titles "
    "of the pull requests merged since the {previous} release, each on its own line.",
    "Cut {tag} for {repo} from main, named {tag}. For notes, put the title of each pull "
    "request that was merged since {previous}, one title per line and nothing else.",
    "Since {previous}, some pull requests landed in {repo}. Publish {tag} (on main, title "
    "{tag}) whose notes are exactly those pull requests' titles, a line each.",
)


def merged_since(state: State, repo: str, moment: str) -> list[dict[str, Any]]:
    return sorted(
        (
            p
            for p in state["pulls"].values()
            if p["repoId"] == repo and p["state"] == "merged" and (p["mergedAt"] or "") > moment
        ),
        key=lambda p: p["mergedAt"],
    )


class ReleaseNotesFromMergedParams(TaskParams):
    repo: str
    tag: str
    previous: str
    titles: list[str]


class ReleaseNotesFromMerged(ForgeFamily):
    id: ClassVar[str] = "release-notes-from-merged"
    params_type = ReleaseNotesFromMergedParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("releases", "publish", "browse")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        repo = rng.choice(sorted(SEED["repos"]))
        rels = sorted(
            (r for r in SEED["releases"].values() if r["repoId"] == repo),
            key=lambda r: r["publishedAt"],
        )
        previous, dropped = rels[-2], rels[-1]  # the world has no release after ``previous``
        titles = [p["title"] for p in merged_since(SEED, repo, previous["publishedAt"])]
        frame = rng.choice(_NOTES_FRAMES)
        return self.make_task(
            task_id,
            frame.format(tag=dropped["tag"], repo=repo, previous=previous["tag"]),
            f"You are {ME} on the code forge. {previous['tag']} is the latest release of {repo}; "
            "merged pull requests show on the pull request list under Closed.",
            repo=repo,
            tag=dropped["tag"],
            previous=previous["tag"],
            titles=titles,
        )

    def world(self, task: TaskConfig) -> State:
        p = ReleaseNotesFromMergedParams.of(task)
        world = build_world(task)
        for rid in [
            k for k, r in world["releases"].items() if r["repoId"] == p.repo and r["tag"] == p.tag
        ]:
            del world["releases"][rid]
        return world

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ReleaseNotesFromMergedParams.of(task)
        world = self.world(task)
        gold = copy.deepcopy(world)
        create_release(
            gold,
            p.repo,
            _ME_ID,
            tag=p.tag,
            name=p.tag,
            notes="\n".join(p.titles),
            target="main",
            prerelease=False,
            draft=False,
            now=GEN_NOW,
        )
        return self.scripts(world, gold)


# -- assign-unowned-issues (hard) ---------------------------------------------------------------
_ASSIGN_FRAMES = (
    'Every open issue in {repo} labelled "{label}" that nobody is assigned to goes to {login}, '
    'in the milestone "{milestone}".',
    'Triage {repo}: assign each open "{label}" issue without an assignee to {login} and put it '
    'in "{milestone}".',
    'Unowned open {repo} issues with the label "{label}" should be {login}\'s, scheduled for '
    'the milestone "{milestone}". Issues that already have someone stay as they are.',
    'Hand all open, unassigned "{label}" issues of {repo} to {login} and file them under the '
    'milestone "{milestone}".',
    '{login} takes over the open issues in {repo} labelled "{label}" that have no assignee; '
    'set their milestone to "{milestone}" too.',
)


class AssignUnownedIssuesParams(TaskParams):
    repo: str
    label: str
    login: str
    milestone: str
    numbers: list[int]


class AssignUnownedIssues(ForgeFamily):
    id: ClassVar[str] = "assign-unowned-issues"
    params_type = AssignUnownedIssuesParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("issues", "triage", "metadata")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        repo = rng.choice(sorted(SEED["repos"]))
        issues = sorted(
            (i for i in SEED["issues"].values() if i["repoId"] == repo and i["state"] == "open"),
            key=lambda i: i["id"],
        )
        labels = sorted({x for i in issues for x in i["labels"]})
        label = rng.choice(labels)
        tagged = [i for i in issues if label in i["labels"]]
        chosen = {i["number"] for i in tagged if not i["assignees"]}
        chosen |= {i["number"] for i in rng.sample(tagged, k=min(2, len(tagged)))}
        writers = sorted(
            SEED["users"][m["userId"]]["login"]
            for m in SEED["members"].values()
            if m["repoId"] == repo and m["role"] in ("write", "maintain")
        )
        milestone = rng.choice(
            [m["title"] for m in SEED["milestones"].values() if m["repoId"] == repo]
        )
        frame = rng.choice(_ASSIGN_FRAMES)
        login = rng.choice(writers)
        return self.make_task(
            task_id,
            frame.format(repo=repo, label=label, login=login, milestone=milestone),
            f"You are {ME} on the code forge. {login} is a collaborator on {repo}; the issue "
            "list filters by label and shows each issue's assignees.",
            repo=repo,
            label=label,
            login=login,
            milestone=milestone,
            numbers=sorted(chosen),
        )

    def world(self, task: TaskConfig) -> State:
        p = AssignUnownedIssuesParams.of(task)
        world = build_world(task)
        for issue in world["issues"].values():
            if issue["repoId"] == p.repo and issue["number"] in p.numbers:
                # nobody owns them and nobody has planned them yet
                issue["assignees"], issue["milestoneId"] = [], None
        return world

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = AssignUnownedIssuesParams.of(task)
        world = self.world(task)
        gold = copy.deepcopy(world)
        uid = uid_of(gold, p.login)
        ms = next(
            m["id"]
            for m in gold["milestones"].values()
            if m["repoId"] == p.repo and m["title"] == p.milestone
        )
        for issue in sorted(gold["issues"].values(), key=lambda i: i["id"]):
            if issue["repoId"] == p.repo and issue["number"] in p.numbers:
                update_issue(
                    gold, issue["id"], labels=issue["labels"], assignees=[uid], milestone=ms
                )
        return self.scripts(world, gold)
