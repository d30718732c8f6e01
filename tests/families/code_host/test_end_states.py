"""code-host rewards against wrong end states: each scores below 1.0, for the reason written
next to it.

Every mistake is something an RL policy plausibly does instead of the task, applied with the
app's own ``ops`` (a state the UI could leave) to the initial or the gold state; the family's
real reward.py scores it in its own process against a live hub (``web_end_states``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from cuagym.apps.code_host import CodeHostApp
from cuagym.apps.code_host.ops import (
    cancel_run,
    close_pull,
    merge_pull,
    rerun_run,
    set_protection,
    set_reviewers,
    submit_review,
    update_issue,
    update_labels,
)
from cuagym.domains import load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.web_end_states import EndStates, Mistake, State

domain = load_domain("code-host")
SEED = 1
P = dict[str, Any]
NOW = datetime(2026, 12, 1, 16, 0, tzinfo=UTC)
ME = "u-mara"


@pytest.fixture(scope="module")
def end_states(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EndStates]:
    hub = Hub(apps=[CodeHostApp()], token="end-states-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield EndStates("code-host", LiveHub(url=url, token=hub.token, hub=hub),
                        tmp_path_factory.mktemp("code-host"))  # fmt: skip
    finally:
        stop()


# -- lookups --------------------------------------------------------------------------------------
def pull(state: State, p: P) -> dict[str, Any]:
    return next(q for q in state["pulls"].values()
                if q["repoId"] == p["repo"] and q["number"] == p["number"])  # fmt: skip


def other_open_pull(state: State, p: P) -> dict[str, Any]:
    return next(q for q in sorted(state["pulls"].values(), key=lambda q: q["id"])
                if q["state"] == "open" and q["id"] != pull(state, p)["id"])  # fmt: skip


def uid(state: State, login: str) -> str:
    return next(u for u, user in state["users"].items() if user["login"] == login)


def run(state: State, p: P) -> dict[str, Any]:
    return next(r for r in state["runs"].values()
                if r["repoId"] == p["repo"] and r["number"] == p["run"])  # fmt: skip


def release(state: State, p: P) -> dict[str, Any]:
    return next(r for r in state["releases"].values()
                if r["repoId"] == p["repo"] and r["tag"] == p["tag"])  # fmt: skip


def issue(state: State, p: P, number: int) -> dict[str, Any]:
    return next(i for i in state["issues"].values()
                if i["repoId"] == p["repo"] and i["number"] == number)  # fmt: skip


# -- request-reviewers ----------------------------------------------------------------------------
def only_one_reviewer(state: State, p: P) -> None:
    q = pull(state, p)
    set_reviewers(state, q["id"], [u for u in q["reviewers"] if u != uid(state, p["logins"][0])])


def reviewers_on_another_pull(state: State, p: P) -> None:
    q = other_open_pull(state, p)
    extra = [uid(state, x) for x in p["logins"] if uid(state, x) != q["authorId"]]
    members = {m["userId"] for m in state["members"].values() if m["repoId"] == q["repoId"]}
    set_reviewers(
        state,
        q["id"],
        sorted(set(q["reviewers"]) | (set(extra) & members))
        or [next(iter(sorted(members - {q["authorId"]})))],
    )


def reviewers_and_a_label(state: State, p: P) -> None:
    update_labels(state, "pulls", pull(state, p)["id"], ["blocked"])


# -- label-pull-request ---------------------------------------------------------------------------
def one_label_too_many(state: State, p: P) -> None:
    update_labels(state, "pulls", pull(state, p)["id"], [*p["labels"], "ci" if "ci" not in
                  p["labels"] else "bug"])  # fmt: skip


def only_one_label(state: State, p: P) -> None:
    update_labels(state, "pulls", pull(state, p)["id"], p["labels"][:1])


def labels_on_another_pull_too(state: State, p: P) -> None:
    update_labels(state, "pulls", other_open_pull(state, p)["id"], p["labels"])


# -- rerun-failed-run -----------------------------------------------------------------------------
def rerun_then_cancelled(state: State, p: P) -> None:
    cancel_run(state, run(state, p)["id"])


def another_failed_run(state: State, p: P) -> None:
    other = next(r for r in sorted(state["runs"].values(), key=lambda r: r["id"])
                 if r["status"] == "failure" and r["number"] != p["run"])  # fmt: skip
    rerun_run(state, other["id"], ME, now=NOW)


def every_failed_run(state: State, p: P) -> None:
    rerun_run(state, run(state, p)["id"], ME, now=NOW)
    another_failed_run(state, p)


# -- submit-review --------------------------------------------------------------------------------
def other_verdict(state: State, p: P) -> None:
    kind = "approved" if p["verdict"] == "changes_requested" else "changes_requested"
    submit_review(state, pull(state, p)["id"], ME, kind, p["comment"], now=NOW)


def comment_retyped(state: State, p: P) -> None:
    submit_review(state, pull(state, p)["id"], ME, p["verdict"], p["comment"].rstrip(".!") + "",
                  now=NOW)  # fmt: skip


def a_second_comment(state: State, p: P) -> None:
    submit_review(state, pull(state, p)["id"], ME, "commented", "One more thing.", now=NOW)


# -- protect-branch -------------------------------------------------------------------------------
def approvals_off_by_one(state: State, p: P) -> None:
    set_protection(state, p["repo"], p["branch"], protected=True, approvals=p["approvals"] + 1,
                   checks=p["checks"])  # fmt: skip


def checks_flipped(state: State, p: P) -> None:
    set_protection(state, p["repo"], p["branch"], protected=True, approvals=p["approvals"],
                   checks=not p["checks"])  # fmt: skip


def another_branch_protected(state: State, p: P) -> None:
    other = next(b for b in sorted(state["branches"].values(), key=lambda b: b["id"])
                 if not b["protected"] and b["name"] != p["branch"])  # fmt: skip
    set_protection(state, other["repoId"], other["name"], protected=True,
                   approvals=p["approvals"], checks=p["checks"])  # fmt: skip


# -- publish-release ------------------------------------------------------------------------------
def left_as_draft(state: State, p: P) -> None:
    release(state, p).update(draft=True, publishedAt=None)


def wrong_target(state: State, p: P) -> None:
    release(state, p)["target"] = "release/next" if p["target"] == "main" else "main"


def prerelease_flipped(state: State, p: P) -> None:
    release(state, p)["prerelease"] = not p["prerelease"]


# -- merge-ready-pull -----------------------------------------------------------------------------
def merge_commit_kept_branch(state: State, p: P) -> None:
    """The ready one merged with a merge commit, its branch kept (from the initial state)."""
    merge_pull(state, pull(state, p)["id"], ME, method="merge", delete_source=False, now=NOW)


def squash_but_branch_kept(state: State, p: P) -> None:
    merge_pull(state, pull(state, p)["id"], ME, method="squash", delete_source=False, now=NOW)


def closed_instead(state: State, p: P) -> None:
    close_pull(state, pull(state, p)["id"], now=NOW)


# -- release-notes-from-merged --------------------------------------------------------------------
def notes_with_an_extra_line(state: State, p: P) -> None:
    release(state, p)["notes"] += "\nBump dependencies"


def notes_left_empty(state: State, p: P) -> None:
    release(state, p)["notes"] = ""


def titled_otherwise(state: State, p: P) -> None:
    release(state, p)["name"] = "Release " + p["tag"]


# -- assign-unowned-issues ------------------------------------------------------------------------
def first_issue_unassigned(state: State, p: P) -> None:
    first = issue(state, p, p["numbers"][0])
    update_issue(state, first["id"], labels=first["labels"], assignees=[],
                 milestone=first["milestoneId"])  # fmt: skip


def other_milestone(state: State, p: P) -> None:
    for n in p["numbers"]:
        i = issue(state, p, n)
        ms = next(m for m in state["milestones"].values()
                  if m["repoId"] == p["repo"] and m["id"] != i["milestoneId"])  # fmt: skip
        update_issue(state, i["id"], labels=i["labels"], assignees=i["assignees"],
                     milestone=ms["id"])  # fmt: skip


def an_owned_issue_reassigned(state: State, p: P) -> None:
    other = next(i for i in sorted(state["issues"].values(), key=lambda i: i["id"])
                 if i["repoId"] == p["repo"] and i["number"] not in p["numbers"]
                 and i["state"] == "open")  # fmt: skip
    update_issue(state, other["id"], labels=other["labels"], assignees=[uid(state, p["login"])],
                 milestone=other["milestoneId"])  # fmt: skip


MISTAKES = [
    Mistake("request-reviewers", "gold", only_one_reviewer, (0, 0), "reviewers_requested",
            "only one of the two people asked for a review"),
    Mistake("request-reviewers", "init", reviewers_on_another_pull, (0, 0),
            "nothing_else_changed", "the reviews requested on another pull request"),
    Mistake("request-reviewers", "gold", reviewers_and_a_label, (0, 0), "nothing_else_changed",
            "the reviewers right, and a label put on the way"),
    Mistake("label-pull-request", "gold", one_label_too_many, (2 / 3, 2 / 3),
            "only_those_labels", "a third label kept"),
    Mistake("label-pull-request", "gold", only_one_label, (0, 0), "labels_added",
            "one of the two labels missing"),
    Mistake("label-pull-request", "gold", labels_on_another_pull_too, (0, 0),
            "nothing_else_changed", "the same labels put on another pull request too"),
    Mistake("rerun-failed-run", "gold", rerun_then_cancelled, (0.5, 0.5), "rerun_started",
            "re-run, then cancelled again"),
    Mistake("rerun-failed-run", "init", another_failed_run, (0, 0), "rerun_started",
            "another failed run re-run instead"),
    Mistake("rerun-failed-run", "init", every_failed_run, (0, 0), "nothing_else_changed",
            "every failed run re-run, not only the one asked"),
    Mistake("submit-review", "init", other_verdict, (3 / 5, 3 / 5), "verdict",
            "the opposite verdict"),
    Mistake("submit-review", "init", comment_retyped, (3 / 5, 3 / 5), "comment",
            "the comment without its final punctuation"),
    Mistake("submit-review", "gold", a_second_comment, (0, 0), "one_review",
            "the review, then a second comment review"),
    Mistake("protect-branch", "gold", approvals_off_by_one, (3 / 5, 3 / 5), "approvals",
            "one approval too many required"),
    Mistake("protect-branch", "gold", checks_flipped, (4 / 5, 4 / 5), "status_checks",
            "status checks the other way round"),
    Mistake("protect-branch", "init", another_branch_protected, (0, 0), "protected",
            "another branch protected"),
    Mistake("publish-release", "gold", left_as_draft, (6 / 7, 6 / 7), "published",
            "saved as a draft, not published"),
    Mistake("publish-release", "gold", wrong_target, (6 / 7, 6 / 7), "target",
            "released from the other branch"),
    Mistake("publish-release", "gold", prerelease_flipped, (6 / 7, 6 / 7), "pre_release_flag",
            "the pre-release box the other way round"),
    Mistake("merge-ready-pull", "init", merge_commit_kept_branch, (4 / 6, 4 / 6),
            "squash_merged", "a merge commit instead of a squash, the branch kept"),
    Mistake("merge-ready-pull", "init", squash_but_branch_kept, (5 / 6, 5 / 6),
            "branch_deleted", "squashed, but the branch not deleted"),
    Mistake("merge-ready-pull", "init", closed_instead, (0, 0), "the_ready_one_merged",
            "the ready pull request closed instead of merged"),
    Mistake("release-notes-from-merged", "gold", notes_with_an_extra_line, (5 / 6, 5 / 6),
            "nothing_else_listed", "a line that is no merged pull request"),
    Mistake("release-notes-from-merged", "gold", notes_left_empty, (3 / 6, 3 / 6),
            "every_merged_pull_listed", "no notes at all"),
    Mistake("release-notes-from-merged", "gold", titled_otherwise, (5 / 6, 5 / 6), "title",
            "a title other than the tag"),
    Mistake("assign-unowned-issues", "gold", first_issue_unassigned, (2 / 5, 2 / 5),
            "all_assigned", "one of the unowned issues left without its assignee"),
    Mistake("assign-unowned-issues", "gold", other_milestone, (3 / 5, 3 / 5),
            "all_in_milestone", "the other milestone"),
    Mistake("assign-unowned-issues", "gold", an_owned_issue_reassigned, (0, 0),
            "nothing_else_changed", "an issue that was not unowned given to the person too"),
]  # fmt: skip


def test_every_single_app_family_has_three_wrong_end_states() -> None:
    for family in domain.families:
        if len(family.task_apps()) == 1:
            assert sum(m.family == family.id for m in MISTAKES) >= 3, family.id


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: m.name)
def test_a_wrong_end_state_scores_below_one(mistake: Mistake, end_states: EndStates) -> None:
    end_states.check(domain.family(mistake.family), SEED, mistake)
