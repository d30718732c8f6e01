"""Shared pieces of the synthesis-loop tests: skip rules, batch runs, spies, log readers."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cuagym.domains import load_domains
from cuagym.sandbox import ImageError, image_python
from cuagym.synth import (
    BatchOptions,
    BatchSummary,
    RoleBackend,
    TaskOutcome,
    TaskSpec,
    run_batch,
    sample_tasks,
)


def _jail_missing() -> str | None:
    if os.geteuid() != 0:
        return "the role jails need root"
    if shutil.which("bwrap") is None:
        return "bubblewrap is not installed"
    try:
        image_python(None)
    except ImageError as exc:
        return f"no env image: {exc}"
    return None


requires_jail = pytest.mark.skipif(_jail_missing() is not None, reason=str(_jail_missing()))

SPY_SOURCE = Path(__file__).with_name("spy_role.py").read_text(encoding="utf-8")
SYNTH_ARGV = [
    sys.executable,
    "-c",
    "import typer; from cuagym.cli._synth import synth_command; typer.run(synth_command)",
]


def team_chat(n: int, seed: int = 0) -> list[TaskSpec]:
    return sample_tasks(load_domains(), ["team-chat"], n, seed)


async def run(
    specs: Sequence[TaskSpec], backend: RoleBackend, out: Path, **options: Any
) -> tuple[BatchSummary, list[TaskOutcome]]:
    return await run_batch(specs, backend, BatchOptions(out=out, **options))


def spy_code(
    role: str, markers: Sequence[str], names: Sequence[str], hashes: dict[str, int]
) -> str:
    """The spy script with its config. Markers are stored in two halves, joined at run time,
    so the spy's own source and command line never contain what it looks for."""
    config = {
        "role": role,
        "markers_split": [[m[: len(m) // 2], m[len(m) // 2 :]] for m in markers],
        "names": list(names),
        "hashes": hashes,
    }
    setup = (
        f"CONFIG: dict = json.loads({json.dumps(json.dumps(config))})\n"
        'CONFIG["markers"] = [a + b for a, b in CONFIG["markers_split"]]\n'
    )
    return SPY_SOURCE.replace("CONFIG: dict = {}  # replaced by the test", setup + "#", 1)


def heredoc(path: str, text: str) -> str:
    return f"cat > {path} <<'CUAGYM_SPY_EOF'\n{text}\nCUAGYM_SPY_EOF\n"


def spy_reports(out: Path, task_id: str) -> list[dict[str, Any]]:
    reports = []
    for log in sorted((out / "logs" / task_id).glob("round-*.log")):
        for line in log.read_text(encoding="utf-8").splitlines():
            if line.startswith("SPY-REPORT "):
                reports.append(json.loads(line.removeprefix("SPY-REPORT ")))
    return reports


def events(out: Path, task_id: str) -> list[dict[str, Any]]:
    path = out / "logs" / task_id / "events.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
