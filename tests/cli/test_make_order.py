"""CI runs `make demo` before `make test` in one clone: the second must build on the first's
stamps (add the other extras, redo nothing), and the reverse order must install nothing."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _clone(tmp_path: Path) -> Path:
    for name in ("Makefile", "pyproject.toml", "src/cuagym/sandbox/_image.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, tmp_path / name)
    return tmp_path


def _stamp(root: Path, *names: str) -> None:
    later = time.time() + 5  # newer than the Makefile and pyproject.toml copied just now
    for name in names:
        path = root / ".make" / name
        path.parent.mkdir(exist_ok=True)
        path.touch()
        os.utime(path, (later, later))


def _dry_run(root: Path, target: str) -> str:
    done = subprocess.run(
        ["make", "-n", target], cwd=root, capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout


def test_ci_runs_the_demo_first_then_the_tests() -> None:
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    commands = re.findall(r"^make (\w+)", script, re.MULTILINE)
    assert commands == ["demo", "test"]


def test_make_test_after_make_demo_adds_the_other_extras_and_redoes_nothing(
    tmp_path: Path,
) -> None:
    root = _clone(tmp_path)
    _stamp(root, "apt-runtime", "venv", "apt-gui", "image")  # what make demo left
    plan = _dry_run(root, "test")
    assert "pip install -q 'torch==" in plan
    assert (
        "pip install -q -e '.[scale,office,gui,browser,llm,dedup,dev,report,data,ray,gym,train]'"
        in plan
    )
    assert "-e '.[scale,office,report,gui]'" not in plan  # the demo's venv is not redone
    assert "cuagym.sandbox.image build" not in plan and "matchbox" not in plan
    assert "redis-server" in plan  # the test services are what is still missing


def test_make_demo_after_make_test_installs_nothing(tmp_path: Path) -> None:
    root = _clone(tmp_path)
    _stamp(root, "apt-runtime", "venv", "apt-gui", "image", "venv-test", "apt-test", "osworld")
    plan = _dry_run(root, "demo")
    assert "pip install" not in plan and "apt-get" not in plan
    assert "cuagym synth --backend procedural" in plan and "--policy oracle" in plan


def test_the_demos_rollout_domains_are_among_the_first_eight_in_id_order() -> None:
    """CI runs ``make demo DEMO_N=8``: synth deals its eight tasks round robin over the domains
    in id order, so a rollout domain past the eighth has no tuple (a new app named early in
    the alphabet pushed mail out once)."""
    from cuagym.domains import load_domains

    text = (REPO / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"^DEMO_ROLLOUT_DOMAINS \?= (.+)$", text, re.MULTILINE)
    assert found is not None
    wanted = found.group(1).split()
    with_families = sorted(d.id for d in load_domains().values() if d.families)
    first_eight = with_families[:8]
    assert wanted and set(wanted) <= set(first_eight), (wanted, first_eight)
    platforms = {load_domains()[d].platform for d in wanted}
    assert platforms == {"desktop", "web"}
