"""The HTML report's weight and its files: thumbnails in the page, full screenshots beside it;
plots whose axes count have integer ticks; the scenario/platform/task-type panels readable."""

from __future__ import annotations

import io
import random
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from PIL import Image, ImageDraw

from cuagym.analysis import _plots, analyze, write_report
from cuagym.analysis._html import ReportFilesTaken, render_report
from cuagym.analysis._screens import assets_folder
from cuagym.core import Episode, EpisodeRecord, TurnRecord
from cuagym.core.episode import screen_name
from tests.analysis.corpus import act, write_episode, write_tuple

SCREEN = (1280, 800)
TURNS = 8


def _screenshot(seed: int) -> bytes:
    """A 1280x800 PNG of blocks and rows of text, ~130 KB like a real desktop screenshot."""
    rnd = random.Random(seed)
    image = Image.new("RGB", SCREEN, (250, 250, 250))
    draw = ImageDraw.Draw(image)
    for _ in range(30):
        x, y = rnd.randrange(SCREEN[0]), rnd.randrange(SCREEN[1])
        draw.rectangle((x, y, x + rnd.randrange(20, 200), y + rnd.randrange(8, 40)),
                       fill=tuple(rnd.randrange(256) for _ in range(3)))  # fmt: skip
    for row in range(40):
        for col in range(6):
            text = "".join(rnd.choice("abcdefgh 0123456789") for _ in range(12))
            draw.text((col * 160 + 4, row * 20 + 4), text, fill=(20, 20, 20))
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def _run(root: Path, episodes: int) -> tuple[Path, Path, int]:
    """A corpus and a run of ``episodes`` episodes of TURNS turns (plus the final screen) with
    realistic screenshots; returns (corpus, run, bytes of all their screenshots)."""
    shots = [_screenshot(i) for i in range(TURNS + 1)]
    corpus, run = root / "final", root / "run"
    for n in range(episodes):
        task = f"task-{n}"
        write_tuple(corpus, task, f"Open the budget and add total row {n}.")
        record = EpisodeRecord(
            task_id=task, k=0, bundle=str(corpus / task), policy="oracle", status="success",
            ended_by="terminate", steps=TURNS, reward=1.0, started_at=datetime.now(UTC),
            screen_size=SCREEN,
        )  # fmt: skip
        turns = [TurnRecord(t=t, screenshot=screen_name(t), image_size=SCREEN, response="Act.",
                            calls=[act("left_click", coordinate=[1279, 10 * t])], results=["ok"])
                 for t in range(TURNS)]  # fmt: skip
        screens = {screen_name(t): shots[t] for t in range(TURNS)}
        screens["screens/final.png"] = shots[TURNS]
        Episode.write(run, run / task / "0", record, turns, screens)
    return corpus, run, episodes * sum(len(s) for s in shots)


@pytest.mark.slow
def test_the_report_embeds_thumbnails_and_links_the_full_screenshots(tmp_path: Path) -> None:
    episodes = 6
    corpus, run, screenshots = _run(tmp_path, episodes)
    analysis = analyze(corpus, run)
    report = write_report(analysis, tmp_path / "out" / "report.html", view=episodes)
    size = report.stat().st_size
    assert screenshots > 6_000_000, "embedded in base64, the screenshots alone would be 8 MB"
    assert size < 1_000_000, f"{size:,} bytes for {episodes} episodes"
    page = report.read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == len(_plots.report_plots(analysis.stats))
    assert page.count("data:image/webp;base64,") == episodes * (TURNS + 1)
    # Every full screenshot is a file beside the report, linked by a relative path.
    links = set(re.findall(r"data-full=&#(?:39|x27);([^&]+)&#(?:39|x27);", page))
    assert len(links) == episodes * (TURNS + 1)
    for link in links:
        assert link.startswith("report_files/")
        copy = report.parent / unquote(link)
        assert copy.is_file(), link
        task, k, name = copy.relative_to(assets_folder(report)).parts
        original = run / task / k / "screens" / name
        assert copy.read_bytes() == original.read_bytes()
    # Written again with fewer episodes: the folder is replaced whole, nothing stale left.
    write_report(analysis, report, view=1)
    assert len(list(assets_folder(report).rglob("*.png"))) == TURNS + 1
    assert not [p for p in report.parent.iterdir() if p.name.startswith(".")]


