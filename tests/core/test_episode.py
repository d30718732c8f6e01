"""The episode-on-disk contract (DESIGN.md §6): episode.json, turns.jsonl, screens/."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.core import Episode, EpisodeRecord, TurnRecord
from cuagym.core.episode import EPISODE_FILE, FINAL_SCREEN, TURNS_FILE, EpisodeError, screen_name

PNG = b"\x89PNG\r\n\x1a\nnot-really-decoded"


def record(**over: Any) -> EpisodeRecord:
    fields: dict[str, Any] = {
        "task_id": "calc--bold-header--3",
        "k": 0,
        "bundle": "/out/final/calc--bold-header--3",
        "policy": "openai:qwen-test",
        "model": "qwen-test",
        "status": "failure",
        "ended_by": "terminate",
        "terminate_status": "success",
        "steps": 2,
        "reward": 0.5,
        "checks": [{"name": "bold", "points": 1, "passed": True, "detail": "A1 bold"}],
        "format_errors": 1,
        "action_errors": 0,
        "sampler_retries": 2,
        "wall_s": 12.5,
        "started_at": datetime(2026, 12, 2, 3, 4, 5, tzinfo=UTC),
        "screen_size": [1280, 800],
    }
    fields.update(over)
    return EpisodeRecord.model_validate(fields)


def turn(t: int, **over: Any) -> TurnRecord:
    fields: dict[str, Any] = {
        "t": t,
        "screenshot": screen_name(t),
        "image_size": [1288, 812],
        "feedback": None,
        "response": "Action: click.\n<tool_call>…</tool_call>",
        "calls": [{"action": "left_click", "coordinate": [10, 20]}],
        "error": None,
        "results": ["ok"],
        "logprobs": [-0.1, -2.5],
        "policy_version": 3,
        "t_model_s": 0.8,
        "t_env_s": 0.05,
    }
    fields.update(over)
    return TurnRecord.model_validate(fields)


def test_screen_names() -> None:
    assert screen_name(7) == "screens/0007.png" and screen_name(12345) == "screens/12345.png"
    with pytest.raises(ValueError):
        screen_name(-1)


EPISODE_CONTRACT = [
    "task_id", "k", "bundle", "policy", "model", "status", "ended_by", "terminate_status",
    "steps", "reward", "checks", "format_errors", "action_errors", "sampler_retries",
    "wall_s", "started_at", "screen_size",
]  # fmt: skip
#: What a writer records when it has it: typed, and absent from episode.json when unset.
EPISODE_OPTIONAL = [
    "error", "coordinate_space", "budget", "policy_end_error", "final_screenshot_error",
    "settings", "reward_history", "instruction", "system_prompt", "image_spec",
]  # fmt: skip


def test_contract_fields_are_exactly_the_designs() -> None:
    assert list(EpisodeRecord.model_fields) == EPISODE_CONTRACT + EPISODE_OPTIONAL
    assert list(json.loads(record().model_dump_json())) == EPISODE_CONTRACT
    with_error = json.loads(
        record(status="error", ended_by="error", reward=None, error="x").model_dump_json()
    )
    assert list(with_error) == [*EPISODE_CONTRACT, "error"]
    assert list(TurnRecord.model_fields) == [
        "t", "screenshot", "image_size", "feedback", "response", "calls", "error", "results",
        "logprobs", "policy_version", "t_model_s", "t_env_s",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("over", "fragment"),
    [
        ({"status": "success", "reward": 0.5}, "success iff reward == 1.0"),
        ({"status": "failure", "reward": 1.0}, "success iff reward == 1.0"),
        ({"status": "error", "reward": 0.0}, "never scored"),
        ({"status": "failure", "reward": None}, "needs its reward"),
        ({"status": "failure", "ended_by": "error"}, "never scored"),
        ({"reward": 1.5, "status": "failure"}, "less than or equal to 1"),
        ({"status": "won"}, "status"),
    ],
)
def test_record_status_and_reward_must_agree(over: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(fragment)):
        record(**over)


def test_status_for() -> None:
    assert [EpisodeRecord.status_for(r) for r in (1.0, 0.99, 0.0, None)] == [
        "success", "failure", "failure", "error",
    ]  # fmt: skip
    assert record(status="error", reward=None, ended_by="error", checks=[]).reward is None
    assert record(status="error", reward=None, ended_by="terminate").status == "error"


@pytest.mark.parametrize(
    ("over", "fragment"),
    [
        ({"screenshot": "screens/7.png"}, "is not screens/NNNN.png"),
        ({"screenshot": FINAL_SCREEN}, "is not screens/NNNN.png"),
        ({"error": "Block 1: …", "results": []}, "calls must be empty"),
        ({"results": ["ok", "ok"]}, "2 results for 1 calls"),
        ({"results": ["failed"]}, "neither 'ok' nor 'error: ...'"),
        ({"logprobs": [float("nan")]}, "finite"),
    ],
)
def test_turn_rules(over: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(fragment)):
        turn(0, **over)


def test_write_then_load_round_trips_and_keeps_extra_keys(tmp_path: Path) -> None:
    rec = record(executor="ray")
    turns = [turn(0), turn(1, feedback="error: no window", calls=[], results=[], logprobs=None)]
    screens = {screen_name(0): PNG, screen_name(1): PNG + b"1", FINAL_SCREEN: PNG + b"f"}
    folder = Episode.write(tmp_path, tmp_path / rec.task_id / "0", rec, turns, screens)
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == [
        EPISODE_FILE, "screens/0000.png", "screens/0001.png", FINAL_SCREEN, TURNS_FILE,
    ]  # fmt: skip
    lines = (folder / TURNS_FILE).read_text().splitlines()
    assert [json.loads(line)["t"] for line in lines] == [0, 1]
    episode = Episode.load(folder)
    assert episode.record == rec and episode.record.model_extra == {"executor": "ray"}
    assert episode.turns == turns
    assert episode.screenshot_path(1).read_bytes() == PNG + b"1"
    assert episode.final_screenshot_path == folder / FINAL_SCREEN
    assert json.loads((folder / EPISODE_FILE).read_text())["started_at"] == "2026-12-02T03:04:05Z"
    with pytest.raises(FileExistsError):
        Episode.write(tmp_path, folder, rec, turns, screens)
    assert not (tmp_path / ".cuagym-tmp").exists(), "nothing internal left"


def test_write_refuses_inconsistent_episodes(tmp_path: Path) -> None:
    target = tmp_path / "t" / "0"
    with pytest.raises(EpisodeError, match="2 steps for 1 turns"):
        Episode.write(tmp_path, target, record(), [turn(0)], {screen_name(0): PNG})
    with pytest.raises(EpisodeError, match="was not given"):
        Episode.write(tmp_path, target, record(), [turn(0), turn(1)], {screen_name(0): PNG})
    with pytest.raises(EpisodeError, match="numbered 1"):
        Episode.write(tmp_path, target, record(), [turn(1), turn(1)], {screen_name(1): PNG})
    with pytest.raises(EpisodeError, match=re.escape("not screens/NNNN.png")):
        screens = {screen_name(0): PNG, screen_name(1): PNG, "../x.png": PNG}
        Episode.write(tmp_path, target, record(), [turn(0), turn(1)], screens)
    assert not target.exists()


def test_load_names_the_broken_file_and_line(tmp_path: Path) -> None:
    rec = record()
    screens = {screen_name(0): PNG, screen_name(1): PNG}
    folder = Episode.write(tmp_path, tmp_path / "e", rec, [turn(0), turn(1)], screens)
    with pytest.raises(EpisodeError, match=re.escape("no episode.json")):
        Episode.load(tmp_path)
    (folder / "screens/0001.png").unlink()
    with pytest.raises(EpisodeError, match=re.escape("turns.jsonl:2: screens/0001.png is missing")):
        Episode.load(folder)
    (folder / TURNS_FILE).write_text(
        lines := (folder / TURNS_FILE).read_text().splitlines()[0] + "\n{]\n"
    )
    assert lines
    with pytest.raises(EpisodeError, match=re.escape("turns.jsonl:2")):
        Episode.load(folder)
    (folder / TURNS_FILE).write_text(turn(0).model_dump_json() + "\n")
    with pytest.raises(EpisodeError, match=re.escape("says 2 steps, turns.jsonl has 1")):
        Episode.load(folder)
    (folder / EPISODE_FILE).write_text("{}")
    with pytest.raises(EpisodeError, match=re.escape("episode.json")):
        Episode.load(folder)
