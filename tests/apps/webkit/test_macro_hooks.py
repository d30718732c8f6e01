"""The kit macros' optional hooks the apps use to keep their own test ids and attributes (a
toast's test id, a table row's test id and key attribute, a field's maxlength and rows, a form
error banner's test id): each renders what it is given, and its default keeps the old output."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, FileSystemLoader

from cuagym.apps.webkit import KIT_TEMPLATES
from cuagym.apps.webkit.tables import Column, table_view

ENV = Environment(loader=FileSystemLoader(str(KIT_TEMPLATES)), autoescape=True)


def render(source: str, **context: Any) -> str:
    head = (
        '{% import "kit/ui.html" as ui with context %}'
        '{% import "kit/lists.html" as lists with context %}'
    )
    return ENV.from_string(head + source).render(base="/app", **context)


ROWS = [{"id": "a", "name": "Ana"}, {"id": "b", "name": "Ben"}]
COLUMNS = [Column("name", "Name")]
ROW_CELLS = "{% call(r) lists.table(view, **opts) %}<td>{{ r.name }}</td>{% endcall %}"


def test_a_table_row_takes_its_own_test_id_and_key_attribute() -> None:
    view = table_view(ROWS, {}, COLUMNS)
    opts = {
        "key": "name",
        "key_attr": "data-person",
        "row_testid": "person-row",
        "testid": "people",
    }
    html = render(ROW_CELLS, view=view, opts=opts)
    assert 'data-testid="person-row" data-person="Ana"' in html
    assert 'data-testid="people"' in html and "people-row" not in html


def test_a_table_keeps_its_default_row_markup() -> None:
    html = render(ROW_CELLS, view=table_view(ROWS, {}, COLUMNS), opts={"testid": "t"})
    assert 'data-testid="t-row" data-key="a"' in html


def test_an_empty_table_says_what_it_is_given_or_the_default() -> None:
    empty = table_view([], {}, COLUMNS)
    custom = {"empty_title": "No people yet", "empty_text": "Invite someone."}
    html = render(ROW_CELLS, view=empty, opts=custom)
    assert "No people yet" in html and "Invite someone." in html and "Nothing matches" not in html
    assert "Nothing matches" in render(ROW_CELLS, view=empty, opts={})


def test_a_field_takes_a_maxlength_and_a_textarea_its_rows() -> None:
    html = render('{{ ui.field("name", "Name", "x", maxlength=40) }}')
    assert 'maxlength="40"' in html
    html = render('{{ ui.field("body", "Text", kind="textarea", rows=12) }}')
    assert 'rows="12"' in html
    plain = render('{{ ui.field("body", "Text", kind="textarea") }}')
    assert 'rows="4"' in plain and "maxlength" not in plain


def test_a_toast_and_a_form_error_banner_take_a_test_id() -> None:
    assert 'data-testid="settings-saved"' in render('{{ ui.toasts("Saved", "settings-saved") }}')
    assert 'data-testid="toast"' in render('{{ ui.toasts("Saved") }}')
    errors = {"name": "Give it a name."}
    assert 'data-testid="form-error"' in render(
        "{{ ui.form_errors(e, testid='form-error') }}", e=errors
    )
    assert 'data-testid="form-errors"' in render("{{ ui.form_errors(e) }}", e=errors)
