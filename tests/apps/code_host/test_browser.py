"""A real Chromium (one for the module) drives the UI against a live hub; the reward's view
(/go) checks the result. Screenshots of every screen go to artifacts/screenshots/code-host/."""

from __future__ import annotations

import copy
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.apps.code_host import build_seed
from tests.apps.code_host.test_http import SCREENS
from tests.chromium import module_chromium
from tests.conftest import LiveHub

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "code-host"


@pytest.fixture(scope="module")
def live() -> Iterator[LiveHub]:
    from cuagym.apps.code_host import CodeHostApp
    from cuagym.hub import Hub
    from tests.conftest import serve_in_thread

    hub = Hub(apps=[CodeHostApp()], token="browser-token", allow_sid_binding=True)
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with module_chromium(SHOTS) as chromium:
        yield chromium


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(10_000)
    try:
        yield pg
    finally:
        context.close()


def go(hub: LiveHub, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{hub.url}/code-host/go", params={"sid": sid}, headers=hub.auth)
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def bind(
    pg: Any, hub: LiveHub, prefix: str, state: dict[str, Any] | None = None
) -> tuple[str, str]:
    sid = f"{prefix}-{uuid.uuid4().hex[:8]}"
    if state is not None:
        r = httpx.post(
            f"{hub.url}/code-host/post",
            params={"sid": sid},
            headers=hub.auth,
            json={"action": "set", "state": state},
        )
        assert r.status_code == 200, r.text
    pg.goto(f"{hub.url}/code-host/?sid={sid}")
    assert pg.url.endswith("/code-host/")
    return sid, f"{hub.url}/code-host"


def test_every_screen_shows_and_nothing_changes(page: Any, live: LiveHub) -> None:
    _, base = bind(page, live, "screens")
    for i, path in enumerate(SCREENS):
        page.goto(base + path)
        assert page.locator("h1").count() == 1, path
        page.screenshot(path=str(SHOTS / f"{i:02d}{re.sub(r'[^A-Za-z0-9-]+', '_', path)[:60]}.png"))
    page.goto(base + "/larkspur/storefront-web")
    page.get_by_test_id("branch-select").select_option("release/next")
    page.wait_for_url("**branch=release*")
    page.get_by_test_id("repo-tab-pulls").click()
    page.get_by_test_id("pull-link").first.click()
    page.get_by_test_id("tab-checks").click()
    page.get_by_test_id("panel-checks").wait_for()
    page.screenshot(path=str(SHOTS / "30-pull-checks.png"))


def _mergeable_world() -> tuple[dict[str, Any], dict[str, Any]]:
    """The seed with storefront-web's main relaxed and one open pull request unreviewed."""
    state = copy.deepcopy(build_seed())
    pull = next(
        p
        for p in sorted(state["pulls"].values(), key=lambda p: p["id"])
        if p["repoId"] == "storefront-web" and p["state"] == "open" and not p["draft"]
    )
    for b in state["branches"].values():
        if b["repoId"] == "storefront-web" and b["name"] == "main":
            b["requiredApprovals"], b["requireChecks"] = 1, False
    for r in list(state["reviews"].values()):
        if r["pullId"] == pull["id"]:
            del state["reviews"][r["id"]]
    if pull["authorId"] == "u-mara":
        pull["authorId"] = "u-theo"
    pull["reviewers"] = ["u-mara"]
    return state, pull


def test_review_then_merge_through_the_page(page: Any, live: LiveHub) -> None:
    state, pull = _mergeable_world()
    sid, _ = bind(page, live, "merge", state)
    page.get_by_test_id("asked-pull").filter(has_text=pull["title"]).click()
    page.get_by_test_id("merge-blockers").wait_for()
    page.get_by_test_id("open-review").click()
    page.get_by_test_id("kind-approved").check()
    page.get_by_test_id("review-body").fill("Tested the flow, looks right.")
    page.screenshot(path=str(SHOTS / "31-review-form.png"))
    page.get_by_test_id("submit-review").click()
    page.get_by_test_id("toast").wait_for()
    page.get_by_test_id("merge-button").click()
    page.get_by_test_id("confirm-ok").click()
    page.get_by_test_id("merged-event").wait_for()
    page.screenshot(path=str(SHOTS / "32-merged.png"))
    data = go(live, sid)
    cur, diff = data["current_state"], data["state_diff"]
    assert cur["pulls"][pull["id"]]["state"] == "merged"
    assert cur["pulls"][pull["id"]]["reviewers"] == []
    assert any(p.startswith("reviews.") for p in diff)


def test_rerun_branch_protection_release_and_issue(page: Any, live: LiveHub) -> None:
    sid, base = bind(page, live, "writes")
    repo = base + "/larkspur/payments-api"
    page.goto(repo + "/actions")
    page.get_by_test_id("filter-status").select_option("failure")
    page.wait_for_url("**status=failure*")
    page.get_by_test_id("run-link").first.click()
    page.get_by_test_id("rerun").click()
    page.get_by_test_id("toast").wait_for()
    assert page.get_by_test_id("run-attempt").inner_text().strip() == "2"

    page.goto(repo + "/branches")
    page.get_by_test_id("new-branch").click()
    page.get_by_test_id("new-branch-name").fill("hotfix/refund-500")
    page.get_by_test_id("new-branch-create").click()
    page.get_by_test_id("toast").wait_for()
    page.get_by_test_id("protect-hotfix/refund-500").click()
    page.get_by_test_id("protect-toggle").check()
    page.get_by_test_id("required-approvals").select_option("2")
    page.get_by_test_id("save-protection").click()
    page.get_by_test_id("toast").wait_for()

    page.goto(repo + "/releases/new")
    page.get_by_test_id("release-tag-input").fill("v4.0.0-rc.1")
    page.get_by_test_id("release-notes").fill("Partial refunds behind a flag.")
    page.get_by_test_id("release-prerelease").check()
    page.get_by_test_id("publish-release").click()
    page.locator('[data-testid="release"][data-tag="v4.0.0-rc.1"]').wait_for()

    page.goto(repo + "/issues/new")
    page.get_by_test_id("issue-title").fill("Refund webhook arrives twice")
    page.get_by_test_id("issue-label-bug").check()
    page.get_by_test_id("assignee-jonas-weber").check()
    page.get_by_test_id("submit-issue").click()
    page.get_by_test_id("issue-title-shown").wait_for()

    page.goto(repo + "/settings")
    page.get_by_test_id("settings-topics").fill("payments api golang refunds")
    page.get_by_test_id("save-settings").click()
    page.get_by_test_id("toast").wait_for()
    page.screenshot(path=str(SHOTS / "33-settings-saved.png"))

    data = go(live, sid)
    cur, diff = data["current_state"], data["state_diff"]
    assert cur["repos"]["payments-api"]["topics"] == ["api", "golang", "payments", "refunds"]
    branch = next(b for b in cur["branches"].values() if b["name"] == "hotfix/refund-500")
    assert (branch["protected"], branch["requiredApprovals"]) == (True, 2)
    release = next(r for r in cur["releases"].values() if r["tag"] == "v4.0.0-rc.1")
    assert release["prerelease"] and release["notes"] == "Partial refunds behind a flag."
    issue = next(i for i in cur["issues"].values() if i["title"] == "Refund webhook arrives twice")
    assert (issue["labels"], issue["assignees"]) == (["bug"], ["u-jonas"])
    assert any(p.endswith(".attempt") for p in diff)
