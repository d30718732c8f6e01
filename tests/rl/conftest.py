"""Fixtures for cuagym.rl: synthetic episodes on disk and a tiny Qwen2-VL processor."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cuagym.core import Episode, EpisodeRecord, TurnRecord
from cuagym.core.episode import screen_name
from cuagym.envs import encode_png

INSTRUCTION = "Fill in the quarterly totals in budget.xlsx and save it."
SCREEN = (320, 200)  # native; smart-resized (factor 28, >= 65,536 px) to 336x224


def screenshot(t: int, size: tuple[int, int] = SCREEN) -> bytes:
    """A distinct screenshot per turn: a gradient band whose position and colour depend on t."""
    width, height = size
    rows = bytearray()
    for y in range(height):
        for x in range(width):
            on = (x // 16 + t) % 5 == 0 or y == (t * 7) % height
            rows += bytes((t * 37 % 256, 255 - x % 256, y % 256) if on else (240, 240, 240))
    return encode_png(width, height, bytes(rows))


def response(t: int, calls: int = 1) -> str:
    blocks = "".join(
        '\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", '
        f'"coordinate": [{10 + t}, {20 + i}]}}}}\n</tool_call>'
        for i in range(calls)
    )
    return f"Action: click cell {t}." + blocks


def write_episode(
    root: Path,
    steps: int,
    *,
    reward: float | None = 1.0,
    k: int = 0,
    task_id: str = "calc-budget-001",
    logprobs: Callable[[int], list[float] | None] | None = None,
    calls: Callable[[int], int] | None = None,
    feedback: Callable[[int], str | None] | None = None,
    size: tuple[int, int] = SCREEN,
    sent: tuple[int, int] | None = None,
    extra: dict[str, Any] | None = None,
) -> Episode:
    """An episode folder of ``steps`` turns, written with the foundation's atomic writer."""
    from cuagym.core import ImageSpec

    sent_size = sent or ImageSpec().size(*size)
    status = EpisodeRecord.status_for(reward)
    record = EpisodeRecord(
        task_id=task_id,
        k=k,
        bundle=str(root / "bundle"),
        policy="openai:test-double",
        status=status,
        ended_by="terminate" if reward is not None else "error",
        steps=steps,
        reward=reward,
        started_at=datetime(2026, 1, 1, tzinfo=UTC),
        screen_size=size,
        **({"instruction": INSTRUCTION} | (extra or {})),
    )
    turns = [
        TurnRecord(
            t=t,
            screenshot=screen_name(t),
            image_size=sent_size,
            feedback=feedback(t) if feedback else None,
            response=response(t, calls(t) if calls else 1),
            logprobs=logprobs(t) if logprobs else [-0.5, -0.25],
        )
        for t in range(steps)
    ]
    screens = {screen_name(t): screenshot(t, size) for t in range(steps)}
    folder = Episode.write(root, root / task_id / str(k), record, turns, screens)
    return Episode.load(folder)


@pytest.fixture(scope="session")
def processor() -> Any:
    pytest.importorskip("transformers")
    pytest.importorskip("tokenizers")
    from cuagym.rl._tiny import tiny_processor

    return tiny_processor()


def write_bundle_config(
    folder: Path, instruction: str = INSTRUCTION, task_id: str = "calc-budget-001"
) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "task_config.json").write_text(
        json.dumps(
            {
                "task_id": task_id,
                "instruction": instruction,
                "domain": "calc",
                "apps": ["calc"],
                "difficulty": "easy",
            }
        )
    )


def flat(parts: Sequence[list[int]]) -> list[int]:
    return [x for p in parts for x in p]
