"""``cuagym verify`` through Typer's CliRunner: the JSON contract, exit codes, reproducibility."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cuagym.cli._verify import verify_command
from tests.synth.bundle_corpus import bundle_folder

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")
CONTRACT_KEYS = ["task_id", "bundle", "passed", "conditions", "r_init", "r_gold"]


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()
    app.command("verify")(verify_command)

    @app.command("noop")
    def _noop() -> None:  # a second command keeps "verify" a named subcommand
        pass

    return app


def verify(app: typer.Typer, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["verify", *args])
    return result.exit_code, result.stdout, result.stderr


@needs_root
@pytest.mark.slow
def test_json_contract_order_and_reproducibility(app: typer.Typer) -> None:
    paths = [
        str(bundle_folder("fail-c3-half-credit")),
        str(bundle_folder("team-chat--set-channel-topic--0")),
        str(bundle_folder("files-csv-dedupe")),
    ]
    code, out, _ = verify(app, *paths, "--json", "--workers", "2")
    assert code == 1  # one bundle fails
    first = json.loads(out)
    assert [e["bundle"] for e in first] == paths  # argument order, whatever finished first
    assert [e["task_id"] for e in first] == [Path(p).name for p in paths]
    for entry in first:
        assert list(entry) == CONTRACT_KEYS
        assert list(entry["conditions"]) == ["C1", "C2", "C3", "C4", "C5", "C6", "C7"]
        assert all(list(c) == ["ok", "detail"] for c in entry["conditions"].values())
    assert [e["passed"] for e in first] == [False, True, True]
    assert first[0]["conditions"]["C3"]["ok"] is False and first[0]["r_gold"] == 0.5
    assert first[1]["r_init"] == 0.0 and first[1]["r_gold"] == 1.0
    assert first[0]["conditions"]["C7"]["ok"] is None  # no gold state scored 1.0
    assert first[1]["conditions"]["C7"]["ok"] is True and "near misses" in str(first[1])
    # Verifying again, in fresh environments and a new hub, gives the same JSON.
    code, again, _ = verify(app, *paths, "--json")
    assert code == 1 and json.loads(again) == first


@needs_root
@pytest.mark.slow
def test_table_and_exit_0(app: typer.Typer) -> None:
    code, out, _ = verify(app, str(bundle_folder("writer-title-heading")))
    assert code == 0, out
    assert "PASS" in out and "FAIL" not in out
    assert "1 bundle(s) verified, 0 failed." in out


def test_not_a_bundle_exits_2_naming_file_and_field(app: typer.Typer, tmp_path: Path) -> None:
    broken = tmp_path / "calc-total-row"
    shutil.copytree(bundle_folder("calc-total-row"), broken)
    config = json.loads((broken / "task_config.json").read_text())
    config["difficulty"] = "impossible"
    (broken / "task_config.json").write_text(json.dumps(config))
    good = str(bundle_folder("files-csv-dedupe"))
    code, out, err = verify(app, good, str(broken), str(tmp_path / "nowhere"), "--json")
    assert code == 2 and out == ""  # nothing verified
    assert "task_config.json: difficulty" in err and "impossible" in err
    assert f"{tmp_path / 'nowhere'}: not a folder" in err


def test_bundle_without_scripts_exits_2(app: typer.Typer, tmp_path: Path) -> None:
    partial = tmp_path / "fail-c1-setup-crash"
    shutil.copytree(bundle_folder("fail-c1-setup-crash"), partial)
    (partial / "reward.py").unlink()  # allowed in a rejected bundle, but verify needs it
    code, _, err = verify(app, str(partial))
    assert code == 2 and "reward.py: missing (verify runs all three scripts)" in err


@needs_root
@pytest.mark.slow
def test_a_hanging_reward_times_out_once_per_state_and_says_so_first(
    app: typer.Typer, tmp_path: Path
) -> None:
    bundle = tmp_path / "files-csv-dedupe"
    shutil.copytree(bundle_folder("files-csv-dedupe"), bundle)
    (bundle / "reward.py").write_text("import time\n\ntime.sleep(600)\n")
    code, out, err = verify(app, str(bundle), "--timeout", "2")
    assert code == 1, out
    said = " ".join(out.split())  # rich wraps long lines
    assert "C3 failed: reward.py on V_gold timed out after 2 s" in said
    assert "C4 failed: reward.py on V_init timed out after 2 s" in said
    assert "C6 not run: no state was scored by reward.py" in said
    assert "not run: not run" not in said
    assert "verify: 1/1 done (100%), 0 passed" in err, "progress on stderr, not stdout"


def test_machinery_that_cannot_run_exits_1_in_one_line(
    app: typer.Typer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """DESIGN §14 has three exit codes: a verification whose sandbox cannot start (here: no env
    image) errored every item, so 1, with one line naming what to do."""
    monkeypatch.setenv("CUAGYM_IMAGE", str(tmp_path / "no-image"))
    code, out, err = verify(app, str(bundle_folder("calc-total-row")), "--json")
    assert code == 1 and out == ""
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "no env image" in lines[0] and "image build" in lines[0]


@needs_root
def test_near_misses_zero_leaves_c7_unrun(app: typer.Typer) -> None:
    """``verify --near-misses 0``: C1-C6 as before, C7 reported as not run (null), not passed."""
    bundle = str(bundle_folder("calc-total-row"))
    code, out, err = verify(app, bundle, "--json", "--near-misses", "0")
    assert code == 0, err
    [report] = json.loads(out)
    assert report["conditions"]["C7"]["ok"] is None
    code, out, err = verify(app, bundle, "--json", "--near-misses", "3")
    assert code == 0, err
    assert json.loads(out)[0]["conditions"]["C7"]["ok"] is True
