"""The kit's Python helpers: tables (filter, search, sort, paginate), calendars, themes."""

from __future__ import annotations

from datetime import date

import pytest
from pydantic import ValidationError

from cuagym.apps.webkit import NEUTRAL_PALETTE, Theme
from cuagym.apps.webkit.calendar import month_grid, week_grid
from cuagym.apps.webkit.tables import Column, table_view
from cuagym.apps.webkit.theme import mix

ROWS = [
    {"id": "a", "name": "delta", "team": "red", "score": 3},
    {"id": "b", "name": "Alpha", "team": "blue", "score": 10},
    {"id": "c", "name": "charlie", "team": "red", "score": None},
    {"id": "d", "name": "bravo", "team": "blue", "score": 7},
    {"id": "e", "name": "echo", "team": "red", "score": 1},
]
COLUMNS = [Column("name", "Name"), Column("team", "Team"), Column("score", "Score", numeric=True)]


def ids(view: object) -> list[str]:
    return [r["id"] for r in view.rows]  # type: ignore[attr-defined]


def test_sort_is_case_insensitive_and_desc_reverses_with_blanks_last() -> None:
    assert ids(table_view(ROWS, {"sort": "name"}, COLUMNS)) == ["b", "d", "c", "a", "e"]
    assert ids(table_view(ROWS, {"sort": "score"}, COLUMNS)) == ["e", "a", "d", "b", "c"]
    assert ids(table_view(ROWS, {"sort": "score", "desc": "1"}, COLUMNS))[0] == "c"


def test_an_unknown_or_unsortable_column_keeps_the_given_order() -> None:
    cols = [Column("name", "Name", sortable=False)]
    assert ids(table_view(ROWS, {"sort": "name"}, cols)) == ["a", "b", "c", "d", "e"]
    assert ids(table_view(ROWS, {"sort": "id; drop"}, COLUMNS)) == ["a", "b", "c", "d", "e"]


def test_filters_match_exactly_and_search_is_a_substring_of_the_search_keys() -> None:
    view = table_view(
        ROWS, {"team": "red", "q": "ECH"}, COLUMNS, search=("name",), filters=("team",)
    )
    assert ids(view) == ["e"] and view.filters == {"team": "red"} and view.search == "ECH"
    # a param that is not a declared filter filters nothing
    assert len(table_view(ROWS, {"team": "red"}, COLUMNS).rows) == 5


def test_pages_are_cut_and_clamped_and_links_keep_the_other_params() -> None:
    view = table_view(ROWS, {"page": "2", "sort": "name", "tab": "x"}, COLUMNS, per_page=2)
    assert ids(view) == ["c", "a"] and (view.page, view.pages, view.first, view.last) == (
        2,
        3,
        3,
        4,
    )
    assert view.page_href(3) == "?tab=x&sort=name&page=3"
    assert view.page_href(1) == "?tab=x&sort=name"
    assert table_view(ROWS, {"page": "99"}, COLUMNS, per_page=2).page == 3
    assert table_view(ROWS, {"page": "-1"}, COLUMNS, per_page=2).page == 1
    assert table_view(ROWS, {"page": "x"}, COLUMNS, per_page=2).page == 1


def test_sort_links_toggle_the_direction_and_go_back_to_page_one() -> None:
    view = table_view(ROWS, {"sort": "name", "page": "2"}, COLUMNS, per_page=2)
    assert view.sort_href("name") == "?sort=name&desc=1"
    assert view.sort_href("team") == "?sort=team"
    assert view.aria_sort("name") == "ascending" and view.aria_sort("team") == "none"
    desc = table_view(ROWS, {"sort": "name", "desc": "1"}, COLUMNS)
    assert desc.sort_href("name") == "?sort=name" and desc.aria_sort("name") == "descending"


def test_objects_are_rows_too() -> None:
    class Row:
        def __init__(self, name: str) -> None:
            self.name = name

    view = table_view([Row("b"), Row("a")], {"sort": "name"}, COLUMNS)
    assert [r.name for r in view.rows] == ["a", "b"]


def test_a_month_grid_covers_whole_weeks_and_files_events_under_their_day() -> None:
    events = [{"id": "x", "date": "2025-03-05"}, {"id": "y", "date": "2025-03-05T10:00:00Z"}]
    grid = month_grid(2025, 3, events)
    days = [d for week in grid.weeks for d in week]
    assert days[0].day == date(2025, 2, 24) and not days[0].in_range
    assert len(days) % 7 == 0 and days[-1].day == date(2025, 4, 6)
    assert [e["id"] for e in next(d for d in days if d.iso == "2025-03-05").events] == ["x", "y"]
    assert (
        grid.title == "March 2025"
        and grid.previous == date(2025, 2, 1)
        and grid.next == date(2025, 4, 1)
    )
    assert grid.weekdays[0] == "Mon"


def test_a_week_grid_runs_monday_to_sunday() -> None:
    grid = week_grid(date(2025, 3, 5), [{"date": "2025-03-09"}])
    assert [d.day.day for d in grid.weeks[0]] == [3, 4, 5, 6, 7, 8, 9]
    assert grid.weeks[0][6].events and grid.previous == date(2025, 2, 24)


def test_a_theme_renders_its_accent_and_variants_as_css_properties() -> None:
    theme = Theme(accent="plum", nav="side", density="compact", radius="round")
    css = theme.css()
    assert css.startswith(":root{") and f"--kit-accent:{NEUTRAL_PALETTE['plum']};" in css
    assert "--kit-radius:12px;" in css and "--kit-row:30px;" in css
    assert theme.body_class == "kit-nav-side kit-compact kit-surface-tinted kit-header-dark"
    assert Theme().css() != css


def test_a_theme_refuses_a_colour_outside_the_palette() -> None:
    with pytest.raises(ValidationError, match="accent must be one of"):
        Theme(accent="#ff0000")
    with pytest.raises(ValidationError):
        Theme(nav="bottom")  # type: ignore[arg-type]


def test_mix_moves_a_colour_towards_another() -> None:
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#336699", "#336699", 0.3) == "#336699"
    assert mix("#ff0000", "#000000", 0.0) == "#ff0000"


def test_a_sort_key_orders_a_column_its_own_way() -> None:
    rank = {"red": 0, "blue": 1}
    view = table_view(ROWS, {"sort": "team"}, COLUMNS, sort_key=lambda r, k: (rank[r[k]], r["id"]))
    assert ids(view) == ["a", "c", "e", "b", "d"]
    assert ids(
        table_view(ROWS, {"sort": "team", "desc": "1"}, COLUMNS, sort_key=lambda r, k: rank[r[k]])
    )[:2] == ["b", "d"]
