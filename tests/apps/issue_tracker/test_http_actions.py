"""Every UI action, driven like a browser (forms, cookie), checked through the reward's /go."""

from __future__ import annotations

from typing import Any

from tests.apps.issue_tracker.conftest import TrackerClient

ME = "u-nina"


def changed(diff: dict[str, Any], path: str) -> tuple[Any, Any]:
    entry = diff[path]
    assert entry["op"] == "changed", entry
    return entry["old"], entry["new"]


async def test_transition_one_step_and_refuse_a_jump(tracker: TrackerClient) -> None:
    r = await tracker.post(
        "/issues/WEB-10/transition", {"to": "done", "next": "/projects/WEB/board"}
    )
    assert r.status_code == 400 and "allow that step" in r.text
    assert await tracker.diff() == {}
    r = await tracker.post(
        "/issues/WEB-10/transition", {"to": "in-progress", "next": "/projects/WEB/board"}
    )
    assert r.status_code == 303 and r.headers["location"] == "/issue-tracker/projects/WEB/board"
    # updatedAt changed too, but it is volatile: the diff holds only what the person changed.
    assert await tracker.diff() == {
        "issues.WEB-10.status": {"op": "changed", "old": "todo", "new": "in-progress"}
    }


async def test_closed_sprint_issue_cannot_move(tracker: TrackerClient) -> None:
    r = await tracker.post("/issues/WEB-4/transition", {"to": "in-progress"})
    assert r.status_code == 400 and "closed" in r.text
    r = await tracker.post("/issues/WEB-4/sprint", {"sprint": ""})
    assert r.status_code == 400
    assert await tracker.diff() == {}


async def test_inline_field_edits(tracker: TrackerClient) -> None:
    for data in (
        {"assignee": "u-grace"},
        {"priority": "highest"},
        {"labels": "Safari, checkout, layout"},
        {"storyPoints": "3"},
        {"title": "  Place order button overlaps terms on Safari 17 "},
        {"description": "Only below 400px.\n\nSee screenshot."},
        {"type": "task"},
        {"parent": "WEB-1"},
        {"reporter": "u-theo"},
    ):
        r = await tracker.post("/issues/WEB-9/edit", {**data, "next": "/issues/WEB-9"})
        assert r.status_code == 303, r.text
    diff = await tracker.diff()
    assert diff == {
        "issues.WEB-9.assignee": {"op": "changed", "old": "u-devon", "new": "u-grace"},
        "issues.WEB-9.priority": {"op": "changed", "old": "medium", "new": "highest"},
        "issues.WEB-9.labels": {
            "op": "changed",
            "old": ["checkout", "safari"],
            "new": ["checkout", "layout", "safari"],
        },
        "issues.WEB-9.storyPoints": {"op": "changed", "old": 2, "new": 3},
        "issues.WEB-9.title": {
            "op": "changed",
            "old": "Checkout button misaligned on Safari 17",
            "new": "Place order button overlaps terms on Safari 17",
        },
        "issues.WEB-9.description": {
            "op": "changed",
            "old": "The Place order button overlaps the terms text on Safari 17 at widths below "
            "400px.",
            "new": "Only below 400px.\n\nSee screenshot.",
        },
        "issues.WEB-9.type": {"op": "changed", "old": "bug", "new": "task"},
        "issues.WEB-9.parent": {"op": "changed", "old": None, "new": "WEB-1"},
        "issues.WEB-9.reporter": {"op": "changed", "old": "u-grace", "new": "u-theo"},
    }


async def test_unassign_and_bad_input(tracker: TrackerClient) -> None:
    assert (await tracker.post("/issues/WEB-9/edit", {"assignee": ""})).status_code == 303
    assert changed(await tracker.diff(), "issues.WEB-9.assignee") == ("u-devon", None)
    r = await tracker.post("/issues/WEB-9/edit", {"storyPoints": "many"})
    assert r.status_code == 400 and "whole number" in r.text
    r = await tracker.post("/issues/WEB-9/edit", {"parent": "WEB-8"})
    assert r.status_code == 400
    assert len(await tracker.diff()) == 1


