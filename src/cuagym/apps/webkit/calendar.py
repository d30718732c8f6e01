"""The server side of a calendar screen: month and week grids with each day's events.

Events are any rows with a date (``YYYY-MM-DD``, or a timestamp whose first ten characters
are one); ``kit/calendar.html`` renders the grid, and moving an event posts its new date.
"""

from __future__ import annotations

import calendar as _cal
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Generic, TypeVar

from cuagym.apps.webkit.tables import cell

__all__ = ["CalendarDay", "CalendarGrid", "month_grid", "week_grid"]

Event = TypeVar("Event")


@dataclass(frozen=True)
class CalendarDay(Generic[Event]):
    day: date
    in_range: bool
    events: list[Event]

    @property
    def iso(self) -> str:
        return self.day.isoformat()


@dataclass(frozen=True)
class CalendarGrid(Generic[Event]):
    """Weeks of seven days (Monday first), the title, and the previous and next anchors."""

    title: str
    weeks: list[list[CalendarDay[Event]]]
    previous: date
    next: date
    view: str

    @property
    def weekdays(self) -> list[str]:
        return [d.strftime("%a") for d in (self.weeks[0][i].day for i in range(7))]


def _by_day(events: Sequence[Event], day_of: Callable[[Event], str]) -> dict[str, list[Event]]:
    out: dict[str, list[Event]] = {}
    for event in events:
        out.setdefault(str(day_of(event))[:10], []).append(event)
    return out


def _default_day(event: Any) -> str:
    return str(cell(event, "date") or "")


def _days(
    start: date, count: int, inside: Callable[[date], bool], index: dict[str, list[Event]]
) -> list[CalendarDay[Event]]:
    days = [start + timedelta(days=i) for i in range(count)]
    return [CalendarDay(d, inside(d), index.get(d.isoformat(), [])) for d in days]


def month_grid(
    year: int, month: int, events: Sequence[Event], day_of: Callable[[Event], str] = _default_day
) -> CalendarGrid[Event]:
    """The weeks that cover ``month``; days of the neighbouring months are ``in_range=False``."""
    first = date(year, month, 1)
    start = first - timedelta(days=first.weekday())
    length = _cal.monthrange(year, month)[1]
    last = first + timedelta(days=length - 1)
    count = ((last - start).days // 7 + 1) * 7
    days = _days(start, count, lambda d: d.month == month, _by_day(events, day_of))
    previous = (first - timedelta(days=1)).replace(day=1)
    return CalendarGrid(
        title=first.strftime("%B %Y"),
        weeks=[days[i : i + 7] for i in range(0, count, 7)],
        previous=previous,
        next=last + timedelta(days=1),
        view="month",
    )


def week_grid(
    anchor: date, events: Sequence[Event], day_of: Callable[[Event], str] = _default_day
) -> CalendarGrid[Event]:
    """The Monday-to-Sunday week that holds ``anchor``."""
    start = anchor - timedelta(days=anchor.weekday())
    days = _days(start, 7, lambda d: True, _by_day(events, day_of))
    end = start + timedelta(days=6)
    return CalendarGrid(
        title=f"{start:%d %b} – {end:%d %b %Y}",
        weeks=[days],
        previous=start - timedelta(days=7),
        next=start + timedelta(days=7),
        view="week",
    )
