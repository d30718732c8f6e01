"""The forge's rules, on the state operations the UI and the golden patches share."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.apps.code_host import CodeHostState
from cuagym.apps.code_host._invariants import check_invariants
from cuagym.apps.code_host.ops import (
    ActionError,
    branch_of,
    cancel_run,
    check_status,
    close_issue,
    create_branch,
    create_issue,
    create_release,
    delete_branch,
    merge_blockers,
    merge_pull,
    rerun_run,
    set_member_role,
    set_protection,
    set_reviewers,
    submit_review,
    update_repo,
)

State = dict[str, Any]


def valid(state: State) -> None:
    assert list(check_invariants(CodeHostState.model_validate(state))) == []


def open_pull(state: State, **match: Any) -> dict[str, Any]:
    return next(
        p
        for p in state["pulls"].values()
        if p["state"] == "open" and all(p[k] == v for k, v in match.items())
    )


def test_a_review_answers_the_request_and_blocks_or_allows_merging(seed: State) -> None:
    pull = open_pull(seed, draft=False)
    pid, repo = pull["id"], pull["repoId"]
    main = branch_of(seed, repo, "main")
    assert main is not None
    main["requireChecks"] = False
    reviewer = next(
        m["userId"]
        for m in seed["members"].values()
        if m["repoId"] == repo and m["userId"] != pull["authorId"]
    )
    set_reviewers(seed, pid, [reviewer])
    submit_review(seed, pid, reviewer, "changes_requested", "Needs a test.")
    assert seed["pulls"][pid]["reviewers"] == []
    assert "A reviewer requested changes." in merge_blockers(seed, pid)
    with pytest.raises(ActionError):
        merge_pull(seed, pid, "u-mara")
    main["requiredApprovals"] = 1
    submit_review(seed, pid, reviewer, "approved", "")
    assert merge_blockers(seed, pid) == []
    sha = merge_pull(seed, pid, "u-mara", delete_source=True)
    assert seed["pulls"][pid]["state"] == "merged" and main["head"] == sha
    assert branch_of(seed, repo, pull["source"]) is None
    valid(seed)


def test_an_author_cannot_approve_and_a_change_request_needs_words(seed: State) -> None:
    pull = open_pull(seed)
    with pytest.raises(ActionError, match="own pull request"):
        submit_review(seed, pull["id"], pull["authorId"], "approved", "")
    other = next(u for u in seed["users"] if u != pull["authorId"])
    with pytest.raises(ActionError, match="comment is required"):
        submit_review(seed, pull["id"], other, "changes_requested", "  ")


def test_checks_must_pass_on_a_protected_target(seed: State) -> None:
    failing = next(
        p
        for p in seed["pulls"].values()
        if p["state"] == "open" and check_status(seed, p["id"]) == "failure"
    )
    assert any("requires passing checks" in b for b in merge_blockers(seed, failing["id"]))


def test_rerun_is_the_next_attempt_and_cancel_only_stops_live_runs(seed: State) -> None:
    run = next(r for r in seed["runs"].values() if r["status"] == "failure")
    rerun_run(seed, run["id"], "u-mara")
    assert (run["status"], run["attempt"], run["failedStep"]) == ("queued", 2, "")
    with pytest.raises(ActionError):
        rerun_run(seed, run["id"], "u-mara")
    cancel_run(seed, run["id"])
    assert run["status"] == "cancelled"
    done = next(r for r in seed["runs"].values() if r["status"] == "success")
    with pytest.raises(ActionError):
        cancel_run(seed, done["id"])
    valid(seed)


def test_branches_protection_and_deletion(seed: State) -> None:
    bid = create_branch(seed, "payments-api", "hotfix/refund-500", "main")
    assert seed["branches"][bid]["head"] == branch_of(seed, "payments-api", "main")["head"]  # type: ignore[index]
    with pytest.raises(ActionError, match="already exists"):
        create_branch(seed, "payments-api", "hotfix/refund-500", "main")
    with pytest.raises(ActionError):
        create_branch(seed, "payments-api", "bad..name", "main")
    set_protection(
        seed, "payments-api", "hotfix/refund-500", protected=True, approvals=2, checks=True
    )
    with pytest.raises(ActionError, match="protected"):
        delete_branch(seed, "payments-api", "hotfix/refund-500")
    with pytest.raises(ActionError, match="stays protected"):
        set_protection(seed, "payments-api", "main", protected=False, approvals=0, checks=False)
    set_protection(
        seed, "payments-api", "hotfix/refund-500", protected=False, approvals=2, checks=True
    )
    assert seed["branches"][bid]["requiredApprovals"] == 0
    delete_branch(seed, "payments-api", "hotfix/refund-500")
    with pytest.raises(ActionError, match="default branch"):
        delete_branch(seed, "payments-api", "main")
    valid(seed)


def test_issues_releases_settings_and_roles(seed: State) -> None:
    iid = create_issue(
        seed,
        "mobile-app",
        "u-mara",
        title="Crash on start",
        body="",
        labels=["bug"],
        assignees=["u-aiko"],
        milestone=None,
    )
    numbers = [
        r["number"]
        for c in ("pulls", "issues")
        for r in seed[c].values()
        if r["repoId"] == "mobile-app"
    ]
    assert seed["issues"][iid]["number"] == max(numbers) and numbers.count(max(numbers)) == 1
    with pytest.raises(ActionError):
        create_issue(
            seed,
            "mobile-app",
            "u-mara",
            title="x",
            body="",
            labels=[],
            assignees=["u-jonas"],
            milestone=None,
        )
    close_issue(seed, iid)
    rid = create_release(
        seed,
        "mobile-app",
        "u-mara",
        tag="v9.0.0-rc.1",
        name="",
        notes="",
        target="main",
        prerelease=True,
        draft=False,
    )
    assert seed["releases"][rid]["name"] == "v9.0.0-rc.1"
    with pytest.raises(ActionError, match="already released"):
        create_release(
            seed,
            "mobile-app",
            "u-mara",
            tag="v9.0.0-rc.1",
            name="",
            notes="",
            target="main",
            prerelease=False,
            draft=False,
        )
    with pytest.raises(ActionError, match="topics"):
        update_repo(
            seed,
            "mobile-app",
            description="",
            topics=["Not OK"],
            visibility="public",
            default_branch="main",
            delete_branch_on_merge=True,
            allow_squash=True,
        )
    admin = next(
        m for m in seed["members"].values() if m["repoId"] == "mobile-app" and m["role"] == "admin"
    )
    with pytest.raises(ActionError, match="admin"):
        set_member_role(seed, admin["id"], "write")
    valid(seed)
