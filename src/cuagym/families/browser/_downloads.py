"""Families over downloads: save the newest report a page links to into a named folder."""

from __future__ import annotations

import datetime
import random
from typing import Any, ClassVar

from cuagym.apps.browser import INTRANET, World, page, world
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.browser._base import BrowserFamily, Op
from cuagym.families.browser._settings import SET_GUARDS

__all__ = ["SaveNewestReport", "report_rows"]

_REPORTS = ("ops-review", "north-region", "cloud-costs", "support-backlog", "vendor-audit",
            "hiring-funnel", "uptime-summary", "churn-analysis")  # fmt: skip


def report_rows(name: str, rng: random.Random) -> str:
    """A small CSV report (deterministic for the RNG)."""
    rows = [f"week,{name.replace('-', '_')},target"]
    rows += [f"{w},{rng.randint(40, 400)},{rng.randint(100, 300)}" for w in range(1, 9)]
    return "\n".join(rows) + "\n"


class SaveNewestReportParams(TaskParams):
    folder: str
    reports: list[dict[str, str]]


class SaveNewestReport(BrowserFamily):
    id: ClassVar[str] = "save-newest-report"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("downloads", "save-link", "into-folder")
    params_type: ClassVar[type[TaskParams] | None] = SaveNewestReportParams
    start_page: ClassVar[str] = "intranet/reports.html"

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        names = rng.sample(_REPORTS, 5)
        day = datetime.date(2025, 1, 6)
        dates = sorted(day + datetime.timedelta(days=rng.randrange(200)) for _ in names)
        while len(set(dates)) < len(dates):  # one newest, no tie
            dates = sorted(day + datetime.timedelta(days=rng.randrange(200)) for _ in names)
        reports = [
            {"file": f"{n}.csv", "date": d.isoformat()} for n, d in zip(names, dates, strict=True)
        ]
        rng.shuffle(reports)
        target = rng.choice(["Reports", "Reports/Inbox", "Documents/Reports"])
        instruction = rng.choice(
            [
                f"Download the most recent report linked from the intranet's reports page "
                f"(~/{INTRANET}/reports.html) into ~/{target}, keeping its file name.",
                f"Save the newest report from ~/{INTRANET}/reports.html to ~/{target} under "
                "its own name.",
                f"The reports page of the intranet lists several CSV reports with publication "
                f"dates. Put a copy of the latest one in ~/{target}.",
                f"Grab the latest published report from the intranet reports page and store "
                f"it in ~/{target}; don't rename it.",
                f"From ~/{INTRANET}/reports.html, download only the newest report, into the "
                f"folder ~/{target}.",
            ]
        )
        listed = "; ".join(f"{r['file']} published {r['date']}" for r in reports)
        return self.make_task(
            task_id,
            instruction,
            f"The browser shows ~/{INTRANET}/reports.html (home /home/user), a table of "
            f"reports with their publication dates and links: {listed}. ~/{target} exists "
            "with older reports in it.",
            folder=target,
            reports=reports,
        )

    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        rows = "".join(
            f"<tr><td><a href='files/{r['file']}' download>{r['file']}</a></td>"
            f"<td>{r['date']}</td></tr>\n"
            for r in p["reports"]
        )
        reports = page(f"{INTRANET}/reports.html", "Reports",
                       ["Reports published by the operations team, as CSV files."])  # fmt: skip
        reports["html"] = reports["html"].replace(
            "</body>",
            f"<table>\n<tr><th>Report</th><th>Published</th></tr>\n{rows}</table>\n</body>",
        )
        made = world(rng, extra_pages=[reports])
        made["files"] = [
            {"path": f"{INTRANET}/files/{r['file']}", "text": report_rows(r["file"][:-4], rng)}
            for r in p["reports"]
        ] + [
            {"path": f"{p['folder']}/{old}.csv", "text": report_rows(old, rng)}
            for old in ("2024-annual", "2024-q4")
        ]
        return made

    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        newest = max(p["reports"], key=lambda r: r["date"])["file"]
        return [["copy", f"{INTRANET}/files/{newest}", f"{p['folder']}/{newest}"]]

    def checks(self, p: dict[str, Any]) -> str:
        return (
            """
allowed = []
newest = max(P["reports"], key=lambda r: r["date"])["file"]
source = before.get("intranet/files/" + newest, ("", ""))
saved = after.get(P["folder"] + "/" + newest)
checks.append(("newest_saved", 2, saved is not None and saved == source,
               P["folder"] + "/" + newest + (" saved" if saved else " missing")))
others = [c for c in changes if c != P["folder"] + "/" + newest]
checks.append(("nothing_else_saved", 0, not others, "also: " + listing(others)))
changes = others
"""
            + SET_GUARDS
        )
