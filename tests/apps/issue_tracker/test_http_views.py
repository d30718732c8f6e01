"""Screens: render any valid state (not just the seed), and explain bad input."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.apps.issue_tracker.conftest import TrackerClient


def issue(key: str, status: str, **kw: Any) -> dict[str, Any]:
    return {
        "key": key,
        "project": "ZEP",
        "type": kw.pop("type", "task"),
        "title": kw.pop("title", f"Injected {key}"),
        "status": status,
        "reporter": "u-ada",
        "rank": int(key.split("-")[1]) * 10,
        "createdAt": "2031-01-05T09:00:00Z",
        "updatedAt": "2031-01-06T09:00:00Z",
        **kw,
    }


CUSTOM: dict[str, Any] = {
    "site": {"name": "Zephyr Rail"},
    "currentUser": "u-ada",
    "users": {
        "u-ada": {"id": "u-ada", "name": "ada", "displayName": "Ada Quill", "title": "Lead"},
        "u-bo": {
            "id": "u-bo",
            "name": "bo",
            "displayName": "Bo Lindgren",
            "avatarColor": "#123456",
        },
    },
    "workflow": {
        "statuses": [
            {"id": "open", "name": "Open", "category": "todo"},
            {"id": "doing", "name": "Doing", "category": "inprogress"},
            {"id": "qa", "name": "Testing", "category": "inprogress"},
            {"id": "shipped", "name": "Shipped", "category": "done"},
        ],
        "transitions": {"open": ["doing"], "doing": ["qa", "open"], "qa": ["shipped", "doing"]},
        "initialStatus": "open",
    },
    "projects": {
        "ZEP": {"key": "ZEP", "name": "Zephyr Timetables", "lead": "u-bo", "nextIssueNumber": 9}
    },
    "sprints": {
        "z1": {
            "id": "z1",
            "project": "ZEP",
            "name": "Timetable push",
            "state": "active",
            "startDate": "2031-01-06",
            "endDate": "2031-01-17",
            "goal": "Winter timetable",
        },
        "z2": {"id": "z2", "project": "ZEP", "name": "Next up"},
    },
    "issues": {
        "ZEP-1": issue(
            "ZEP-1",
            "open",
            sprint="z1",
            title="Injected <b>bold</b> title",
            assignee="u-bo",
            labels=["rail"],
        ),
        "ZEP-2": issue("ZEP-2", "qa", sprint="z1", type="bug", priority="highest"),
        "ZEP-3": issue("ZEP-3", "shipped", sprint="z1", type="story", storyPoints=5),
        "ZEP-4": issue("ZEP-4", "open", type="epic", title="Winter timetable epic"),
        "ZEP-5": issue("ZEP-5", "open", parent="ZEP-4", title="Backlog item in the epic"),
    },
}


@pytest.fixture
async def custom(tracker: TrackerClient) -> TrackerClient:
    r = await tracker.inject(CUSTOM)
    assert r.status_code == 200, r.text
    return tracker


async def test_board_columns_follow_the_injected_workflow(custom: TrackerClient) -> None:
    page = (await custom.get("/projects/ZEP/board")).text
    assert re.findall(r'data-testid="column" data-status="([^"]+)"', page) == [
        "open",
        "doing",
        "qa",
        "shipped",
    ]
    assert "Timetable push" in page and "Winter timetable" in page
    assert "Injected &lt;b&gt;bold&lt;/b&gt; title" in page and "<b>bold</b>" not in page
    # A card in "Testing" offers exactly the graph's moves.
    card = page.split('data-key="ZEP-2"', 1)[1].split("</article>", 1)[0]
    assert 'data-allowed="doing shipped"' in card
    assert re.findall(r'data-testid="move-to-([a-z]+)"', card) == ["doing", "shipped"]
    assert 'data-key="ZEP-4"' not in page  # epics are not cards


async def test_other_screens_render_the_injected_state(custom: TrackerClient) -> None:
    backlog = (await custom.get("/projects/ZEP/backlog")).text
    assert "Next up" in backlog and "Backlog item in the epic" in backlog
    assert "Winter timetable epic" in backlog  # the epic chip of ZEP-5
    detail = (await custom.get("/issues/ZEP-2")).text
    assert re.findall(r'data-testid="transition-([a-z]+)"', detail) == ["doing", "shipped"]
    assert "Testing" in detail
    settings = (await custom.get("/projects/ZEP/settings")).text
    assert "Zephyr Timetables" in settings and 'data-status="qa"' in settings
    people = (await custom.get("/people")).text
    assert "Bo Lindgren" in people and "leads ZEP" in people
    search = (await custom.get("/issues?jql=status%20%3D%20Testing")).text
    assert re.findall(r'data-testid="result-row" data-key="([^"]+)"', search) == ["ZEP-2"]
    assert "Zephyr Rail" in (await custom.get("/projects")).text
    epics = (await custom.get("/projects/ZEP/epics")).text
    assert "0 of 1 issues done" in epics
    assert await custom.diff() == {}


async def test_no_active_sprint_shows_an_empty_board(tracker: TrackerClient) -> None:
    state = {**CUSTOM, "sprints": {**CUSTOM["sprints"]}}
    state["sprints"]["z1"] = {
        **CUSTOM["sprints"]["z1"],
        "state": "closed",
        "completedDate": "2031-01-17",
    }
    state["issues"] = {k: v for k, v in CUSTOM["issues"].items() if k not in ("ZEP-1", "ZEP-2")}
    assert (await tracker.inject(state)).status_code == 200
    page = (await tracker.get("/projects/ZEP/board")).text
    assert 'data-testid="no-active-sprint"' in page
    detail = (await tracker.get("/issues/ZEP-3")).text
    assert 'data-testid="no-transitions"' in detail and "closed sprint" in detail


@pytest.mark.parametrize(
    "path", ["/issues/WEB-999", "/projects/NOPE/board", "/projects/NOPE/backlog", "/people/u-x"]
)
async def test_unknown_things_are_404(tracker: TrackerClient, path: str) -> None:
    r = await tracker.get(path)
    assert r.status_code == 404 and 'data-testid="error-page"' in r.text


async def test_search_explains_a_bad_query(tracker: TrackerClient) -> None:
    r = await tracker.get("/issues?jql=priority%20%3D%20urgent")
    assert r.status_code == 200 and 'data-testid="jql-error"' in r.text and "urgent" in r.text
    basic = (await tracker.get("/issues?project=WEB&type=bug&assignee=empty")).text
    assert "project = WEB AND type = bug AND assignee = empty" in basic
    keys = re.findall(r'data-testid="result-row" data-key="([^"]+)"', basic)
    assert keys == ["WEB-19", "WEB-21", "WEB-24"]


async def test_board_filters_hide_cards(tracker: TrackerClient) -> None:
    page = (await tracker.get("/projects/WEB/board?assignee=u-hana")).text
    assert set(re.findall(r'data-testid="card" data-key="([^"]+)"', page)) == {"WEB-13", "WEB-14"}
    mine = (await tracker.get("/projects/WEB/board?assignee=me")).text
    assert 'data-testid="card"' not in mine
