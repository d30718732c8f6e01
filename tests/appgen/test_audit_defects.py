"""Each seeded defect is caught, and its clean twin is not flagged (DESIGN.md §12)."""

from __future__ import annotations

import pytest

from cuagym.appgen import AuditRecord

pytestmark = pytest.mark.browser


def _dead(record: AuditRecord, route: str, label: str) -> bool:
    return any(d.route == route and f'"{label}"' in d.control for d in record.report.dead)


def _errors(record: AuditRecord, kind: str, route: str | None = None) -> list[str]:
    return [
        e.detail
        for e in record.report.errors
        if e.kind == kind and (route is None or e.route == route)
    ]


def test_the_clean_twin_is_ok(clean_audit: AuditRecord) -> None:
    report = clean_audit.report
    assert report.ok, (report.dead, report.errors)
    # /, /about, /notes/{nid} (reached through a link), /people/{uid}: linked only from the
    # second note's page (a teammate's note), not from the first's
    assert report.routes == 4
    assert clean_audit.unvisited == []
    # the button reveals a panel; its link is probed after replaying the button
    revealed = [c for r in clean_audit.routes for c in r.controls if c.openers]
    assert [c.control.split(" (")[0] for c in revealed] == ['link "Read more"']


def test_a_button_with_no_handler_is_dead(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    assert _dead(defect_audit, "/", "Show help")
    assert not _dead(clean_audit, "/", "Show help")


def test_a_link_to_hash_is_dead(defect_audit: AuditRecord, clean_audit: AuditRecord) -> None:
    assert _dead(defect_audit, "/", "More")
    assert not _dead(clean_audit, "/", "More")


def test_a_link_to_a_missing_route_is_an_http_error(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    found = _errors(defect_audit, "http_status", "/")
    assert "link 'Archive' → /archive-nowhere answered 404" in found
    assert not any("Archive" in d for d in _errors(clean_audit, "http_status"))


def test_a_route_answering_500_is_an_http_error(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    assert _errors(defect_audit, "http_status", "/about") == ["GET /about answered 500"]
    assert "link 'About' → /about answered 500" in _errors(defect_audit, "http_status", "/")
    assert _errors(clean_audit, "http_status") == []


def test_a_form_whose_submit_changes_nothing_is_dead(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    # the rename form is prefilled: the audit edits a field so that saving has something to do
    assert _dead(defect_audit, "/", "Rename")
    assert not _dead(clean_audit, "/", "Rename")


def test_a_page_without_h1(defect_audit: AuditRecord, clean_audit: AuditRecord) -> None:
    assert _errors(defect_audit, "missing_h1") == ["no <h1> on /notes/n-1"]
    assert _errors(clean_audit, "missing_h1") == []


def test_a_tab_group_without_active_markup(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    assert len(_errors(defect_audit, "tab_without_active", "/")) == 1
    # Regression (crm's search page): a note's page is none of the tab bar's pages, so no
    # tab is active there, rightly; only a page a tab links to must mark that tab.
    assert _errors(defect_audit, "tab_without_active", "/notes/{nid}") == []
    assert _errors(clean_audit, "tab_without_active") == []


def test_a_field_labelled_only_by_its_placeholder(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    (found,) = _errors(defect_audit, "unlabelled_field", "/")
    assert "(name=q)" in found
    assert _errors(clean_audit, "unlabelled_field") == []


def test_a_page_script_that_throws(defect_audit: AuditRecord, clean_audit: AuditRecord) -> None:
    found = _errors(defect_audit, "page_error", "/")
    assert found == ["on load: Cannot read properties of undefined (reading 'start')"]
    assert _errors(clean_audit, "page_error") == []


def test_a_declared_invariant_that_is_not_enforced(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    assert _errors(defect_audit, "invariant_not_enforced") == [
        "broken state 'note by an unknown author': stored (200), not refused with 422"
    ]
    assert _errors(clean_audit, "invariant_not_enforced") == []
    assert any(c.name.startswith("broken state") and c.ok for c in clean_audit.api)


def test_a_session_leak(leak_audit: AuditRecord, clean_audit: AuditRecord) -> None:
    (found,) = _errors(leak_audit, "session_isolation")
    assert "this session's page must not change when another session acts with" in found
    assert 'submit "Add note"' in found
    assert _errors(clean_audit, "session_isolation") == []
    assert any(c.name == "browser sessions: page" and c.ok for c in clean_audit.api)


def test_no_false_positives_on_self_links_and_current_choices(clean_audit: AuditRecord) -> None:
    """Regression: a tab linking to the page it is on reloads it and changes nothing; that
    is not a dead control (the audit first flagged mail's sidebar this way)."""
    home = next(r for r in clean_audit.routes if r.pattern == "/")
    notes_tab = next(c for c in home.controls if c.control.startswith('link "Notes"'))
    assert notes_tab.outcome.excused and not notes_tab.outcome.dead
    assert not any(c.outcome.dead for r in clean_audit.routes for c in r.controls)


def test_a_select_that_submits_its_form_on_change_is_probed_itself(
    clean_audit: AuditRecord,
) -> None:
    """Regression (issue-tracker's filters): a form without a submit button is submitted by
    its select; submitting it unchanged did nothing and was flagged dead."""
    home = next(r for r in clean_audit.routes if r.pattern == "/")
    (order,) = [c for c in home.controls if c.control.startswith('select "')]
    assert order.outcome.url_changed and order.outcome.landed == "/?order=new"


def test_the_audit_is_deterministic(clean_audit: AuditRecord) -> None:
    """Same controls, same keys, in the same order as a second run."""
    import asyncio

    from cuagym.appgen import audit_record
    from tests.appgen.defect_app import DefectApp

    again, _ = asyncio.run(audit_record(DefectApp()))
    assert again.report == clean_audit.report
    keys = [[c.key for c in r.controls] for r in clean_audit.routes]
    assert [[c.key for c in r.controls] for r in again.routes] == keys


def test_a_control_on_every_route_is_probed_once(clean_audit: AuditRecord) -> None:
    """The shared layout's "Site menu" button, alike on all four routes, is probed on the
    first route only; the others record it as the same as that route's."""
    probed = [
        (r.pattern, c)
        for r in clean_audit.routes
        for c in r.controls
        if c.control.startswith('button "Site menu"')
    ]
    assert [pattern for pattern, _ in probed] == ["/"]
    assert not probed[0][1].outcome.dead
    shared = {
        r.pattern: s.same_as
        for r in clean_audit.routes
        for s in r.shared
        if s.control.startswith('button "Site menu"')
    }
    assert shared == {"/about": "/", "/notes/{nid}": "/", "/people/{uid}": "/"}


def test_a_shared_looking_control_dead_on_one_route_only(
    defect_audit: AuditRecord, clean_audit: AuditRecord
) -> None:
    """Negative twin: "Pin this page" looks the same on every route, but its form's hidden
    field carries the page; it does nothing on a note's page only, and is caught there."""
    assert _dead(defect_audit, "/notes/{nid}", "Pin this page")
    assert not _dead(defect_audit, "/", "Pin this page")
    pins = [r.pattern for r in clean_audit.routes for c in r.controls if "Pin this" in c.control]
    assert sorted(pins) == ["/", "/about", "/notes/{nid}", "/people/{uid}"]  # one per route
    assert not _dead(clean_audit, "/notes/{nid}", "Pin this page")
