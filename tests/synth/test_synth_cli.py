"""``cuagym synth``: the --json contract line, task-file errors, resume after kill -9, the lock."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cuagym.cli._synth import synth_command
from cuagym.core import Bundle
from tests.synth.synth_helpers import SYNTH_ARGV, requires_jail

JSON_KEYS = [
    "accepted", "rejected", "rounds_mean", "wall_s", "tuples_per_hour",
    "tokens_in", "tokens_out", "cost_usd",
]  # fmt: skip


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command()(synth_command)
    return app


def _invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(_app(), list(args))
    return result.exit_code, result.output


COMMAND = ("--backend", "command", "--generator-cmd", "true", "--discriminator-cmd", "true")
GOOD = {
    "task_id": "t-1", "instruction": "Do it.", "context": "", "domain": "team-chat",
    "apps": ["team-chat"], "difficulty": "easy",
}  # fmt: skip


@pytest.mark.parametrize(
    ("content", "needles"),
    [
        ("{not json", ["not valid JSON"]),
        ('{"task_id": "x"}', ["JSON list"]),
        ("[]", ["empty"]),
        (json.dumps([GOOD, "oops"]), ["task 1", "JSON object"]),
        (json.dumps([{**GOOD, "difficulty": "trivial"}]), ["task 0 ('t-1')", "'difficulty'"]),
        (
            json.dumps([{k: v for k, v in GOOD.items() if k != "instruction"}]),
            ["task 0 ('t-1')", "'instruction'", "required"],
        ),
        (json.dumps([GOOD, {**GOOD, "task_id": "bad id!"}]), ["task 1", "'task_id'"]),
        (json.dumps([GOOD, GOOD]), ["task 1 ('t-1')", "'task_id'", "duplicate of task 0"]),
        (json.dumps([{**GOOD, "meta": {"scenario": "space"}}]), ["task 0", "'meta.scenario'"]),
        (
            json.dumps([{**GOOD, "domain": "nowhere", "apps": ["nowhere"]}]),
            ["task 0 ('t-1')", "'meta.platform'", "'nowhere'"],
        ),
        (json.dumps([GOOD]), ["task 0 ('t-1')", "'family'"]),  # procedural needs a family
    ],
    ids=[
        "not-json",
        "not-a-list",
        "empty",
        "not-an-object",
        "bad-difficulty",
        "no-instruction",
        "bad-id",
        "duplicate",
        "bad-meta",
        "unknown-domain",
        "no-family",
    ],
)
def test_malformed_task_file_names_task_and_field(
    tmp_path: Path, content: str, needles: list[str]
) -> None:
    tasks = tmp_path / "tasks.json"
    tasks.write_text(content)
    # The command backend needs no task family: each case shows only its own problem.
    backend = [] if "'family'" in needles else [*COMMAND]
    code, output = _invoke("--tasks", str(tasks), "--out", str(tmp_path / "out"), *backend)
    assert code == 2, output
    assert "error:" in output
    for needle in needles:
        assert needle in output, output
    assert not (tmp_path / "out").exists()


def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    code, output = _invoke("--backend", "llm", "--n", "1", "--out", str(tmp_path))
    assert code == 2 and "the llm backend needs --model" in output
    code, output = _invoke("--backend", "command", "--n", "1", "--out", str(tmp_path))
    assert code == 2 and "--generator-cmd" in output
    code, output = _invoke("--domains", "nowhere", "--n", "1", "--out", str(tmp_path))
    assert code == 2 and "unknown domain 'nowhere'" in output
    code, output = _invoke("--domains", "team-chat", "--out", str(tmp_path))
    assert code == 2 and "--n must be at least 1" in output


def test_a_second_batch_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    fd = os.open(out / ".cuagym-synth.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        code, output = _invoke("--domains", "team-chat", "--n", "1", "--out", str(out))
    finally:
        os.close(fd)
    assert code == 1 and "another cuagym synth is writing" in output


def _bundle_digests(folder: Path) -> dict[str, str]:
    out = {}
    for bundle in sorted(folder.iterdir()):
        digest = hashlib.sha256()
        for f in sorted(bundle.iterdir()):
            digest.update(f.name.encode() + b"\0" + f.read_bytes())
        out[bundle.name] = digest.hexdigest()
    return out


@requires_jail
def test_json_line_and_resume_after_kill_9(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = [*SYNTH_ARGV, "--domains", "team-chat", "--n", "6", "--seed", "1",
            "--workers", "2", "--out", str(out), "--json"]  # fmt: skip
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        final = out / "final"
        if final.is_dir() and len(list(final.iterdir())) >= 2:
            break
        if proc.poll() is not None:
            pytest.fail(f"batch ended before the kill: {proc.communicate()}")
        time.sleep(0.2)
    else:
        pytest.fail("no bundle within 300 s")
    os.kill(proc.pid, signal.SIGKILL)  # a crash mid-batch: tasks in flight, maybe a write
    proc.wait()
    proc.stdout.close()  # type: ignore[union-attr]
    proc.stderr.close()  # type: ignore[union-attr]
    before = _bundle_digests(out / "final")
    assert 2 <= len(before) < 6

    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(line) == JSON_KEYS
    assert line["accepted"] == 6 and line["rejected"] == 0 and line["rounds_mean"] == 1.0
    assert line["tokens_in"] == line["tokens_out"] == 0 and line["cost_usd"] == 0.0
    assert line["wall_s"] > 0 and line["tuples_per_hour"] > 0
    after = _bundle_digests(out / "final")
    assert len(after) == 6 and not (out / "rejected").exists()
    assert all(after[k] == v for k, v in before.items()), "an accepted tuple was redone"
    for name in after:
        Bundle.load(out / "final" / name)
    assert not (out / ".cuagym-tmp").exists()
    # A third run finds nothing to do and still reports the whole batch.
    again = subprocess.run(args, capture_output=True, text=True, timeout=300)
    line = json.loads(again.stdout.strip().splitlines()[-1])
    assert line["accepted"] == 6 and _bundle_digests(out / "final") == after
    assert not list(out.glob(".cuagym*")), "no lock file or temp folder left after success"


def test_tuples_of_another_backend_are_refused_unless_forced(tmp_path: Path) -> None:
    """DESIGN.md §14: a folder whose tuples another role backend made is not silently mixed."""
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([GOOD]))
    out = tmp_path / "out"
    earlier = Path(__file__).parent / "bundles" / "final" / "team-chat--set-channel-topic--0"
    shutil.copytree(earlier, out / "final" / "t-1")  # its meta.json says backend "procedural"
    before = _bundle_digests(out / "final")
    code, output = _invoke("--tasks", str(tasks), "--out", str(out), *COMMAND)
    assert code == 2, output
    assert "another role backend or model (t-1 by procedural; now command)" in " ".join(
        output.split()
    )
    assert "--force" in output and _bundle_digests(out / "final") == before
    code, output = _invoke("--tasks", str(tasks), "--out", str(out), *COMMAND, "--force")
    assert code == 0, output
    said = " ".join(output.split())  # rich wraps long lines
    assert "1 already done earlier" in said and _bundle_digests(out / "final") == before
    # progress without a terminal: the one-line status, here its last word
    assert "synth: 1/1 done (100%), 1 accepted, 0 rejected, 0 errors" in said
    assert sorted(p.name for p in out.iterdir()) == ["final"], "no lock or temp folder left"


def test_the_llm_backends_base_url_is_checked_before_anything_starts(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, output = _invoke(
        "--backend", "llm", "--model", "openai:some-model", "--base-url", "notaurl",
        "--domains", "team-chat", "--n", "1", "--out", str(out),
    )  # fmt: skip
    assert code == 2, output
    assert "error: --base-url 'notaurl' is not an http(s) URL" in " ".join(output.split())
    assert not out.exists()


def test_tuples_of_another_model_are_refused_unless_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")  # never used: nothing reaches a model
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([GOOD]))
    out = tmp_path / "out"
    earlier = out / "final" / "t-1"
    shutil.copytree(Path(__file__).parent / "bundles" / "final" / "files-csv-dedupe", earlier)
    meta = json.loads((earlier / "meta.json").read_text())
    (earlier / "meta.json").write_text(json.dumps({**meta, "backend": "llm", "model": "openai:a"}))
    llm = ("--backend", "llm", "--model", "openai:b")
    code, output = _invoke("--tasks", str(tasks), "--out", str(out), *llm)
    assert code == 2, output
    said = " ".join(output.split())
    assert "(t-1 by llm openai:a; now llm openai:b)" in said and "--force" in said
    code, output = _invoke("--tasks", str(tasks), "--out", str(out), *llm, "--force")
    assert code == 0 and "1 already done earlier" in " ".join(output.split()), output


@requires_jail
def test_near_misses_bound_what_c7_tries_and_zero_turns_it_off(tmp_path: Path) -> None:
    """``--near-misses N`` is C7's budget per tuple (DESIGN §13), recorded in meta.json; 0 runs
    no near miss (and says so in REVIEW.md's C7 row), for a user who wants C1-C6 only."""
    tasks = tmp_path / "tasks.json"
    earlier = Path(__file__).parent / "bundles" / "final" / "team-chat--set-channel-topic--0"
    task = json.loads((earlier / "task_config.json").read_text())
    tasks.write_text(json.dumps([task]))
    tried = {}
    for budget in (2, 0):
        out = tmp_path / f"out-{budget}"
        code, output = _invoke(
            "--tasks", str(tasks), "--out", str(out), "--near-misses", str(budget)
        )
        assert code == 0, output
        bundle = Bundle.load(out / "final" / task["task_id"])
        near = bundle.meta.near_misses
        # sampled = tried + skipped (a near miss the app's schema refuses is skipped)
        tried[budget] = None if near is None else near.tried + len(near.skipped)
        c7 = bundle.review.conditions.get("C7")
        if budget == 0:
            assert c7 is None or c7.ok is None, c7
    assert tried[2] == 2 and tried[0] in (None, 0)
    code, output = _invoke(
        "--tasks", str(tasks), "--out", str(tmp_path / "x"), "--near-misses", "-1"
    )
    assert code == 2 and "--near-misses" in output
