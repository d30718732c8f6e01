"""The episode viewer: self-contained pages with the executed actions drawn on the screens."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cuagym.agent import render_episode_html, write_run_html
from cuagym.agent._view_marks import CALL_COLORS
from cuagym.core import Episode, EpisodeRecord, TurnRecord
from cuagym.core.episode import FINAL_SCREEN, EpisodeCheck, screen_name
from cuagym.envs import encode_png

SCREEN = (200, 100)


def _episode(out: Path, bundle: Path, space: str) -> Path:
    png = encode_png(*SCREEN, b"\x10\x20\x30" * (SCREEN[0] * SCREEN[1]))
    turns = [
        TurnRecord(
            t=0, screenshot=screen_name(0), image_size=(100, 50), response="Action: click.",
            calls=[{"action": "left_click", "coordinate": [500, 500]},
                   {"action": "type", "text": "<b>hi</b>"},
                   {"action": "left_click_drag", "start_coordinate": [0, 0],
                    "coordinate": [1000, 1000]}],
            results=["ok", "error: no focus"],
        ),
        TurnRecord(t=1, screenshot=screen_name(1), image_size=(100, 50), response="oops",
                   error="No tool call found", feedback="Action 2 (type) failed: no focus."),
    ]  # fmt: skip
    record = EpisodeRecord(
        task_id="t-1", k=0, bundle=str(bundle), policy="openai:m", status="failure",
        ended_by="max_steps", steps=2, reward=0.25, started_at=datetime.now(UTC),
        screen_size=SCREEN, coordinate_space=space,
        checks=[EpisodeCheck(name="saved", points=1, passed=True, detail="ok"),
                EpisodeCheck(name="total", points=3, passed=False, detail="got <none>")],
    )  # fmt: skip
    screens = {screen_name(0): png, screen_name(1): png, FINAL_SCREEN: png}
    return Episode.write(out, out / "t-1" / "0", record, turns, screens)


def test_a_page_embeds_screens_marks_actions_and_lists_checks(tmp_path: Path) -> None:
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "task_config.json").write_text(json.dumps({"instruction": "Add the <total> row."}))
    folder = _episode(tmp_path / "run", bundle, "norm1000")
    page = render_episode_html(folder)
    assert page.count("data:image/png;base64,") == 2, "the final screen equals turn 1's"
    # norm1000 [500, 500] on a 200x100 screen is (100, 50); the drag ends at the far corner.
    assert '<circle cx="100" cy="50"' in page
    assert 'x2="199" y2="99"' in page
    assert CALL_COLORS["error"] in page and CALL_COLORS["not run"] in page, (
        "the failed call red, the unrun one grey"
    )
    assert "&lt;b&gt;hi&lt;/b&gt;" in page and "<b>hi</b>" not in page, "text is escaped"
    assert "Add the &lt;total&gt; row." in page
    assert "saved" in page and "got &lt;none&gt;" in page and "class='fail'" in page
    assert "No tool call found" in page and "Action 2 (type) failed" in page
    assert "not run" in page


def test_pixel_coordinates_scale_from_the_image_sent(tmp_path: Path) -> None:
    folder = _episode(tmp_path / "run", tmp_path / "nowhere", "pixels")
    page = render_episode_html(folder)
    # pixels of the 100x50 image sent: [500, 500] is off it, clamped to the screen's corner.
    assert '<circle cx="199" cy="99"' in page


def test_a_run_folder_gets_a_page_per_episode_and_an_index(tmp_path: Path) -> None:
    run = tmp_path / "run"
    _episode(run, tmp_path, "pixels")
    (run / "t-2" / "0").mkdir(parents=True)
    (run / "t-2" / "0" / "episode.json").write_text("{}")
    pages = write_run_html(run)
    assert [p.name for p in pages] == ["t-1--0.html", "index.html"]
    index = pages[-1].read_text()
    assert "t-1--0.html" in index and "t-2" in index and "episode.json" in index


def test_labels_are_filled_boxes_and_typed_text_is_a_caption(tmp_path: Path) -> None:
    folder = _episode(tmp_path / "run", tmp_path, "norm1000")
    page = render_episode_html(folder)
    # Every label is a box filled with its call's colour, its text white and sized to the box.
    assert page.count('<g class="label"><rect') == 3  # the click, the type's caption, the drag
    assert f'fill="{CALL_COLORS["ok"]}" stroke="#fff"' in page
    assert 'fill="#fff" font-size=' in page and 'lengthAdjust="spacingAndGlyphs"' in page
    assert "type “&lt;b&gt;hi&lt;/b&gt;”" in page


# -- in a real Chromium ---------------------------------------------------------------------------
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


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


def _open(browser: Any, page_file: Path) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.route("http*://**", lambda r: (problems.append(r.request.url), r.abort()))
    page.goto(page_file.as_uri())
    page.wait_for_load_state("load")
    return page, problems


EDGE = (1280, 800)


def _edge_episode(run: Path) -> Path:
    """Calls at every edge and corner of a 1280x800 screen, and a long typed text."""
    png = encode_png(*EDGE, b"\xff\xff\xff" * (EDGE[0] * EDGE[1]))
    calls = [
        {"action": "left_click", "coordinate": [1279, 400]},
        {"action": "double_click", "coordinate": [1279, 799]},
        {"action": "right_click", "coordinate": [0, 0]},
        {"action": "left_click", "coordinate": [640, 799]},
        {"action": "left_click_drag", "start_coordinate": [10, 10], "coordinate": [1279, 5]},
        {"action": "scroll", "coordinate": [1275, 795], "pixels": -300},
        {"action": "type", "text": "a very long text typed into the sheet " * 6},
        {"action": "key", "keys": ["ctrl", "shift", "s"]},
    ]
    turns = [TurnRecord(t=0, screenshot=screen_name(0), image_size=EDGE, response="Action: all.",
                        calls=calls, results=["ok"] * len(calls))]  # fmt: skip
    record = EpisodeRecord(
        task_id="edges", k=0, bundle=str(run / "nowhere"), policy="oracle", status="success",
        ended_by="terminate", steps=1, reward=1.0, started_at=datetime.now(UTC), screen_size=EDGE,
    )  # fmt: skip
    return Episode.write(run, run / "edges" / "0", record, turns, {screen_name(0): png})


@pytest.mark.browser
def test_labels_stay_inside_the_image_at_every_edge(browser: Any, tmp_path: Path) -> None:
    folder = _edge_episode(tmp_path / "run")
    page_file = tmp_path / "edges.html"
    page_file.write_text(render_episode_html(folder), encoding="utf-8")
    page, problems = _open(browser, page_file)
    boxes = page.eval_on_selector_all(
        "svg.marks g.label",
        """gs => gs.map(g => {
            const r = g.querySelector('rect').getBBox(), t = g.querySelector('text').getBBox();
            return {x: r.x, y: r.y, w: r.width, h: r.height,
                    tx: t.x, ty: t.y, tw: t.width, th: t.height, text: g.textContent};
        })""",
    )
    assert problems == [] and len(boxes) == 8
    for b in boxes:
        assert b["x"] >= 0 and b["x"] + b["w"] <= EDGE[0], b
        assert b["y"] >= 0 and b["y"] + b["h"] <= EDGE[1], b
        # The text lies on its box (a little slack for the glyphs' side bearings).
        assert b["x"] - 1 <= b["tx"] and b["tx"] + b["tw"] <= b["x"] + b["w"] + 1, b
    typed = next(b for b in boxes if "type" in b["text"])
    assert typed["text"].endswith("…"), "a text wider than the image is shortened"
    page.close()


def _run(root: Path) -> dict[str, list[tuple[str, float | None, int, float]]]:
    """Episodes over two domains and three outcomes; returns (status, reward, steps, wall) per
    domain, for the test to compute the figures on its own."""
    png = encode_png(*SCREEN, b"\x10\x20\x30" * (SCREEN[0] * SCREEN[1]))
    plan = {
        "calc": [("success", 1.0, 3, 10.0), ("failure", 0.25, 5, 20.0), ("failure", 0.0, 7, 4.0)],
        "mail": [("success", 1.0, 2, 6.0), ("error", None, 1, 2.0)],
    }
    for domain, episodes in plan.items():
        bundle = root / "bundles" / domain
        bundle.mkdir(parents=True)
        (bundle / "task_config.json").write_text(json.dumps(
            {"instruction": f"Do the {domain} thing.", "domain": domain}))  # fmt: skip
        for k, (status, reward, steps, wall) in enumerate(episodes):
            record = EpisodeRecord(
                task_id=f"{domain}-task", k=k, bundle=str(bundle), policy="oracle",
                status=status, ended_by="error" if status == "error" else "terminate",
                steps=steps, reward=reward, wall_s=wall, started_at=datetime.now(UTC),
                screen_size=SCREEN,
            )  # fmt: skip
            turns = [TurnRecord(t=t, screenshot=screen_name(t), image_size=SCREEN, response="x")
                     for t in range(steps)]  # fmt: skip
            folder = root / "run" / f"{domain}-task" / str(k)
            screens = {screen_name(t): png for t in range(steps)}
            Episode.write(root / "run", folder, record, turns, screens)
    return plan


def _figures(episodes: list[tuple[str, float | None, int, float]]) -> dict[str, str]:
    scored = [e for e in episodes if e[0] != "error"]
    return {
        "episodes": str(len(episodes)),
        "success rate": f"{100 * sum(e[0] == 'success' for e in scored) / len(scored):.1f}%",
        "mean reward": f"{sum(e[1] or 0.0 for e in scored) / len(scored):.3f}",
        "mean steps": f"{sum(e[2] for e in scored) / len(scored):.1f}",
        "mean duration": f"{sum(e[3] for e in episodes) / len(episodes):.1f} s",  # all under 1 min
        "errors": str(len(episodes) - len(scored)),
    }


@pytest.mark.browser
def test_the_index_summarizes_the_run_sorts_and_filters(browser: Any, tmp_path: Path) -> None:
    plan = _run(tmp_path)
    index = write_run_html(tmp_path / "run")[-1]
    page, problems = _open(browser, index)
    assert problems == []
    everything = [e for episodes in plan.values() for e in episodes]
    for name, want in _figures(everything).items():
        assert page.locator(f".kpi[data-figure='{name}'] .v").inner_text() == want, name
    for domain, episodes in plan.items():
        cells = page.locator(f"#by-domain tr[data-group='{domain}'] td").all_inner_texts()
        want = _figures(episodes)
        assert cells[1:] == [want["episodes"], want["success rate"], want["mean reward"],
                             want["mean steps"], want["mean duration"], want["errors"]]  # fmt: skip
    failures = page.locator("#by-status tr[data-group='failure'] td").all_inner_texts()
    assert failures[1:5] == ["2", "0.0%", "0.125", "6.0"]
    rows = page.locator("#episodes tbody tr")
    assert rows.count() == 5
    assert "Do the calc thing." in rows.first.inner_text()

    def visible(column: int) -> list[str]:
        texts: list[str] = page.eval_on_selector_all(
            "#episodes tbody tr:not([hidden])",
            f"rs => rs.map(r => r.cells[{column}].innerText.trim())",
        )
        return texts

    page.click("#episodes th[data-key='steps']")
    assert visible(5) == ["1", "2", "3", "5", "7"]
    page.click("#episodes th[data-key='steps']")
    assert visible(5) == ["7", "5", "3", "2", "1"]
    page.click("#episodes th[data-key='reward']")
    assert visible(4) == ["0", "0.25", "1", "1", "–"], "an unscored episode sorts last"
    page.select_option("#domain", "mail")
    assert visible(1) == ["mail", "mail"]
    page.select_option("#status", "success")
    assert visible(3) == ["success"]
    assert page.locator("#shown").get_attribute("data-count") == "1"
    page.select_option("#domain", "")
    page.select_option("#status", "")
    page.fill("#q", "CALC THING")
    assert visible(1) == ["calc"] * 3
    assert "3 of 5 episodes shown · success rate 33.3%" in page.locator("#shown").inner_text()
    page.close()


def test_a_final_screen_equal_to_the_last_turns_is_not_shown_twice(tmp_path: Path) -> None:
    folder = _episode(tmp_path / "run", tmp_path, "pixels")  # every screen the same bytes
    page = render_episode_html(folder)
    assert page.count("data:image/png;base64,") == 2
    assert "The same as turn 1's screenshot" in page
