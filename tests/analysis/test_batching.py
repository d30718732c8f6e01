"""Action batching against contract-shaped episodes whose figures are counted by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuagym.analysis import RunError, analyze
from cuagym.analysis._batching import batching_stats
from cuagym.analysis._episodes import read_episodes
from tests.analysis.corpus import act, write_episode, write_tuple

CLICK = act("left_click", coordinate=[10, 10])
TYPE = act("type", text="42")
KEY = act("key", keys=["enter"])
SHOT = act("screenshot")
MOVE = act("mouse_move", coordinate=[5, 5])
SCROLL = act("scroll", pixels=-100)
DONE = act("terminate", status="success")


@pytest.fixture
def run(tmp_path: Path) -> Path:
    root = tmp_path / "run"
    # Episode a/0 (policy version 1 on every turn): 5 turns.
    write_episode(
        root, "a", 0,
        [[CLICK], [TYPE, KEY], [CLICK], [MOVE, SCROLL], [DONE]],
        versions=[1, 1, 1, 1, 1],
    )  # fmt: skip
    # Episode a/1 (version 2): 4 turns, one malformed.
    write_episode(
        root, "a", 1,
        [[TYPE, KEY, SHOT], [], [TYPE, KEY], [CLICK, TYPE, KEY, SHOT, DONE]],
        versions=[2, 2, 2, 2],
        errors={1: "no <tool_call> block"},
        reward=0.0,
    )  # fmt: skip
    # Episode b/0 (version 2): 2 turns.
    write_episode(root, "b", 0, [[TYPE, KEY], [SHOT]], versions=[2, 2])
    return root


def test_calls_per_step(run: Path) -> None:
    b = batching_stats(read_episodes(run))
    # Steps with calls: a/0 -> 1,2,1,2,1 · a/1 -> 3,(malformed),2,5 · b/0 -> 2,1
    # bins: 1 -> 4, 2 -> 4, 3 -> 1, 4 -> 0, 5+ -> 1; calls 7 + 10 + 3 = 20 over 10 steps.
    assert b.episodes == 3
    assert b.steps == 11
    assert b.steps_without_calls == 1
    assert b.calls_per_step.bins == {"1": 4, "2": 4, "3": 1, "4": 0, "5+": 1}
    assert b.calls_per_step.mean == pytest.approx(2.0)


def test_solo_rate(run: Path) -> None:
    b = batching_stats(read_episodes(run))
    # uses: type 5 (never alone), key 5 (never), left_click 3 (2 alone: a/0 t0, t2),
    # screenshot 3 (1 alone: b/0 t1), terminate 2 (1 alone: a/0 t4), mouse_move 1, scroll 1.
    got = {a: (r.solo, r.total) for a, r in b.solo_rate.items()}
    assert got == {
        "left_click": (2, 3), "terminate": (1, 2), "screenshot": (1, 3),
        "key": (0, 5), "type": (0, 5), "mouse_move": (0, 1), "scroll": (0, 1),
    }  # fmt: skip
    # Ordered by rate, then uses, then name.
    assert list(b.solo_rate) == ["left_click", "terminate", "screenshot", "key", "type",
                                 "mouse_move", "scroll"]  # fmt: skip
    assert b.solo_rate["left_click"].rate == pytest.approx(0.6667)


def test_sequences_are_whole_steps_of_two_to_four_calls(run: Path) -> None:
    b = batching_stats(read_episodes(run))
    # 2-4-call steps: type→key ×3 (a/0 t1, a/1 t2, b/0 t0), mouse_move→scroll, and
    # type→key→screenshot; the 5-call step counts in no sequence.
    assert b.sequences == [
        (("type", "key"), 3),
        (("mouse_move", "scroll"), 1),
        (("type", "key", "screenshot"), 1),
    ]
    batched = b.calls_per_step.steps - b.calls_per_step.bins["1"]
    two = sum(n for seq, n in b.sequences if len(seq) == 2)
    assert two <= b.calls_per_step.bins["2"] and batched == 6


def test_trend_per_policy_version(run: Path) -> None:
    b = batching_stats(read_episodes(run))
    assert [p.policy_version for p in b.trend] == [1, 2]
    v1, v2 = b.trend
    assert (v1.episodes, v1.steps) == (1, 5)
    assert v1.calls_per_step.bins == {"1": 3, "2": 2, "3": 0, "4": 0, "5+": 0}
    assert v1.calls_per_step.mean == pytest.approx(7 / 5)
    assert (v2.episodes, v2.steps) == (2, 6)
    assert v2.calls_per_step.bins == {"1": 1, "2": 2, "3": 1, "4": 0, "5+": 1}
    assert v2.calls_per_step.mean == pytest.approx(13 / 5)
    assert v2.sequences[0] == (("type", "key"), 2)
    assert v2.solo_rate["screenshot"].solo == 1


def test_no_trend_without_policy_version(tmp_path: Path) -> None:
    write_episode(tmp_path / "run", "a", 0, [[CLICK], [TYPE, KEY]])
    assert batching_stats(read_episodes(tmp_path / "run")).trend == []


def test_json_with_episodes(run: Path, tmp_path: Path) -> None:
    write_tuple(tmp_path / "final", "a", "Open it.")
    data = analyze(tmp_path / "final", run).stats.to_json()
    assert data["calls_per_step"] == {"1": 4, "2": 4, "3": 1, "4": 0, "5+": 1, "mean": 2.0}
    assert data["solo_rate"]["left_click"] == {"solo": 2, "total": 3, "rate": 0.6667}
    assert data["sequences"][0] == [["type", "key"], 3]
    assert data["episodes"] == 3 and data["steps"] == 11 and data["steps_without_calls"] == 1
    assert [p["policy_version"] for p in data["trend"]] == [1, 2]
    json.dumps(data)  # plain JSON all the way down


def test_bad_episodes_are_all_named(run: Path) -> None:
    turns = run / "a" / "1" / "turns.jsonl"
    lines = turns.read_text().splitlines()
    first = json.loads(lines[0])
    first["calls"] = [{"coordinate": [1, 2]}]
    lines[0] = json.dumps(first)
    turns.write_text("\n".join(lines) + "\n")
    record = run / "b" / "0" / "episode.json"
    data = json.loads(record.read_text())
    data["status"] = "success"
    data["reward"] = 0.5
    record.write_text(json.dumps(data))
    with pytest.raises(RunError) as err:
        read_episodes(run)
    text = str(err.value)
    assert f"{turns}:1: calls[0]: expected an object with a string 'action'" in text
    assert "b/0/episode.json" in text and "success iff reward == 1.0" in text
    assert len(err.value.problems) == 2


def test_steps_must_match_turns(run: Path) -> None:
    turns = run / "b" / "0" / "turns.jsonl"
    turns.write_text(turns.read_text().splitlines()[0] + "\n")
    with pytest.raises(RunError, match=r"says 2 steps, turns\.jsonl has 1"):
        read_episodes(run)


def test_no_episodes(tmp_path: Path) -> None:
    with pytest.raises(RunError, match="no episodes found"):
        read_episodes(tmp_path)