def test_a_report_rendered_without_a_folder_is_still_light(tmp_path: Path) -> None:
    corpus, run, _ = _run(tmp_path, 2)
    page = render_report(analyze(corpus, run), view=2)
    assert "data-full=" not in page and page.count("data:image/webp;base64,") == 2 * (TURNS + 1)
    assert len(page.encode()) < 500_000


@pytest.fixture
def figures(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every figure the report draws, kept instead of encoded."""
    drawn: list[Any] = []

    def keep(fig: Any) -> str:
        drawn.append(fig)
        return "data:image/png;base64,"

    monkeypatch.setattr(_plots, "_png", keep)
    return drawn


COUNTS = ("tuples", "steps", "episodes")


def test_axes_that_count_have_integer_ticks(tmp_path: Path, figures: list[Any]) -> None:
    corpus, run = tmp_path / "final", tmp_path / "run"
    write_tuple(corpus, "a", "Add a total row.", domain="calc")
    write_tuple(corpus, "b", "Write a memo.", domain="writer", platform="web")
    click, typed = act("left_click", coordinate=[3, 4]), act("type", text="x")
    write_episode(run, "a", 0, [[click, typed], [typed, click]], versions=[0, 1])
    write_episode(run, "b", 0, [[click, typed]], versions=[1])
    _plots.report_plots(analyze(corpus, run).stats)
    counted = 0
    for fig in figures:
        fig.draw_without_rendering()
        for ax in fig.axes:
            for axis, label in ((ax.xaxis, ax.get_xlabel()), (ax.yaxis, ax.get_ylabel())):
                if not label.startswith(COUNTS):
                    continue
                low, high = sorted(axis.get_view_interval())
                ticks = [t for t in axis.get_ticklocs() if low - 1e-9 <= t <= high + 1e-9]
                assert ticks and all(float(t).is_integer() for t in ticks), (label, ticks)
                counted += 1
    assert counted >= 5, "domain, scenario, platform, task type and sequences count tuples/steps"


def test_scenario_platform_and_task_type_are_readable_panels(
    tmp_path: Path, figures: list[Any]
) -> None:
    corpus = tmp_path / "final"
    for n, scenario in enumerate(["personal", "scientific", "scientific", "commercial"]):
        write_tuple(corpus, f"t{n}", "Open it.", scenario=scenario)
    plots = [p for p in _plots.report_plots(analyze(corpus).stats) if p.section == "scenario"]
    assert [p.alt for p in plots] == ["Tuples by scenario", "Tuples by platform",
                                      "Tuples by task type"]  # fmt: skip
    panel = next(f for f in figures if f.axes[0].get_title(loc="left") == "Scenario")
    assert len(panel.axes) == 1, "one panel per figure, not three squeezed side by side"
    ax = panel.axes[0]
    # Largest first (drawn top down), each bar labelled with its count and share.
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == ["scientific", "commercial", "personal", "educational"]
    assert [t.get_text() for t in ax.texts] == [" 2 (50%)", " 1 (25%)", " 1 (25%)", " 0 (0%)"]
    assert min(t.get_fontsize() for t in ax.get_yticklabels()) >= 10
    assert panel.get_size_inches()[0] >= 6


def test_long_names_are_shortened_on_the_axis_and_whole_in_the_tooltip(
    tmp_path: Path, figures: list[Any]
) -> None:
    corpus = tmp_path / "final"
    long_name = "scientific-laboratory-notebook-and-records"
    write_tuple(corpus, "a", "Open it.", domain=long_name)
    write_tuple(corpus, "b", "Open it.", domain="calc")
    plot = _plots.report_plots(analyze(corpus).stats)[0]
    assert plot.section == "domain-difficulty" and long_name in plot.title
    labels = [t.get_text() for t in figures[0].axes[0].get_yticklabels()]
    short = next(label for label in labels if label.startswith("scientific"))
    assert short.endswith("…") and len(short) <= _plots.LABEL_CHARS
    assert "calc" in labels and "calc" not in plot.tooltip


def test_a_folder_of_the_users_is_never_replaced(tmp_path: Path) -> None:
    corpus, run, _ = _run(tmp_path, 1)
    report = tmp_path / "out" / "report.html"
    mine = assets_folder(report) / "notes.txt"
    mine.parent.mkdir(parents=True)
    mine.write_text("my notes")
    with pytest.raises(ReportFilesTaken, match=r"notes\.txt, which no report wrote"):
        write_report(analyze(corpus, run), report)
    assert mine.read_text() == "my notes" and not report.exists()
