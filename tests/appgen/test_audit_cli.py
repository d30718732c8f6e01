"""``cuagym appgen audit``: exit codes 0/1/2, the --json contract, the --out report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cuagym.appgen import AuditReport
from cuagym.cli._main import app
from tests.appgen.conftest import write_project

runner = CliRunner()


def _audit(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["appgen", "audit", *args])
    return result.exit_code, result.stdout, result.stderr


def test_an_unknown_app_id_is_exit_2() -> None:
    code, out, err = _audit("no-such-app", "--json")
    assert code == 2 and out == ""
    assert "unknown app 'no-such-app'" in err


def test_a_desktop_app_is_exit_2() -> None:
    code, _, err = _audit("calc")
    assert code == 2 and "calc is a desktop app" in err


def test_a_folder_that_is_not_an_app_project_is_exit_2(tmp_path: Path) -> None:
    code, _, err = _audit(str(tmp_path))
    assert code == 2 and "not an app project" in err


def test_no_chromium_is_exit_2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import cuagym.appgen._audit as audit

    monkeypatch.setattr(audit, "CHROMIUM", tmp_path / "chromium")
    code, _, err = _audit("mail")
    assert code == 2 and "chromium is not installed" in err


@pytest.mark.browser
def test_a_clean_project_is_exit_0_with_the_contracts_keys(tmp_path: Path) -> None:
    project = write_project(tmp_path / "clean", "cuagym_board_clean", "defect-board", ())
    code, out, _ = _audit(str(project), "--json")
    assert code == 0
    data = json.loads(out)  # stdout is exactly one JSON object
    assert list(data) == list(AuditReport.model_fields)
    assert data["app"] == "defect-board" and data["ok"] is True
    assert data["dead"] == [] and data["errors"] == [] and data["routes"] == 4


@pytest.mark.browser
def test_findings_are_exit_1_and_out_writes_the_report(tmp_path: Path) -> None:
    project = write_project(
        tmp_path / "bad", "cuagym_board_bad", "defect-board", ("dead_button", "missing_h1")
    )
    report_dir = tmp_path / "report"
    code, out, _ = _audit(str(project), "--json", "--out", str(report_dir))
    assert code == 1
    data = AuditReport.model_validate_json(out)
    assert not data.ok and data.dead and data.errors
    html = (report_dir / "index.html").read_text(encoding="utf-8")
    shots = sorted(p.name for p in (report_dir / "shots").glob("*.png"))
    assert len(shots) == 4
    for name in shots:
        assert f'src="shots/{name}"' in html
        assert (report_dir / "shots" / name).read_bytes().startswith(b"\x89PNG")
    assert 'class="dead"' in html and "Show help" in html
    record = json.loads((report_dir / "audit.json").read_text(encoding="utf-8"))
    assert record["report"] == data.model_dump(mode="json")
    assert all("seconds" in c["outcome"] for r in record["routes"] for c in r["controls"])
    # the shared layout's controls are probed on the first route, recorded on the others
    about = next(r for r in record["routes"] if r["pattern"] == "/about")
    assert {"control": about["shared"][0]["control"], "same_as": "/"} in about["shared"]
    assert any(s["control"].startswith('button "Site menu"') for s in about["shared"])
    assert "same as <code>/</code>" in html


@pytest.mark.browser
def test_progress_goes_to_stderr_and_stdout_stays_one_json_object(tmp_path: Path) -> None:
    """Without a terminal: a status line per stage on stderr (DESIGN.md §14)."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    project = write_project(tmp_path / "p", "cuagym_board_progress", "defect-board", ())
    env = {**os.environ, "PYTHONPATH": f"{root / 'src'}{os.pathsep}{root}"}
    done = subprocess.run(
        [sys.executable, "-m", "cuagym.cli", "appgen", "audit", str(project), "--json"],
        env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    assert json.loads(line)["ok"] is True
    stages = [x.split(":")[0] for x in done.stderr.splitlines() if " done (" in x]
    assert "controls" in stages and any(s.startswith("routes") for s in stages), done.stderr
