"""The self-contained HTML report: tables, plots beside them, the paper's figures, trajectories.

No network: styles are inline, plots are PNG data URIs, and each trajectory shown is the
rollout viewer's own page embedded in an ``<iframe srcdoc>`` (see ``_trajectories``) with
thumbnails of its screens; the full screenshots are files in a folder next to the report
(``report.html`` → ``report_files/``, see ``_screens``). The folder is built aside and swapped
in, then the page is written atomically (temp file, fsync, rename).
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from cuagym import __version__
from cuagym.analysis._analyze import Analysis
from cuagym.analysis._plots import Plot, report_plots
from cuagym.analysis._report import SECTIONS, ReportTable, report_tables
from cuagym.analysis._screens import ReportScreens, assets_folder
from cuagym.analysis._trajectories import DEFAULT_VIEW, trajectories_html

__all__ = ["ReportFilesTaken", "render_report", "write_report"]

_TEMPLATES = Path(__file__).parent / "templates"

_NO_EPISODES = "No episodes given: run `cuagym stats CORPUS --episodes RUN` for this section."
_VERB_RULES = (
    "The first imperative verb of each instruction, after lead-ins such as \u201cI want to\u201d, "
    "\u201cPlease\u201d or \u201cCan you\u201d, lower-cased and lemmatized by cuagym's documented "
    "rules (cuagym.analysis: first_verb); instructions without one are counted apart."
)


def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(_TEMPLATES),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _notes(analysis: Analysis) -> dict[str, list[str]]:
    notes: dict[str, list[str]] = {
        "verbs": [_VERB_RULES],
        "app-pairs": [
            "Every pair of distinct apps in the apps list of each cross-app tuple (a tuple with "
            "n apps adds n(n-1)/2 pairs). The paper found its pairs by keyword matching on the "
            "instruction instead."
        ],
        "instruction-length": ["Words are whitespace-separated tokens of the instruction."],
    }
    b = analysis.stats.batching
    if b is not None and not b.trend:
        notes["trend"] = ["The turns carry no policy_version (these are not RL rollouts)."]
    return notes


def render_report(
    analysis: Analysis,
    *,
    view: int = DEFAULT_VIEW,
    generated: datetime | None = None,
    screens: ReportScreens | None = None,
) -> str:
    """The report page as HTML text (``view``: how many trajectories to embed; ``screens``:
    where their full screenshots go, default none: thumbnails only)."""
    tables: dict[str, list[ReportTable]] = defaultdict(list)
    for table in report_tables(analysis.stats, reference=True):
        tables[table.section].append(table)
    plots: dict[str, list[Plot]] = defaultdict(list)
    for plot in report_plots(analysis.stats):
        plots[plot.section].append(plot)
    empty = {
        section: _NO_EPISODES
        for section in ("calls-per-step", "solo-rate", "sequences", "trend")
        if analysis.stats.batching is None
    }
    when = (generated or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M UTC")
    template = _environment().get_template("report.html.j2")
    return template.render(
        corpus_name=analysis.corpus_path.resolve().name,
        corpus_path=str(analysis.corpus_path),
        episodes_path=str(analysis.episodes_path) if analysis.episodes_path else None,
        version=__version__,
        generated=when,
        sections=SECTIONS,
        tables=tables,
        plots=plots,
        notes=_notes(analysis),
        empty=empty,
        trajectories=trajectories_html(analysis, view=view, screens=screens),
    )


class ReportFilesTaken(FileExistsError):
    """The report's screenshot folder exists and holds files the report did not write."""


def _check_ours(folder: Path) -> None:
    """Refuse to replace a folder that is not an earlier report's: ours holds only
    ``<task>/<k>/<name>.png`` files."""
    for path in folder.rglob("*"):
        rel = path.relative_to(folder)
        if path.is_file() and (len(rel.parts) != 3 or path.suffix != ".png"):
            raise ReportFilesTaken(
                f"{folder} holds {rel}, which no report wrote: move it away or write the report "
                "under another name"
            )


def write_report(
    analysis: Analysis, path: str | os.PathLike[str], *, view: int = DEFAULT_VIEW
) -> Path:
    """Render the report to ``path`` and its full screenshots to the folder beside it
    (:func:`assets_folder`), each replaced whole; returns the report's path."""
    target = Path(path)
    assets = assets_folder(target)
    if assets.exists():
        _check_ours(assets)  # before any work: a folder of the user's is never replaced
    target.parent.mkdir(parents=True, exist_ok=True)
    token = secrets.token_hex(4)
    staged = target.with_name(f".{assets.name}.{token}.tmp")
    tmp = target.with_name(f".{target.name}.{token}.tmp")
    try:
        screens = ReportScreens(staged, href_base=assets.name)
        html = render_report(analysis, view=view, screens=screens).encode("utf-8")
        with open(tmp, "wb") as fh:
            fh.write(html)
            fh.flush()
            os.fsync(fh.fileno())
        if assets.exists():
            shutil.rmtree(assets)
        if screens.copied:
            os.replace(staged, assets)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    return target
