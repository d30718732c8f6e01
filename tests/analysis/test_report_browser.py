"""The HTML report in a real Chromium: no console errors, no network, every section shown."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cuagym.analysis import _trajectories as trajectories
from cuagym.analysis import analyze, write_report
from cuagym.analysis._report import SECTIONS
from tests.analysis.corpus import act, write_episode, write_tuple

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots" / "analysis"


@pytest.fixture
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def report_inputs(tmp_path: Path) -> tuple[Path, Path]:
    corpus = tmp_path / "final"
    write_tuple(corpus, "a", "Please open the budget and add a total row.", domain="calc")
    write_tuple(corpus, "b", "Create a memo from the sheet.", domain="writer",
                apps=["calc", "writer"], difficulty="hard")  # fmt: skip
    write_tuple(corpus, "c", "Send the notes to Ana.", domain="mail", platform="web",
                difficulty="medium")  # fmt: skip
    run = tmp_path / "run"
    click, typed, key = (
        act("left_click", coordinate=[3, 4]),
        act("type", text="x"),
        act("key", keys=["enter"]),
    )
    write_episode(run, "a", 0, [[click], [typed, key]], versions=[0, 0])
    write_episode(run, "a", 1, [[typed, key], [click]], versions=[1, 1], reward=0.0)
    write_episode(run, "b", 0, [[click], [act("screenshot")]], versions=[1, 1])
    return corpus, run


def _open(browser: Any, page_file: Path, shot: str) -> tuple[Any, list[str], list[str]]:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))

    def route(r: Any) -> None:
        requests.append(r.request.url)
        r.abort()

    page.route("http*://**", route)  # a self-contained page asks the network for nothing
    page.goto(page_file.as_uri())
    page.wait_for_load_state("load")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / shot), full_page=True)
    return page, problems, requests


def test_every_section_is_shown_without_errors(
    browser: Any, report_inputs: tuple[Path, Path], tmp_path: Path
) -> None:
    corpus, run = report_inputs
    report = write_report(analyze(corpus, run), tmp_path / "report.html")
    page, problems, requests = _open(browser, report, "report.png")
    assert problems == [] and requests == []
    for section, heading in SECTIONS.items():
        box = page.locator(f"section#{section}")
        assert box.is_visible(), section
        assert box.locator("h2").inner_text() == heading
        assert box.inner_text().strip() != heading, f"section {section} is empty"
    # Plots are embedded images that decode.
    sizes = page.eval_on_selector_all("img.plot", "els => els.map(e => e.naturalWidth)")
    assert len(sizes) >= 9 and all(w > 0 for w in sizes)
    # The corpus's figures beside the paper's.
    difficulty = page.locator("section#domain-difficulty table").nth(1).inner_text()
    assert "hard\t1\t33.3%\t14,325 (44.6%)" in difficulty
    calls = page.locator("section#calls-per-step table").inner_text()
    assert "1\t4\t66.7%\t69.6%" in calls and "2\t2\t33.3%\t26.7%" in calls
    assert "policy version" in page.locator("section#trend").inner_text()
    # Every episode is listed in the trajectories section.
    listed = page.locator("section#trajectories table.episodes tbody tr")
    assert listed.count() == 3
    page.close()


def test_trajectories_embed_the_viewer_pages(
    browser: Any, report_inputs: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The embedding, checked with a test double standing in for the rollout viewer."""

    def viewer_double(folder: Path, screens: object) -> str:
        name = html.escape(f"{folder.parent.name}/{folder.name}")
        return (
            "<!doctype html><html><body><h1 id='episode'>" + name + "</h1>"
            "<script>document.body.dataset.ready = '1';</script></body></html>"
        )

    monkeypatch.setattr(trajectories, "_renderer", lambda: viewer_double)
    corpus, run = report_inputs
    report = write_report(analyze(corpus, run), tmp_path / "report.html", view=2)
    page, problems, requests = _open(browser, report, "report-trajectories.png")
    assert problems == [] and requests == []
    frames = page.locator("iframe.trajectory")
    assert frames.count() == 2
    options = page.locator("#trajectory-pick option").all_inner_texts()
    assert len(options) == 2 and "success" in options[0] and "failure" in options[1]
    first = page.frame_locator("iframe.trajectory >> nth=0").locator("#episode")
    assert first.inner_text() == "a/0"
    assert frames.nth(0).is_visible() and not frames.nth(1).is_visible()
    page.select_option("#trajectory-pick", "1")
    assert frames.nth(1).is_visible() and not frames.nth(0).is_visible()
    assert (
        page.frame_locator("iframe.trajectory >> nth=1").locator("#episode").inner_text() == "a/1"
    )
    page.close()


def test_trajectories_with_the_rollout_viewer(
    browser: Any, report_inputs: tuple[Path, Path], tmp_path: Path
) -> None:
    """The real viewer of ``cuagym view`` embedded (runs once cuagym.agent provides it)."""
    import cuagym.agent

    if not hasattr(cuagym.agent, "render_episode_html"):
        pytest.skip("cuagym.agent has no render_episode_html (the rollout viewer) yet")
    corpus, run = report_inputs
    report = write_report(analyze(corpus, run), tmp_path / "report.html", view=3)
    page, problems, requests = _open(browser, report, "report-viewer.png")
    assert problems == [] and requests == []
    assert page.locator("iframe.trajectory").count() == 3
    frame = page.frame_locator("iframe.trajectory >> nth=0")
    assert "rollout 0" in frame.locator("h1").inner_text()
    assert frame.locator("img").count() >= 2  # the turns' screenshots
    # Thumbnails in the page, swapped for the full screenshots in the folder beside it.
    frame.locator("img[src^='file:']").first.wait_for(state="attached")
    sources = frame.locator("img").evaluate_all("els => els.map(e => e.src)")
    assert all(s.startswith((report.parent / "report_files").as_uri()) for s in sources)
    assert "PASS" in frame.locator("table").first.inner_text()  # the reward's checks
    page.close()