async def test_comments_add_edit_delete(tracker: TrackerClient) -> None:
    r = await tracker.post("/issues/WEB-9/comments", {"body": "Reviewed, one nit."})
    assert r.status_code == 303 and r.headers["location"].endswith("/issues/WEB-9#comment-cm-0018")
    old, new = changed(await tracker.diff(), "issues.WEB-9.comments")
    assert new[:-1] == old
    assert new[-1]["author"] == ME and new[-1]["body"] == "Reviewed, one nit."
    await tracker.post("/issues/WEB-9/comments/cm-0018/edit", {"body": "Reviewed, LGTM."})
    cur = await tracker.current()
    assert cur["issues"]["WEB-9"]["comments"][-1]["editedAt"] is not None
    r = await tracker.post("/issues/WEB-9/comments/cm-0006/edit", {"body": "not mine"})
    assert r.status_code == 400 and "own comments" in r.text
    await tracker.post("/issues/WEB-9/comments/cm-0018/delete")
    assert await tracker.diff() == {}


async def test_create_issue_from_the_modal(tracker: TrackerClient) -> None:
    form = {
        "project": "WEB",
        "type": "bug",
        "title": "Coupon banner covers the cart total",
        "description": "On mobile widths.",
        "priority": "high",
        "assignee": "u-devon",
        "labels": "cart, mobile",
        "storyPoints": "2",
        "sprint": "spr-web-23",
        "parent": "",
    }
    r = await tracker.post("/issues/new", form)
    assert (
        r.status_code == 303 and r.headers["location"] == "/issue-tracker/issues/WEB-27?created=1"
    )
    diff = await tracker.diff()
    assert set(diff) == {"issues.WEB-27", "projects.WEB.nextIssueNumber"}
    new = diff["issues.WEB-27"]["new"]
    assert diff["issues.WEB-27"]["op"] == "added" and "updatedAt" not in new  # masked
    assert new["title"] == "Coupon banner covers the cart total" and new["status"] == "todo"
    assert new["labels"] == ["cart", "mobile"] and new["sprint"] == "spr-web-23"
    assert new["reporter"] == ME and new["assignee"] == "u-devon" and new["storyPoints"] == 2
    page = await tracker.get("/issues/WEB-27?created=1")
    assert "Created WEB-27" in page.text


async def test_create_subtask_and_refusals(tracker: TrackerClient) -> None:
    r = await tracker.post(
        "/issues/new",
        {"project": "WEB", "type": "subtask", "title": "Write test", "parent": "WEB-12"},
    )
    assert r.status_code == 303
    cur = await tracker.current()
    assert cur["issues"]["WEB-27"]["sprint"] == "spr-web-23"  # the parent's sprint
    r = await tracker.post("/issues/new", {"project": "WEB", "title": "", "type": "task"})
    assert r.status_code == 400 and 'data-testid="form-error"' in r.text
    r = await tracker.post("/issues/new", {"project": "WEB", "title": "x", "sprint": "spr-web-22"})
    assert r.status_code == 400 and "closed" in r.text


async def test_delete_issue_with_its_subtasks(tracker: TrackerClient) -> None:
    r = await tracker.post("/issues/WEB-10/delete")
    assert r.status_code == 303 and r.headers["location"].endswith("/projects/WEB/backlog")
    diff = await tracker.diff()
    assert {k: v["op"] for k, v in diff.items()} == {
        "issues.WEB-10": "removed",
        "issues.WEB-11": "removed",
    }


async def test_backlog_planning_and_rank(tracker: TrackerClient) -> None:
    await tracker.post("/issues/WEB-25/sprint", {"sprint": "spr-web-24"})
    await tracker.post("/issues/WEB-19/sprint", {"sprint": ""})
    await tracker.post("/issues/WEB-22/rank", {"where": "top", "next": "/projects/WEB/backlog"})
    diff = await tracker.diff()
    assert set(diff) == {"issues.WEB-25.sprint", "issues.WEB-19.sprint", "issues.WEB-22.rank"}
    assert diff["issues.WEB-25.sprint"]["new"] == "spr-web-24"
    assert diff["issues.WEB-19.sprint"]["new"] is None
    page = (await tracker.get("/projects/WEB/backlog")).text
    backlog = page.split('id="backlog"', 1)[1]
    assert backlog.index('data-key="WEB-22"') < backlog.index('data-key="WEB-20"')
    r = await tracker.post("/issues/WEB-20/sprint", {"sprint": "spr-mob-13"})
    assert r.status_code == 400


