"""The kit's macros rendered on their own: the optional hooks apps use to keep their own test
ids and attributes, and that leaving them out keeps the default markup."""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, FileSystemLoader

from cuagym.apps.webkit import KIT_TEMPLATES
from cuagym.apps.webkit.tables import Column, table_view

ENV = Environment(loader=FileSystemLoader(KIT_TEMPLATES), autoescape=True)
HEAD = (
    '{% import "kit/ui.html" as ui with context %}'
    '{% import "kit/lists.html" as lists with context %}'
)


def render(body: str, **context: Any) -> str:
    return ENV.from_string(HEAD + body).render(base="/app", **context)


def test_a_page_header_shows_an_eyebrow_above_its_h1_only_when_given() -> None:
    plain = render('{{ ui.page_header("Leads") }}')
    assert "kit-eyebrow" not in plain and '<h1 data-testid="page-title">Leads</h1>' in plain
    marked = render('{{ ui.page_header("Acme", testid="record-title", eyebrow="Account") }}')
    assert marked.index('<div class="kit-eyebrow">Account</div>') < marked.index("<h1")


def test_a_field_takes_extra_attributes_and_a_unit() -> None:
    plain = render('{{ ui.field("amount", "Amount", "12") }}')
    assert "kit-affix" not in plain and 'name="amount"' in plain
    attrs = '{"maxlength": 80, "autofocus": true, "pattern": none, "disabled": false}'
    money = render('{{ ui.field("amount", "Amount", "12", prefix="$", attrs=' + attrs + ") }}")
    assert '<div class="kit-affix"><span>$</span><input type="text"' in money
    assert 'maxlength="80" autofocus value="12"' in money
    assert "pattern" not in money and "disabled" not in money
    share = render('{{ ui.field("share", "Share", "5", suffix="%") }}')
    assert 'value="5"><span>%</span></div>' in share


ROWS = [{"id": "r1", "name": "One"}, {"id": "r2", "name": "Two"}]


def test_a_table_names_its_rows_and_empty_state_as_asked() -> None:
    view = table_view(ROWS, {}, [Column("name", "Name")])
    body = "{% call(r) lists.table(view@) %}<td>{{ r.name }}</td>{% endcall %}"
    plain = render(body.replace("@", ""), view=view)
    assert plain.count('<tr data-testid="table-row" data-key="r') == 2
    own = render(body.replace("@", ', row_testid="record-row", key_attr="data-id"'), view=view)
    assert '<tr data-testid="record-row" data-id="r1">' in own
    empty = table_view([], {}, [Column("name", "Name")])
    assert 'data-testid="table-empty"' in render(body.replace("@", ""), view=empty)
    asked = ', empty_title="No leads.", empty_text=none, empty_testid="empty-list"'
    shown = render(body.replace("@", asked), view=empty)
    assert 'data-testid="empty-list"' in shown and "<h2>No leads.</h2>" in shown
    assert "Try another search" not in shown


def test_a_board_keeps_an_apps_test_ids_and_a_columns_meta() -> None:
    columns = [("todo", "To do", ROWS[:1]), ("done", "Done", ROWS[1:], "1 · $5k")]
    body = (
        "{% macro url(c) %}/app/{{ c.id }}{% endmacro %}"
        '{% call(c) lists.board(columns, url, "value"{}) %}{{ c.name }}{% endcall %}'
    )
    plain = render(body.replace("{}", ""), columns=columns)
    assert 'data-testid="column-todo"' in plain and 'data-testid="card" data-key="r1"' in plain
    assert (
        'data-testid="move-to-done"' in plain and '<span class="kit-count">1 · $5k</span>' in plain
    )
    hooks = (
        ', card_testid="deal-card", column_testid="column", move_testid="move-to",'
        ' key_attr="data-id", column_attr="data-stage"'
    )
    own = render(body.replace("{}", hooks), columns=columns)
    assert 'data-testid="column" data-stage="done"' in own
    assert 'data-testid="deal-card" data-id="r1"' in own
    assert 'name="value" value="done" data-testid="move-to" data-stage="done"' in own
    assert "column-todo" not in own and "move-to-done" not in own
