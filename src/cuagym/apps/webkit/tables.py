"""The server side of a list screen: filter, search, sort and paginate rows from query params.

A screen hands its rows (mappings or objects) and ``request.query_params`` to
:func:`table_view`; the ``kit/table.html`` macros render the result, and every header, filter
and page link is a plain GET link (``?sort=name&desc=1&page=2``), so the list works without JS.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar
from urllib.parse import urlencode

__all__ = ["Column", "TableView", "cell", "table_view"]

Row = TypeVar("Row")

#: the query params a table owns; any other param (a view, a tab) is kept in its links
SORT, DESC, PAGE, SEARCH = "sort", "desc", "page", "q"


@dataclass(frozen=True)
class Column:
    """One column: the row key it shows, its header, whether it sorts, right-aligned numbers."""

    key: str
    label: str
    sortable: bool = True
    numeric: bool = False


def cell(row: Any, key: str) -> Any:
    """A row's value under ``key`` (a mapping's item or an object's attribute; None if absent)."""
    if isinstance(row, Mapping):
        return row.get(key)
    return getattr(row, key, None)


def _sort_key(value: Any) -> tuple[int, Any]:
    # None sorts last; numbers by value; anything else as case-folded text.
    if value is None or value == "":
        return (2, "")
    if isinstance(value, bool):
        return (0, int(value))
    if isinstance(value, int | float):
        return (0, value)
    return (1, str(value).casefold())


def _positive(raw: str | None, default: int) -> int:
    try:
        value = int(raw or "")
    except ValueError:
        return default
    return value if value >= 1 else default


@dataclass(frozen=True)
class TableView(Generic[Row]):
    """One page of a filtered, sorted list, and the links to any other page or order."""

    rows: list[Row]
    columns: tuple[Column, ...]
    total: int
    page: int
    pages: int
    per_page: int
    sort: str | None
    desc: bool
    search: str
    filters: dict[str, str]
    params: dict[str, str] = field(default_factory=dict)

    @property
    def first(self) -> int:
        """1-based index of the first row on this page (0 when there are none)."""
        return (self.page - 1) * self.per_page + 1 if self.total else 0

    @property
    def last(self) -> int:
        return self.first + len(self.rows) - 1 if self.rows else 0

    def href(self, **changes: str | int | None) -> str:
        """``?...`` for this view with ``changes`` (None drops a param)."""
        merged: dict[str, str] = dict(self.params)
        for key, value in changes.items():
            if value is None or value == "":
                merged.pop(key, None)
            else:
                merged[key] = str(value)
        return "?" + urlencode(merged) if merged else "?"

    def sort_href(self, key: str) -> str:
        """Sort by ``key``; again on the sorted column reverses it. Back to page 1."""
        desc = "1" if key == self.sort and not self.desc else None
        return self.href(**{SORT: key, DESC: desc, PAGE: None})

    def page_href(self, page: int) -> str:
        return self.href(**{PAGE: page if page > 1 else None})

    def aria_sort(self, key: str) -> str:
        if key != self.sort:
            return "none"
        return "descending" if self.desc else "ascending"


def table_view(
    rows: Sequence[Row],
    params: Mapping[str, str],
    columns: Sequence[Column],
    *,
    search: Sequence[str] = (),
    filters: Sequence[str] = (),
    per_page: int = 25,
    default_sort: str | None = None,
    value: Callable[[Row, str], Any] = cell,
    sort_key: Callable[[Row, str], Any] | None = None,
) -> TableView[Row]:
    """Filter ``rows`` by the ``filters`` params (exact match) and ``q`` (a case-insensitive
    substring of any ``search`` key), sort by ``sort`` (one of the sortable columns, ``desc=1``
    reverses) and cut page ``page`` of ``per_page``. Unknown or malformed params are ignored:
    a hand-edited URL shows the list, never an error. ``sort_key(row, column)`` orders rows
    where a column's own order is not its values' (stages in pipeline order, ids by name)."""
    sortable = {c.key for c in columns if c.sortable}
    chosen = {k: params[k] for k in filters if params.get(k)}
    needle = (params.get(SEARCH) or "").strip()
    kept = [
        row
        for row in rows
        if all(str(value(row, k)) == v for k, v in chosen.items())
        and (
            not needle
            or any(needle.casefold() in str(value(row, k) or "").casefold() for k in search)
        )
    ]
    sort = params.get(SORT) or default_sort
    sort = sort if sort in sortable else None
    desc = params.get(DESC) == "1"
    if sort is not None:
        by = sort
        order = sort_key or (lambda row, key: _sort_key(value(row, key)))
        kept.sort(key=lambda row: order(row, by), reverse=desc)
    pages = max(1, -(-len(kept) // per_page))
    page = min(_positive(params.get(PAGE), 1), pages)
    own = {SORT, DESC, PAGE, SEARCH, *filters}
    current = {k: v for k, v in params.items() if v and (k not in own or k in chosen)}
    current.update(
        {k: v for k, v in ((SORT, sort), (DESC, "1" if desc else ""), (SEARCH, needle)) if v}
    )
    if page > 1:
        current[PAGE] = str(page)
    return TableView(
        rows=kept[(page - 1) * per_page : page * per_page],
        columns=tuple(columns),
        total=len(kept),
        page=page,
        pages=pages,
        per_page=per_page,
        sort=sort,
        desc=desc,
        search=needle,
        filters=chosen,
        params=current,
    )
