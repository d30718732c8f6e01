"""The episode viewer: self-contained pages with the executed actions drawn on the screens."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from cuagym.agent import render_episode_html, write_run_html
from cuagym.core import (
    FINAL_SCREEN,
    Episode,
    EpisodeCheck,
    EpisodeRecord,
    TurnRecord,
    screen_name,
)
from cuagym.core._png import encode_png

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
    assert page.count("data:image/png;base64,") == 3
    # norm1000 [500, 500] on a 200x100 screen is (100, 50); the drag ends at the far corner.
    assert '<circle cx="100" cy="50"' in page
    assert 'x2="199" y2="99"' in page
    assert "#d93025" in page and "#9aa0a6" in page, "the failed call red, the unrun one grey"
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
