"""Every screen renders, visits change nothing a reward sees, and every UI action, driven
like a browser (forms, cookie), changes exactly what SKILL.md says (checked through /go)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.apps.code_host.conftest import REPO, ForgeClient

SCREENS = [
    "/",
    "/pulls?scope=all",
    "/issues",
    "/search?q=checkout",
    REPO,
    f"{REPO}?branch=release/next",
    f"{REPO}/commits",
    f"{REPO}/branches",
    f"{REPO}/branches/protection?name=main",
    f"{REPO}/pulls",
    f"{REPO}/pulls?state=closed&label=bug",
    f"{REPO}/releases",
    f"{REPO}/releases/new",
    f"{REPO}/settings",
    f"{REPO}/settings?tab=access",
    f"{REPO}/actions?status=failure",
    f"{REPO}/issues",
    f"{REPO}/issues/new",
]


def one_h1(html: str) -> bool:
    return len(re.findall(r"<h1[\s>]", html)) == 1


async def test_every_screen_renders_and_visits_change_nothing(forge: ForgeClient) -> None:
    for path in SCREENS:
        r = await forge.get(path)
        assert r.status_code == 200 and one_h1(r.text), path
    state = await forge.current()
    pull = next(p for p in state["pulls"].values() if p["repoId"] == "storefront-web")
    run = next(r for r in state["runs"].values() if r["repoId"] == "storefront-web")
    issue = next(i for i in state["issues"].values() if i["repoId"] == "storefront-web")
    for path in (
        f"/pull/{pull['number']}?tab=checks",
        f"/pull/{pull['number']}/review",
        f"/actions/runs/{run['number']}",
        f"/issues/{issue['number']}",
    ):
        r = await forge.get(REPO + path)
        assert r.status_code == 200 and one_h1(r.text), path
    assert await forge.diff() == {}
    assert (await forge.current())["ui"]["recentRepos"] == ["storefront-web"]


@pytest.mark.parametrize(
    "path", ["/larkspur/nope", "/other/storefront-web", f"{REPO}/pull/9999", f"{REPO}/issues/x"]
)
async def test_unknown_things_are_404(forge: ForgeClient, path: str) -> None:
    r = await forge.get(path)
    assert r.status_code == 404 and 'data-testid="error-page"' in r.text


async def _pull(forge: ForgeClient, **match: Any) -> dict[str, Any]:
    state = await forge.current()
    return next(
        p
        for p in sorted(state["pulls"].values(), key=lambda p: p["id"])
        if p["repoId"] == "storefront-web" and all(p[k] == v for k, v in match.items())
    )


async def test_review_form_with_inline_error_then_an_approval(forge: ForgeClient) -> None:
    pull = await _pull(forge, state="open", draft=False)
    url = f"{REPO}/pull/{pull['number']}/review"
    r = await forge.post(url, {"state": "changes_requested", "body": ""})
    assert r.status_code == 400 and 'data-testid="error-body"' in r.text
    assert await forge.diff() == {}
    r = await forge.post(url, {"state": "approved", "body": "Ship it"})
    assert r.status_code == 303 and r.headers["location"].endswith(f"/pull/{pull['number']}")
    diff = await forge.diff()
    added = [p for p in diff if p.startswith("reviews.")]
    assert len(added) == 1 and diff[added[0]]["new"]["state"] == "approved"


async def test_reviewers_labels_close_and_reopen(forge: ForgeClient) -> None:
    pull = await _pull(forge, state="open")
    url = f"{REPO}/pull/{pull['number']}"
    r = await forge.post(f"{url}/labels", {"labels": ["security", "bug"]})
    assert r.status_code == 303
    r = await forge.post(f"{url}/reviewers", {"reviewers": [pull["authorId"]]})
    assert r.status_code == 400  # the author cannot review
    await forge.post(f"{url}/close")
    diff = await forge.diff()
    pid = pull["id"]
    assert diff[f"pulls.{pid}.labels"]["new"] == ["bug", "security"]
    assert diff[f"pulls.{pid}.state"]["new"] == "closed" and f"pulls.{pid}.closedAt" in diff
    await forge.post(f"{url}/reopen")
    assert set(await forge.diff()) == {f"pulls.{pid}.labels"}


async def test_merge_through_the_merge_box(forge: ForgeClient) -> None:
    state = await forge.current()
    # make one open pull request mergeable: relax main's rules in the injected world
    pull = await _pull(forge, state="open", draft=False)
    for b in state["branches"].values():
        if b["repoId"] == "storefront-web" and b["name"] == "main":
            b["requiredApprovals"], b["requireChecks"] = 0, False
    for r in list(state["reviews"].values()):
        if r["pullId"] == pull["id"]:
            del state["reviews"][r["id"]]
    assert (await forge.inject(state)).status_code == 200
    page = await forge.get(f"{REPO}/pull/{pull['number']}")
    assert 'data-testid="merge-button"' in page.text
    r = await forge.post(
        f"{REPO}/pull/{pull['number']}/merge", {"method": "squash", "deleteBranch": "1"}
    )
    assert r.status_code == 303
    cur, diff = await forge.current(), await forge.diff()
    assert cur["pulls"][pull["id"]]["state"] == "merged"
    sha = next(p.split(".")[1] for p in diff if p.startswith("commits."))
    assert cur["commits"][sha]["message"] == f"{pull['title']} (#{pull['number']})"


async def test_rerun_from_the_run_page(forge: ForgeClient) -> None:
    state = await forge.current()
    run = next(
        r
        for r in state["runs"].values()
        if r["repoId"] == "storefront-web" and r["status"] == "failure"
    )
    url = f"{REPO}/actions/runs/{run['number']}"
    assert 'data-testid="rerun"' in (await forge.get(url)).text
    assert (await forge.post(f"{url}/rerun")).status_code == 303
    diff = await forge.diff()
    assert diff[f"runs.{run['id']}.status"]["new"] == "queued"
    assert diff[f"runs.{run['id']}.attempt"]["new"] == 2
    assert (await forge.post(f"{url}/rerun")).status_code == 400  # queued: not again


async def test_branches_protection_releases_settings_members_issues(forge: ForgeClient) -> None:
    r = await forge.post(f"{REPO}/branches", {"name": "main", "source": "main"})
    assert r.status_code == 400 and 'data-testid="error-name"' in r.text
    assert (
        await forge.post(f"{REPO}/branches", {"name": "spike/x", "source": "main"})
    ).status_code == 303
    r = await forge.post(
        f"{REPO}/branches/protection",
        {"name": "spike/x", "protected": "1", "requiredApprovals": "2"},
    )
    assert r.status_code == 303
    r = await forge.post(f"{REPO}/releases", {"tag": "v1", "target": "main"})
    assert r.status_code == 400 and 'data-testid="error-tag"' in r.text
    r = await forge.post(f"{REPO}/releases", {"tag": "v9.9.0", "target": "main", "notes": "Hi"})
    assert r.status_code == 303
    r = await forge.post(
        f"{REPO}/settings",
        {
            "description": "Shop",
            "topics": "shop web",
            "visibility": "private",
            "defaultBranch": "main",
        },
    )
    assert r.status_code == 303
    r = await forge.post(f"{REPO}/issues", {"title": "", "body": "x"})
    assert r.status_code == 400 and 'data-testid="error-title"' in r.text
    r = await forge.post(
        f"{REPO}/issues", {"title": "Broken footer", "labels": "bug", "assignees": "u-theo"}
    )
    assert r.status_code == 303 and "/issues/" in r.headers["location"]
    cur, diff = await forge.current(), await forge.diff()
    repo = cur["repos"]["storefront-web"]
    assert (repo["description"], repo["topics"], repo["visibility"]) == (
        "Shop",
        ["shop", "web"],
        "private",
    )
    new = {p.split(".")[0] for p in diff if p.count(".") == 1 and diff[p]["op"] == "added"}
    assert new == {"branches", "releases", "issues"}
    member = next(
        m
        for m in cur["members"].values()
        if m["repoId"] == "storefront-web" and m["role"] == "write"
    )
    r = await forge.post(f"{REPO}/settings/members/{member['id']}", {"role": "maintain"})
    assert r.status_code == 303
    assert (await forge.current())["members"][member["id"]]["role"] == "maintain"
