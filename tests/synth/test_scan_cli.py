"""`cuagym scan` through Typer's CliRunner, with scan_command on a local app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cuagym.cli._scan import scan_command

CORPUS = Path(__file__).parent / "scan_corpus"


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()
    app.command("scan")(scan_command)

    @app.command("noop")
    def _noop() -> None:  # a second command keeps "scan" a named subcommand
        pass

    return app


@pytest.fixture
def scripts(tmp_path: Path) -> dict[str, Path]:
    clean = tmp_path / "clean.py"
    clean.write_text(
        "import json\n"
        "d = json.load(open('/home/user/a.json'))\n"
        "print(f\"REWARD: {1.0 if d.get('x') == 1 else 0.0}\")\n"
    )
    hacked = tmp_path / "hacked.py"
    hacked.write_text("import os\nos.system('true')\nprint('REWARD: 1.0')\n")
    return {"clean": clean, "hacked": hacked}


def run(app: typer.Typer, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["scan", *args])
    return result.exit_code, result.output


def test_clean_script_exits_0(app: typer.Typer, scripts: dict[str, Path]) -> None:
    code, out = run(app, str(scripts["clean"]))
    assert code == 0
    assert "clean.py" in out
    assert "1 script(s) scanned, 0 with violations" in out


def test_violation_exits_1_with_table(app: typer.Typer, scripts: dict[str, Path]) -> None:
    code, out = run(app, str(scripts["hacked"]))
    assert code == 1
    assert "subprocess" in out
    assert "hardcoded_success" in out


def test_missing_path_exits_2(app: typer.Typer, scripts: dict[str, Path], tmp_path: Path) -> None:
    missing = tmp_path / "nope.py"
    result = CliRunner().invoke(app, ["scan", str(scripts["clean"]), str(missing)])
    assert result.exit_code == 2
    assert "no such file or directory" in result.output
    assert str(missing) in result.output


def test_json_output_shape_and_argument_order(app: typer.Typer, scripts: dict[str, Path]) -> None:
    code, out = run(app, "--json", str(scripts["hacked"]), str(scripts["clean"]))
    assert code == 1
    data = json.loads(out)
    assert [entry["path"] for entry in data] == [str(scripts["hacked"]), str(scripts["clean"])]
    assert data[1]["violations"] == []
    first = data[0]["violations"]
    assert {v["pattern"] for v in first} == {"subprocess", "hardcoded_success"}
    for v in first:
        assert set(v) == {"pattern", "line", "message"}
        assert isinstance(v["line"], int)
        assert isinstance(v["message"], str) and v["message"]


def test_json_clean_exits_0(app: typer.Typer, scripts: dict[str, Path]) -> None:
    code, out = run(app, str(scripts["clean"]), "--json")
    assert code == 0
    assert json.loads(out) == [{"path": str(scripts["clean"]), "violations": []}]


def test_directory_scans_every_python_file_sorted(app: typer.Typer) -> None:
    code, out = run(app, "--json", str(CORPUS / "legit"))
    assert code == 0
    paths = [entry["path"] for entry in json.loads(out)]
    assert paths == [str(p) for p in sorted((CORPUS / "legit").rglob("*.py"))]
    assert len(paths) >= 20

    code, out = run(app, "--json", str(CORPUS / "hacked"))
    assert code == 1
    assert all(entry["violations"] for entry in json.loads(out))


def test_requires_a_path(app: typer.Typer) -> None:
    result = CliRunner().invoke(app, ["scan"])
    assert result.exit_code == 2
