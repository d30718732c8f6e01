"""``cuagym env exec``: the JSON contract of DESIGN.md §4 and the exit status."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cuagym.cli._env import env_app

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")

CONTRACT = {"exit_code", "stdout", "stderr", "timed_out", "duration_s"}


def _cli() -> typer.Typer:
    app = typer.Typer()
    app.add_typer(env_app, name="env")
    return app


def _exec(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(_cli(), ["env", "exec", *args])
    return result.exit_code, result.stdout


def test_exec_json_contract(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "in.txt").write_text("seed")
    script = tmp_path / "job.py"
    script.write_text(
        "import os, sys\n"
        "print(open('in.txt').read(), os.getuid(), os.getcwd())\n"
        "open('in.txt', 'w').write('changed')\n"
        "print('oops', file=sys.stderr)\n"
        "sys.exit(3)\n"
    )
    code, out = _exec(str(script), "--home", str(home), "--json")
    payload = json.loads(out)
    assert set(payload) == CONTRACT
    assert payload["stdout"] == "seed 1000 /home/user\n"
    assert payload["stderr"] == "oops\n"
    assert payload["exit_code"] == 3 == code
    assert payload["timed_out"] is False and payload["duration_s"] > 0
    assert (home / "in.txt").read_text() == "seed"  # the home is a copy-on-write view


def test_exec_timeout(tmp_path: Path) -> None:
    script = tmp_path / "slow.py"
    script.write_text("import time\nprint('start', flush=True)\ntime.sleep(60)\n")
    code, out = _exec(str(script), "--timeout", "1", "--json")
    payload = json.loads(out)
    assert payload["timed_out"] is True and payload["stdout"] == "start\n"
    assert payload["exit_code"] == 124 == code


def test_exec_readable_summary(tmp_path: Path) -> None:
    script = tmp_path / "hello.py"
    script.write_text("print('hi')\n")
    result = CliRunner().invoke(_cli(), ["env", "exec", str(script)])
    assert result.exit_code == 0
    assert result.stdout.startswith("hi\n")
    assert "[hello.py: exit 0," in result.output
