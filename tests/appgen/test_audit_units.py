"""The audit's pieces that need no browser: routes, links, keys, verdicts."""

from __future__ import annotations

from cuagym.appgen._audit_probe import handoff_of, navigation_error
from cuagym.appgen._audit_record import Control, ProbeOutcome
from cuagym.appgen._audit_routes import RouteTable, app_path
from cuagym.apps import load_app

ORIGIN = "http://127.0.0.1:9"


def test_links_map_to_the_route_starlette_would_pick() -> None:
    web = load_app("mail").web_app
    assert web is not None
    table = RouteTable.of(web.routes())
    assert table.pattern_of("/t/t-0001") == "/t/{tid}"
    assert table.pattern_of("/contacts/new") == "/contacts/new"  # not /contacts/{cid}
    assert table.pattern_of("/threads/act", "POST") == "/threads/act"
    assert table.pattern_of("/threads/act") is None  # POST only
    assert table.pattern_of("/static/app.css") is None
    assert table.pattern_of("/nowhere") is None
    assert "/" in table.direct and all("{" not in p for p in table.direct)


def test_app_path_keeps_only_the_apps_own_urls() -> None:
    assert app_path(f"{ORIGIN}/mail/t/1?x=2", ORIGIN, "/mail") == "/t/1?x=2"
    assert app_path(f"{ORIGIN}/mail", ORIGIN, "/mail") == "/"
    assert app_path(f"{ORIGIN}/mailbox/t/1", ORIGIN, "/mail") is None
    assert app_path("https://example.com/mail/t", ORIGIN, "/mail") is None
    assert app_path("mailto:a@b.c", ORIGIN, "/mail") is None


def _control(kind: str, label: str = "Go") -> Control:
    return Control(css="a", kind=kind, tag="a", label=label, raw_href="/x")


def test_a_navigation_to_an_error_status_is_an_error_except_a_refused_form() -> None:
    landed = ProbeOutcome(status=404, landed="/nowhere")
    assert navigation_error(_control("link", "X"), landed) == "link 'X' → /nowhere answered 404"
    assert navigation_error(_control("link"), ProbeOutcome(status=200)) is None
    refused = ProbeOutcome(status=422, landed="/labels")
    assert navigation_error(_control("submit"), refused) is None  # the made-up values
    crashed = ProbeOutcome(status=500, landed="/labels")
    assert navigation_error(_control("submit", "Save"), crashed) is not None


def test_dead_means_nothing_changed_and_nothing_excuses_it() -> None:
    assert ProbeOutcome().dead
    assert not ProbeOutcome(dom_changed=True).dead
    assert not ProbeOutcome(state_changed=True).dead
    assert not ProbeOutcome(side_effect="downloaded a.txt").dead
    assert not ProbeOutcome(excused="a link to the page it is on (reloads it)").dead
    assert not ProbeOutcome(failure="covered by another element").dead


def test_links_out_of_the_browser_are_not_probed() -> None:
    """Regression: team-chat's profile e-mail link (mailto:) changes nothing in the page, and
    was flagged dead; it hands off to a mail program, which no probe can see."""

    def link(href: str) -> Control:
        return Control(css="a", kind="link", tag="a", href=href, raw_href=href)

    assert handoff_of(link("mailto:a@b.example"), ORIGIN).startswith("hands off")
    assert handoff_of(link("tel:+15550100"), ORIGIN).startswith("hands off")
    assert (
        handoff_of(link("https://example.com/x"), ORIGIN) == "a link to another site (not followed)"
    )
    assert handoff_of(link(f"{ORIGIN}/mail/t/1"), ORIGIN) == ""
    assert handoff_of(link(f"{ORIGIN}/mail/t/1#top"), ORIGIN) == ""
    assert handoff_of(link("javascript:void(0)"), ORIGIN) == ""  # probed: usually dead


def test_an_app_that_cannot_be_served_is_one_load_failed_error() -> None:
    import asyncio

    import pytest

    from cuagym.appgen import AuditUnavailable, audit_record, check_browser
    from tests.appgen.defect_app import DefectApp

    try:
        check_browser()
    except AuditUnavailable as exc:
        pytest.skip(str(exc))

    class BadSeed(DefectApp):
        def seed(self) -> dict[str, object]:
            return {**super().seed(), "title": ""}  # Name80: at least one character

    record, shots = asyncio.run(audit_record(BadSeed()))
    assert not record.report.ok and shots == {}
    (error,) = record.report.errors
    assert error.kind == "load_failed" and "seed" in error.detail