async def test_sprint_lifecycle_through_the_ui(tracker: TrackerClient) -> None:
    r = await tracker.post(
        "/sprints/spr-web-24/start", {"startDate": "2025-03-17", "endDate": "2025-03-28"}
    )
    assert r.status_code == 400 and "still active" in r.text
    r = await tracker.post("/sprints/spr-web-23/complete", {"moveTo": "spr-web-24"})
    assert r.status_code == 303 and r.headers["location"].endswith("/projects/WEB/sprints")
    r = await tracker.post(
        "/sprints/spr-web-24/edit",
        {
            "name": "WEB Sprint 24",
            "goal": "Cards",
            "startDate": "2025-03-17",
            "endDate": "2025-03-28",
        },
    )
    r = await tracker.post(
        "/sprints/spr-web-24/start",
        {"startDate": "2025-03-17", "endDate": "2025-03-28", "goal": "Cards"},
    )
    assert r.status_code == 303 and r.headers["location"].endswith("/projects/WEB/board")
    r = await tracker.post("/projects/WEB/sprints/new")
    assert r.status_code == 303
    await tracker.post("/sprints/spr-web-25/delete")
    diff = await tracker.diff()
    assert diff["sprints.spr-web-23.state"]["new"] == "closed"
    assert diff["sprints.spr-web-24.state"]["new"] == "active"
    assert diff["sprints.spr-web-24.goal"]["new"] == "Cards"
    assert diff["issues.WEB-16.sprint"] == {
        "op": "changed",
        "old": "spr-web-23",
        "new": "spr-web-24",
    }
    assert "issues.WEB-14.sprint" not in diff  # done work stays in the closed sprint
    assert "sprints.spr-web-25" not in diff
    r = await tracker.post("/sprints/spr-web-23/edit", {"name": "Renamed", "goal": ""})
    assert r.status_code == 400 and "closed" in r.text


async def test_project_settings(tracker: TrackerClient) -> None:
    form = {
        "name": "Platform & Reliability",
        "description": "Infra.",
        "lead": "u-theo",
        "defaultAssignee": "lead",
    }
    r = await tracker.post("/projects/OPS/settings", form)
    assert r.status_code == 303 and r.headers["location"].endswith("/projects/OPS/settings?saved=1")
    assert set(await tracker.diff()) == {
        "projects.OPS.name",
        "projects.OPS.description",
        "projects.OPS.lead",
        "projects.OPS.defaultAssignee",
    }
    r = await tracker.post("/projects/OPS/settings", {**form, "name": "Storefront Web"})
    assert r.status_code == 400 and "already called" in r.text


async def test_visits_and_views_change_nothing(tracker: TrackerClient) -> None:
    for path in (
        "/",
        "/projects",
        "/projects/WEB/board?assignee=u-devon&type=bug&q=cart",
        "/projects/WEB/backlog",
        "/projects/WEB/sprints",
        "/projects/WEB/epics",
        "/projects/WEB/settings",
        "/issues?jql=assignee%20%3D%20me%20ORDER%20BY%20priority",
        "/issues?project=MOB&type=bug&sort=priority%20DESC",
        "/issues/WEB-8",
        "/issues/WEB-8?edit=title",
        "/issues/new?project=OPS",
        "/people",
        "/people/u-priya",
    ):
        r = await tracker.get(path, follow_redirects=True)
        assert r.status_code == 200, path
    assert await tracker.diff() == {}
    ui = (await tracker.current())["ui"]
    assert ui["recentIssues"] == ["WEB-8"] and ui["lastProject"] == "WEB"


async def test_post_without_a_session_is_refused() -> None:
    import httpx

    from cuagym.apps.issue_tracker import IssueTracker
    from cuagym.hub import Hub

    hub = Hub(apps=[IssueTracker()], token="x")
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        r = await client.post("/issue-tracker/issues/WEB-9/transition", data={"to": "done"})
        assert r.status_code == 400
