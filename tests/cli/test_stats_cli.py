"""``cuagym stats`` and ``cuagym export hf`` through the CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cuagym.cli import app
from tests.analysis.corpus import act, write_episode, write_tuple

runner = CliRunner()
SOURCE = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "final"
    write_tuple(root, "a", "Please open the report.", domain="calc")
    write_tuple(root, "b", "Add a heading to the memo and save it.", domain="writer",
                apps=["writer", "calc"], difficulty="hard")  # fmt: skip
    return root


def test_json_is_one_object_with_the_contract_keys(corpus: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    write_episode(
        run, "a", 0, [[act("left_click")], [act("type", text="x"), act("key", keys=["enter"])]]
    )
    result = runner.invoke(app, ["stats", str(corpus), "--episodes", str(run), "--json"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    contract = ["tuples", "domain_difficulty", "scenario", "platform", "task_type",
                "first_verbs", "app_pairs", "instruction_words", "calls_per_step",
                "solo_rate", "sequences"]  # fmt: skip
    assert list(data)[: len(contract)] == contract
    assert data["tuples"] == 2
    assert data["first_verbs"] == [["add", 1], ["open", 1]]
    assert data["app_pairs"] == [["calc", "writer", 1]]
    assert data["calls_per_step"] == {"1": 1, "2": 1, "3": 0, "4": 0, "5+": 0, "mean": 1.5}
    assert data["sequences"] == [[["type", "key"], 1]]


def test_tables_on_a_terminal(corpus: Path) -> None:
    result = runner.invoke(app, ["stats", str(corpus)])
    assert result.exit_code == 0, result.output
    for title in ("Tuples by domain × difficulty", "First imperative verbs", "App pairs",
                  "Instruction length (words)", "Task type"):  # fmt: skip
        assert title in result.stdout
    assert "32,112" in result.stdout  # the paper's figures beside the corpus's


def test_instructions_without_a_verb_are_counted_apart_not_as_a_verb(tmp_path: Path) -> None:
    root = tmp_path / "final"
    write_tuple(root, "a", "Please open the report.", domain="calc")
    write_tuple(root, "b", "Sales are up this quarter.", domain="calc")
    write_tuple(root, "c", "The file is open.", domain="writer")
    data = json.loads(runner.invoke(app, ["stats", str(root), "--json"]).stdout)
    assert data["first_verbs"] == [["open", 1]] and data["no_first_verb"] == 2
    shown = runner.invoke(app, ["stats", str(root)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert "(none)" not in shown.stdout
    said = " ".join(shown.stdout.split())  # the caption wraps to the table's width
    assert "2 instructions (66.7%) have no first imperative verb" in said


def test_html_report_is_written(corpus: Path, tmp_path: Path) -> None:
    report = tmp_path / "out" / "report.html"
    result = runner.invoke(app, ["stats", str(corpus), "--html", str(report), "--json"])
    assert result.exit_code == 0, result.output
    json.loads(result.stdout.strip().splitlines()[-1])
    page = report.read_text()
    assert page.startswith("<!doctype html>") and "data:image/png;base64," in page
    assert not list(report.parent.glob(".*.tmp"))


def test_a_report_over_a_folder_of_the_users_exits_2_in_one_line(
    corpus: Path, tmp_path: Path
) -> None:
    report = tmp_path / "out" / "report.html"
    (tmp_path / "out" / "report_files").mkdir(parents=True)
    (tmp_path / "out" / "report_files" / "mine.txt").write_text("x")
    result = runner.invoke(app, ["stats", str(corpus), "--html", str(report)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("error: cannot write the report: ")
    assert "mine.txt, which no report wrote" in result.stderr and not report.exists()


def test_unreadable_corpus_exits_2_naming_the_file(tmp_path: Path) -> None:
    bad = write_tuple(tmp_path / "final", "bad", "Open it.")
    (bad / "meta.json").write_text("[]")
    result = runner.invoke(app, ["stats", str(tmp_path / "final"), "--json"])
    assert result.exit_code == 2
    assert "bad/meta.json: must hold a JSON object" in result.output
    result = runner.invoke(app, ["stats", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and "no such file" in result.output


def test_export_hf_writes_a_loadable_dataset(tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    out = tmp_path / "dataset"
    result = runner.invoke(
        app, ["export", "hf", str(SOURCE), "--out", str(out), "--license", "cc-by-4.0", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["rows"] == 7 and summary["undeclared"] == []
    assert summary["web_apps"] == ["crm", "team-chat"]
    # In a fresh interpreter, as a user would: load_dataset then load_corpus.
    code = (
        "import sys; from datasets import load_dataset; from cuagym.data import load_corpus; "
        f"rows = load_dataset({str(out)!r}, split='train', cache_dir={str(tmp_path / 'c')!r}); "
        "print(len(load_corpus(rows)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "7"
    again = runner.invoke(app, ["export", "hf", str(SOURCE), "--out", str(out)])
    assert again.exit_code == 2 and "exists" in again.output


def test_export_exit_1_when_a_web_app_is_undeclared(tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    root = tmp_path / "final"
    for src in sorted(SOURCE.iterdir())[:1]:
        folder = root / src.name
        shutil.copytree(src, folder)
        for name in ("task_config.json", "meta.json"):
            data = json.loads((folder / name).read_text())
            data["domain"] = "ledger-mock"
            if "apps" in data:
                data["apps"] = ["ledger-mock"]
            if name == "meta.json":
                data["platform"] = "web"
            (folder / name).write_text(json.dumps(data, indent=2) + "\n")
    result = runner.invoke(app, ["export", "hf", str(root), "--out", str(tmp_path / "ds")])
    assert result.exit_code == 1, result.output
    assert "no release disclosure declared for web app(s) ledger-mock" in result.output
    assert "**not declared**" in (tmp_path / "ds" / "README.md").read_text()
