"""Families on filling ranges: a weekly date series down a plan's first column."""

from __future__ import annotations

import datetime
import random
from typing import Any, ClassVar

from cuagym.apps.calc import COMPANIES, TASKS, slug
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.calc._base import SAVE_NOTE, CalcFamily, CalcParams, Sheet, quote

__all__ = ["WeekSeries"]


class WeekSeriesParams(CalcParams):
    """What a :class:`WeekSeries` task states (its ``params``)."""

    sheet: str
    start: str
    step: int
    n: int


class WeekSeries(CalcFamily):
    """A plan's empty date column filled with a weekly series from a given Monday (or every
    two weeks), as real dates in the column's existing date format."""

    id: ClassVar[str] = "week-series"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("cells", "fill", "fill-series")
    params_type: ClassVar[type[TaskParams] | None] = WeekSeriesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company = rng.choice(COMPANIES)
        n = rng.randint(10, 20)
        monday = datetime.date(2025, 1, 6) + datetime.timedelta(weeks=rng.randint(0, 40))
        step = rng.choice([7, 14])
        start, last = monday.isoformat(), f"A{n + 1}"
        every = "week" if step == 7 else "two weeks"
        second = (monday + datetime.timedelta(days=step)).isoformat()
        path = f"/home/user/Documents/{slug(company)}_rollout_plan.xlsx"
        tab = quote("Plan")
        instruction = rng.choice(
            [
                f"In sheet {tab} of {path}, fill A2:{last} with dates: {start} in A2 and each "
                f"following row one step of {step} days later ({second} in A3), so the "
                f"{n} tasks get a date every {every}.",
                f"Give the {n} tasks of {path} their dates in column A of sheet {tab}: a "
                f"series that starts at {start} in A2 and goes up by {step} days a row down "
                f"to {last}, as real dates.",
                f"The {quote('Week of')} column of {path} (sheet {tab}, A2:{last}) is empty. "
                f"Fill it with a date series from {start}, {step} days apart, so A3 is "
                f"{second}.",
                f"Schedule the plan in {path}: on sheet {tab}, A2 holds {start} and every "
                f"later cell down to {last} the date {step} days after the one above it (one "
                f"task every {every}).",
                f"I want the rollout plan {path} dated: cells A2:{last} of sheet {tab} should "
                f"run from {start} in steps of {step} days, {second} being the second date; "
                "nothing else changes.",
            ]
        )
        return self.make_task(
            task_id,
            instruction,
            f"{company}'s rollout plan {path} is open in LibreOffice Calc. Sheet {tab} has "
            f"the header {quote('Week of')}, Task, Owner in row 1 and {n} tasks in rows 2 to "
            f"{n + 1}; column A is empty below its header and shows dates as YYYY-MM-DD. "
            f"{SAVE_NOTE}",
            path=path,
            sheet="Plan",
            start=start,
            step=step,
            n=n,
        )

    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        owners = ["Ana Silva", "Ben Okoro", "Grace Liu", "Hugo Brandt"]
        rows = [[None, rng.choice(TASKS), rng.choice(owners)] for _ in range(p["n"])]
        return [
            {
                "title": p["sheet"],
                "rows": [["Week of", "Task", "Owner"], *rows],
                "formats": {"A": "yyyy-mm-dd"},
                "widths": {"A": 14, "B": 30, "C": 16},
            }
        ], ""

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = wb[F["sheet"]]
day = datetime.date.fromisoformat(F["start"])
for r in range(2, F["n"] + 2):
    ws[f"A{r}"].value = day + datetime.timedelta(days=F["step"] * (r - 2))
"""

    def checks(self, p: dict[str, Any]) -> str:
        # A date is a date value (text that reads like one is not); only the values of the
        # date cells change, so the column keeps its YYYY-MM-DD look.
        return """
ws = wb[P["sheet"]]
first = datetime.date.fromisoformat(P["start"])
want = [(first + datetime.timedelta(days=P["step"] * i)).isoformat() for i in range(P["n"])]
got = [shown_or_error(wb, vals, P["sheet"], f"A{r}") for r in range(2, P["n"] + 2)]
# a date value, typed or computed by a formula (its cached value); text is no date
days = [cell_key(g) if hasattr(g, "isoformat") else None for g in got]
right = [i for i, (d, w) in enumerate(zip(days, want)) if d == w]
tasks = [ws[f"B{r}"].value for r in range(2, P["n"] + 2)]
extra = unexpected_changes(before, after, [[P["sheet"] + "!A2:A" + str(P["n"] + 1), ["value"]]])
checks.append(("tasks_kept", 0, all(tasks), f"{len([t for t in tasks if t])} tasks"))
checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
checks.append(("first_date", 1, days[:1] == want[:1], f"A2: {got[:1]}"))
checks.append(("all_dates", 3, len(right) == P["n"],
               f"{len(right)} of {P['n']} right; got {[text_of(g) for g in got][:4]}..."))
"""
