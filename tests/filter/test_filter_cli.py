"""``cuagym filter critics`` as a user runs it: a subprocess talking HTTP to the scripted chat
double (a test double behind a local server, not a model); bad arguments; kill -9 and resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cuagym.cli._main import app
from cuagym.core import Bundle
from cuagym.filter._store import FilterStore
from cuagym.llm.scripted import Reply, ScriptedChatApi
from tests.filter.helpers import (
    CLI,
    CORPUS_IDS,
    by_model_and_task,
    cli_env,
    corpus,
    scripted_server,
    verdict,
)

ANSWERS = {
    ("critic-a", "files-csv-dedupe"): verdict("reject", "P0", 0.9),
    ("critic-b", "calc-total-row"): verdict("modify_query", "P1", 0.8, "Sum the amounts."),
    ("critic-a", "calc-total-row"): verdict("modify_query", "P2", 0.7, "Add a Total row."),
}
for _task_id in CORPUS_IDS:  # a critic whose key the provider refuses
    ANSWERS[("critic-revoked", _task_id)] = Reply(status=401, error="invalid x-api-key")


def _critics(url: str) -> list[str]:
    return ["--critic", f"openai:critic-a@{url}/v1", "--critic", f"anthropic:critic-b@{url}"]


def _where(out: Path) -> dict[str, list[str]]:
    """task id -> the buckets holding it (must be exactly one)."""
    found: dict[str, list[str]] = {}
    for bucket in ("kept", "dropped", "offline"):
        for entry in sorted((out / bucket).glob("*")) if (out / bucket).is_dir() else []:
            found.setdefault(entry.name, []).append(bucket)
    return found


@pytest.mark.slow
def test_critics_command_end_to_end(tmp_path: Path) -> None:
    final = corpus(tmp_path)
    out = tmp_path / "out"
    api = ScriptedChatApi(by_model_and_task(ANSWERS))
    with scripted_server(api) as url:
        run = subprocess.run(
            [*CLI, "critics", str(final), *_critics(url), "--out", str(out), "--json"],
            capture_output=True, text=True, env=cli_env(), timeout=300,
        )  # fmt: skip
    assert run.returncode == 0, run.stderr
    line = json.loads(run.stdout.strip().splitlines()[-1])
    n = len(CORPUS_IDS)
    assert line["stage"] == "critics" and line["tuples"] == n and line["decided"] == n
    assert line["decisions"]["critics"] == {"keep": n - 2, "modify_query": 1, "reject": 1}
    assert line["buckets"] == {"kept": n - 1, "dropped": 1, "offline": 0}
    assert line["severity"]["P0"] == 1 and line["errors"] == 0
    assert line["tokens_in"] > 0 and line["cost_usd"] == 0.0
    assert "cuagym filter critics" in run.stderr and "no price for" in run.stderr
    assert Bundle.load(out / "kept" / "calc-total-row").task.instruction == "Sum the amounts."
    assert len(api.requests) == 2 * n
    assert {r.provider for r in api.requests} == {"openai", "anthropic"}


def test_bad_arguments_run_nothing(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["calc-total-row"])
    runner = CliRunner()
    out = tmp_path / "out"
    one = runner.invoke(
        app, ["filter", "critics", str(final), "--critic", "openai:x", "--out", str(out)]
    )
    assert one.exit_code == 2 and "at least two --critic" in one.output
    bad = runner.invoke(app, ["filter", "critics", str(tmp_path), "--critic", "openai:x",
                              "--critic", "anthropic:y", "--out", str(out)])  # fmt: skip
    assert bad.exit_code == 2 and "invalid bundle" in bad.output
    spec = runner.invoke(app, ["filter", "critics", str(final), "--critic", "openai:x",
                               "--critic", "gemini:y", "--out", str(out)])  # fmt: skip
    assert spec.exit_code == 2 and "unknown provider" in spec.output
    assert not out.exists()


@pytest.mark.slow
def test_provider_errors_exit_1_and_a_rerun_finishes(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["calc-total-row", "files-csv-dedupe"])
    out = tmp_path / "out"
    api = ScriptedChatApi(by_model_and_task(ANSWERS))
    with scripted_server(api) as url:
        args = [*CLI, "critics", str(final), "--out", str(out), "--json"]
        wrong = [*args, "--critic", f"openai:critic-a@{url}/v1", "--critic",
                 f"anthropic:critic-revoked@{url}"]  # fmt: skip
        env = cli_env()
        first = subprocess.run(wrong, capture_output=True, text=True, env=env, timeout=300)
        assert first.returncode == 1, first.stderr
        assert "undecided" in first.stderr and "HTTP 401" in first.stderr
        assert "sk-test" not in first.stderr + first.stdout
        assert json.loads(first.stdout.splitlines()[-1])["errors"] == 2
        asked = len(api.requests)
        second = subprocess.run([*args, *_critics(url)], capture_output=True, text=True,
                                env=env, timeout=300)  # fmt: skip
    assert second.returncode == 0, second.stderr
    assert len(api.requests) == asked + 2  # critic-a's verdicts were kept from the first run
    assert [r.body["model"] for r in api.requests[asked:]] == ["critic-b", "critic-b"]
    assert sorted(_where(out)) == ["calc-total-row", "files-csv-dedupe"]


@pytest.mark.slow
def test_kill_9_mid_run_then_resume(tmp_path: Path) -> None:
    final = corpus(tmp_path)
    out = tmp_path / "out"
    api = ScriptedChatApi(by_model_and_task(ANSWERS))
    with scripted_server(api, delay_s=0.5) as url:
        argv = [*CLI, "critics", str(final), *_critics(url), "--out", str(out),
                "--workers", "2", "--json"]  # fmt: skip
        proc = subprocess.Popen(
            argv, env=cli_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and len(_where(out)) < 2 and proc.poll() is None:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        placed = _where(out)
        assert 2 <= len(placed) < len(CORPUS_IDS), placed
        # after the kill: nothing in two places, every placed bundle complete and valid
        assert all(len(b) == 1 for b in placed.values()), placed
        for task_id, (bucket,) in placed.items():
            Bundle.load(out / bucket / task_id)
        asked_before = Counter(_task(r.body) for r in api.requests)
        again = subprocess.run(argv, capture_output=True, text=True, env=cli_env(), timeout=300)
    assert again.returncode == 0, again.stderr
    where = _where(out)
    assert sorted(where) == CORPUS_IDS and all(len(b) == 1 for b in where.values())
    assert where["files-csv-dedupe"] == ["dropped"]
    line = json.loads(again.stdout.strip().splitlines()[-1])
    assert line["earlier"] >= len(placed) and line["decided"] + line["earlier"] == len(CORPUS_IDS)
    asked = Counter(_task(r.body) for r in api.requests)
    for task_id in placed:  # decided before the kill: nobody asked again
        assert asked[task_id] == asked_before[task_id]
    FilterStore(out).reconcile()  # consistent: nothing left to finish
    assert not any((out / ".cuagym-tmp").glob("*")) if (out / ".cuagym-tmp").exists() else True


def _task(body: dict[str, object]) -> str:
    text = json.dumps(body)
    return next(t for t in CORPUS_IDS if f'\\"task_id\\": \\"{t}\\"' in text)


def test_oracle_teacher_keeps_what_it_solves_plays_once_and_notes_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README's "free and offline" run: the rollout layer is the test double (the real GUI
    oracles are exercised by test_agent_rollouts); the command's wiring is what is tested."""
    import cuagym.filter
    from cuagym.filter._teacher_stage import NO_JUDGE_NOTE, ORACLE_NOTE
    from tests.filter.teacher_helpers import GREEN, ScriptedRollouts

    solved = {"calc-total-row", "files-csv-dedupe"}
    doubles: list[ScriptedRollouts] = []

    def rollouts(config: object, **_: object) -> ScriptedRollouts:
        assert getattr(config, "policy", None) == "oracle"
        doubles.append(ScriptedRollouts(lambda b, k: (1.0 if b.task_id in solved else 0.0, GREEN)))
        return doubles[-1]

    monkeypatch.setattr(cuagym.filter, "AgentRollouts", rollouts)
    final = corpus(tmp_path)
    out = tmp_path / "out"
    argv = ["filter", "teacher", str(final), "--out", str(out), "--policy", "oracle"]
    result = CliRunner().invoke(app, [*argv, "--judge", "none"])
    assert result.exit_code == 0, result.output
    assert sorted(k for _, k, _ in doubles[0].runs) == [0] * len(CORPUS_IDS)  # once per tuple
    assert _where(out) == {
        t: ["kept"] if t in solved else ["dropped"] for t in CORPUS_IDS
    }  # every solved tuple kept: no downsampling of what the oracle solves
    said = " ".join(result.output.split())  # rich wraps long lines
    assert said.count(ORACLE_NOTE) == 1 and said.count(NO_JUDGE_NOTE) == 1

    many = CliRunner().invoke(app, [*argv, "--judge", "none", "--n", "4"])
    assert many.exit_code == 2 and "--n 4" in many.output and "once" in many.output


def test_teacher_without_a_terminal_reports_progress_on_stderr_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN §14: long work shows a status line when no terminal is attached (a log, CI), on
    stderr, so that ``--json`` keeps stdout machine-readable."""
    import cuagym.filter
    from tests.filter.teacher_helpers import GREEN, ScriptedRollouts

    monkeypatch.setattr(
        cuagym.filter,
        "AgentRollouts",
        lambda config, **_: ScriptedRollouts(lambda b, k: (1.0, GREEN)),
    )
    final = corpus(tmp_path)
    argv = ["filter", "teacher", str(final), "--out", str(tmp_path / "out"), "--policy", "oracle"]
    result = CliRunner().invoke(app, [*argv, "--judge", "none", "--json"])
    assert result.exit_code == 0, result.output
    n = len(CORPUS_IDS)
    assert f"teacher: {n}/{n} done (100%), {n} kept, 0 dropped, 0 errors" in result.stderr
    json.loads(result.stdout.strip().splitlines()[-1])  # stdout: the JSON summary only
    assert "teacher:" not in result.stdout
