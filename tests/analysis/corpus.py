"""Small corpora and runs written for tests, with figures a reader can count by hand.

Tuples are the two files statistics read (task_config.json, meta.json), valid for the core
models. Episodes are contract-shaped folders (DESIGN.md §6) written with ``Episode.write``:
test data whose calls are chosen by the test, never presented as a policy's rollouts.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PIL import Image

from cuagym.core import Episode, EpisodeRecord, TurnRecord
from cuagym.core.episode import screen_name


def write_tuple(
    root: Path,
    task_id: str,
    instruction: str,
    *,
    domain: str = "calc",
    apps: list[str] | None = None,
    difficulty: str = "easy",
    platform: str = "desktop",
    scenario: str = "commercial",
) -> Path:
    """A tuple folder ``root/<task_id>/`` holding task_config.json and meta.json."""
    apps = apps or [domain]
    folder = root / task_id
    folder.mkdir(parents=True)
    task = {
        "task_id": task_id,
        "instruction": instruction,
        "context": "",
        "domain": domain,
        "apps": apps,
        "difficulty": difficulty,
    }
    meta = {
        "platform": platform,
        "domain": domain,
        "difficulty": difficulty,
        "scenario": scenario,
        "task_type": "cross" if len(set(apps)) > 1 else "single",
        "source_pass": "procedural",
        "backend": "procedural",
        "rounds": 1,
    }
    (folder / "task_config.json").write_text(json.dumps(task, indent=2) + "\n")
    (folder / "meta.json").write_text(json.dumps(meta, indent=2) + "\n")
    return folder


def _png() -> bytes:
    import io

    buf = io.BytesIO()
    Image.new("RGB", (64, 40), (240, 242, 245)).save(buf, format="PNG")
    return buf.getvalue()


def write_episode(
    run: Path,
    task_id: str,
    k: int,
    steps: list[list[dict[str, Any]]],
    *,
    reward: float = 1.0,
    versions: list[int | None] | None = None,
    errors: dict[int, str] | None = None,
) -> Path:
    """Episode ``run/<task_id>/<k>/``: one turn per entry of ``steps`` (its calls' arguments).

    ``errors`` marks turns whose response was malformed (no calls, the parser's message).
    """
    png = _png()
    turns = []
    for t, calls in enumerate(steps):
        error = (errors or {}).get(t)
        blocks = "".join(
            '<tool_call>{"name": "computer_use", "arguments": ' + json.dumps(c) + "}</tool_call>"
            for c in calls
        )
        turns.append(
            TurnRecord(
                t=t,
                screenshot=screen_name(t),
                image_size=(64, 40),
                response="Action: test step.\n" + (blocks if error is None else "no block"),
                calls=[] if error is not None else calls,
                error=error,
                results=[] if error is not None else ["ok"] * len(calls),
                policy_version=versions[t] if versions else None,
            )
        )
    record = EpisodeRecord(
        task_id=task_id,
        k=k,
        bundle=f"corpus/{task_id}",
        policy="oracle",
        status=EpisodeRecord.status_for(reward),
        ended_by="terminate",
        terminate_status="success",
        steps=len(turns),
        reward=reward,
        checks=[{"name": "done", "points": 1.0, "passed": reward == 1.0, "detail": "test"}],
        started_at=datetime(2026, 12, 1, tzinfo=UTC),
        screen_size=(64, 40),
    )
    screens = {screen_name(t): png for t in range(len(turns))} | {"screens/final.png": png}
    return Episode.write(run, run / task_id / str(k), record, turns, screens)


def act(name: str, **arguments: Any) -> dict[str, Any]:
    """A call's arguments, e.g. ``act("type", text="x")``."""
    return {"action": name, **arguments}
