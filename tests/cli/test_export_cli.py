"""``cuagym export osworld``: every bundle of a corpus as an OSWorld task, the hub baked in."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path

from typer.testing import CliRunner

from cuagym.cli._main import app
from cuagym.core.osworld import OSWorldConfig

BUNDLES = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final"


def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(BUNDLES, root / "final")
    return root


def export(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["export", "osworld", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_corpus_becomes_osworld_examples_with_the_hub_baked_in(tmp_path: Path) -> None:
    out = tmp_path / "osworld"
    hub, token = "http://10.1.2.3:8765", "s3cret-token"
    code, stdout, stderr = export(str(corpus(tmp_path)), "--out", str(out), "--hub", hub,
                                  "--token", token, "--json")  # fmt: skip
    assert code == 0, stderr
    summary = json.loads(stdout.splitlines()[-1])
    assert summary == {"exported": 7, "web": 4, "out": str(out)}
    index = json.loads((out / "test_all.json").read_text())
    assert sorted(index) == ["calc", "crm", "files", "team-chat", "writer"]
    assert index["team-chat"] == sorted(index["team-chat"]) and len(index["team-chat"]) == 3
    for domain, ids in index.items():
        for task_id in ids:
            path = out / "examples" / domain / f"{task_id}.json"
            data = json.loads(path.read_text())
            config = OSWorldConfig.model_validate(data)  # OSWorld's keys only
            commands = " ".join(str(s.parameters.get("command", "")) for s in config.config) + str(
                config.evaluator.result
            )
            web = domain in ("crm", "team-chat")
            assert (f"CUAGYM_HUB={hub}" in commands) == web
            assert (token in commands) == web  # in commands only, never in a file step
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(out.stat().st_mode) == 0o700


def test_web_tasks_need_the_hub(tmp_path: Path) -> None:
    code, _, stderr = export(str(corpus(tmp_path)), "--out", str(tmp_path / "o"))
    assert code == 2
    assert "team-chat--set-channel-topic--0: uses web app(s) ['team-chat']" in stderr
    assert not (tmp_path / "o").exists()  # nothing half-written


def test_desktop_only_corpus_needs_no_hub_and_no_token(tmp_path: Path) -> None:
    one = tmp_path / "files-csv-dedupe"
    shutil.copytree(BUNDLES / "files-csv-dedupe", one)
    out = tmp_path / "o"
    code, stdout, stderr = export(str(one), "--out", str(out))
    assert code == 0, stderr
    assert "wrote 1 OSWorld tasks" in stdout
    assert (out / "examples" / "files" / "files-csv-dedupe.json").is_file()


def test_not_a_corpus(tmp_path: Path) -> None:
    code, _, stderr = export(str(tmp_path / "missing"), "--out", str(tmp_path / "o"))
    assert code == 2 and "not a folder" in stderr
    (tmp_path / "empty").mkdir()
    code, _, stderr = export(str(tmp_path / "empty"), "--out", str(tmp_path / "o"))
    assert code == 2 and "holds no bundle" in stderr
