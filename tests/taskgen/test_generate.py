"""Plan and generate with the procedural backend: what comes out obeys lint, dedup and the
contract of DESIGN.md §8; what cannot be met is reported, not silently missed."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path
from typing import Any, cast, get_args

import pytest
from typer.testing import CliRunner

from cuagym.apps import PaperDomain
from cuagym.cli._taskgen import taskgen_app
from cuagym.domains import load_domains
from cuagym.synth import TaskFileError, load_tasks_file
from cuagym.taskgen import (
    TaskgenError,
    TaskgenOptions,
    TaskgenResult,
    build_catalog,
    coverage,
    run_taskgen,
    task_type_of,
)
from cuagym.taskgen._coverage import paper_domain_of
from cuagym.taskgen._dedup import grams
from cuagym.taskgen._dedup_models import DedupConfig
from cuagym.taskgen._embed import MiniLMEmbedder
from cuagym.taskgen._lint import lint_instruction
from cuagym.taskgen._template import slot_template, tokens

CELL_KEYS = {"platform", "category", "difficulty", "scenario", "task_type", "taxonomy_path",
             "source_pass"}  # fmt: skip
JSON_KEYS = ["tasks", "by_category", "hard_share", "cross_share", "max_app_share",
             "rejected_dedup", "rejected_lint", "constraints_met"]  # fmt: skip


def run(n: int, seed: int = 0, embedder: MiniLMEmbedder | None = None, **kw: Any) -> TaskgenResult:
    options = TaskgenOptions(**{"domains": "all", "n": n, "seed": seed, **kw})
    return asyncio.run(run_taskgen(options, embedder=embedder))


#: The corpus fixture's domains, fixed: with every installed app, 80 tasks spread over so many
#: leaves that the dedup stage may have nothing to reject, which the report test must see.
CORPUS_DOMAINS = ("calc", "crm", "files", "impress", "issue-tracker", "mail", "team-chat", "writer")


@pytest.fixture(scope="module")
def corpus(minilm: MiniLMEmbedder) -> TaskgenResult:
    return run(80, seed=0, embedder=minilm, domains=CORPUS_DOMAINS)


@pytest.mark.slow
def test_every_task_follows_the_contract(corpus: TaskgenResult) -> None:
    catalog = build_catalog(load_domains())
    platforms = catalog.platforms
    data = corpus.task_list()
    assert 0 < len(data) <= 80
    assert len({t["task_id"] for t in data}) == len(data)
    for task in cast(list[dict[str, Any]], data):
        cell = task["cell"]
        assert set(cell) == CELL_KEYS
        assert cell["difficulty"] == task["difficulty"]
        assert cell["task_type"] == task_type_of(task["apps"])
        kinds = {platforms[a] for a in task["apps"]}
        assert cell["platform"] == (kinds.pop() if len(kinds) == 1 else "cross")
        root, *path = cell["taxonomy_path"]
        leaf = catalog.leaf(f"{root}:{'/'.join(path)}")
        assert root == task["domain"] and leaf is not None and leaf.category == cell["category"]
        assert cell["source_pass"] in ("breadth", "gap_fill", "edge_cases")
        assert task["family"] and "params" in task
        assert lint_instruction(task["instruction"]).ok


@pytest.mark.slow
def test_no_output_breaks_a_dedup_rule(corpus: TaskgenResult, minilm: MiniLMEmbedder) -> None:
    tasks = corpus.tasks
    per_app: Counter[tuple[str, str]] = Counter()
    seen: list[set[str]] = []
    for t in tasks:
        template = slot_template(t.task.instruction, t.task.params)
        for app in set(t.task.apps):
            per_app[(app, template)] += 1
        mine = grams(tokens(t.task.instruction), 4)
        assert all(len(mine & other) / len(mine) <= 0.5 for other in seen)
        seen.append(mine)
    assert max(per_app.values()) <= 3
    vectors = minilm.embed([t.task.instruction for t in tasks])
    sims = vectors @ vectors.T
    for i in range(len(tasks)):
        sims[i, i] = 0.0
    assert float(sims.max()) < 0.85


@pytest.mark.slow
def test_the_report_measures_the_corpus_and_names_what_is_missing(
    corpus: TaskgenResult,
) -> None:
    report = corpus.report
    assert report.stats.tasks == len(corpus.tasks)
    assert sum(report.stats.by_category.values()) == len(corpus.tasks)
    line = report.json_line()
    assert list(line) == JSON_KEYS
    hard = sum(t.task.difficulty == "hard" for t in corpus.tasks) / len(corpus.tasks)
    assert line["hard_share"] == pytest.approx(hard, abs=1e-4)
    assert report.rejected_dedup == sum(report.rejected.get(k, 0)
                                        for k in ("template", "ngram", "cosine"))  # fmt: skip
    assert report.rejected_dedup > 0 and report.embedded > 0
    assert report.constraints_met == all(c.met for c in report.checks)
    for check in report.checks:
        if check.name in ("category", "app"):
            assert check.met, check.describe()  # caps hold even when minimums cannot
        if not check.met:
            assert check.needed and "NOT MET" in check.describe()
            assert check.needed in report.describe()


def test_same_seed_same_tasks_and_another_seed_other_tasks() -> None:
    no_cosine = DedupConfig(cosine=None)
    a = run(40, seed=5, dedup=no_cosine)
    b = run(40, seed=5, dedup=no_cosine)
    c = run(40, seed=6, dedup=no_cosine)
    assert [t.task.task_id for t in a.tasks] == [t.task.task_id for t in b.tasks]
    assert a.task_list() == b.task_list()
    assert [t.task.task_id for t in a.tasks] != [t.task.task_id for t in c.tasks]


def test_unmeetable_requests_fail_clearly() -> None:
    with pytest.raises(TaskgenError, match="unknown domain 'nope'"):
        run_taskgen_sync(domains=["nope"], n=5)
    with pytest.raises(TaskgenError, match="--n must be at least 1"):
        run_taskgen_sync(domains="all", n=0)
    with pytest.raises(TaskgenError, match="needs a model"):
        run_taskgen_sync(domains="all", n=5, backend="llm")


def run_taskgen_sync(**kw: Any) -> TaskgenResult:
    return asyncio.run(run_taskgen(TaskgenOptions(**kw)))


# -- the command ----------------------------------------------------------------------------------
def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(taskgen_app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.slow
def test_cli_fails_with_the_report_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "tasks.json"
    # One app alone can hold at most 15 % of a corpus (4.5 of 30 tasks), whatever its
    # families: 4 calc tasks and one files -> calc task, which counts half for each app.
    code, stdout, stderr = invoke("--domains", "calc", "--n", "30", "--seed", "2",
                                  "--out", str(out), "--json")  # fmt: skip
    assert code == 1, stderr
    assert not out.exists()
    line = json.loads(stdout.strip().splitlines()[-1])
    assert list(line) == JSON_KEYS and line["constraints_met"] is False and line["tasks"] == 5
    assert line["cross_share"] == 0.2, line
    assert "NOT MET" in stderr and "tasks: 5 of 30" in stderr and "--best-effort" in stderr


@pytest.mark.slow
def test_cli_best_effort_output_feeds_synth(tmp_path: Path) -> None:
    out = tmp_path / "tasks.json"
    code, stdout, stderr = invoke("--domains", "calc,writer,team-chat", "--n", "12",
                                  "--out", str(out), "--best-effort", "--json")  # fmt: skip
    assert code == 0, stderr
    data = json.loads(out.read_text())
    assert json.loads(stdout.strip().splitlines()[-1])["tasks"] == len(data) > 0
    specs = load_tasks_file(out, load_domains(), need_family=True)
    for spec, entry in zip(specs, data, strict=True):
        assert "cell" not in (spec.task.model_extra or {})  # no role sees the cell
        cell = entry["cell"]
        for key in ("platform", "category", "scenario", "taxonomy_path", "source_pass"):
            assert spec.meta[key] == cell[key]


def test_cli_arguments() -> None:
    code, _, stderr = invoke("--n", "3")
    assert code == 2 and "give --domains, --n and --out" in stderr
    code, _, stderr = invoke("--domains", "all", "--n", "3", "--out", "x.json", "--backend", "x")
    assert code == 2 and "unknown backend" in stderr
    code, _, stderr = invoke("--domains", "nope", "--n", "3", "--out", "x.json")
    assert code == 2 and "unknown domain 'nope'" in stderr


def test_coverage_command_json() -> None:
    code, stdout, _ = invoke("coverage", "--json")
    assert code == 0
    got = json.loads(stdout)
    want = coverage(build_catalog(load_domains()))
    assert got["leaves"] == want.leaves and got["covered"] == want.covered
    for d in got["domains"]:
        assert d["covered"] + len(d["uncovered_leaves"]) == d["leaves"]
        assert len(d["covered_leaves"]) == d["covered"]
    code, stdout, _ = invoke("coverage", "--domains", "calc")
    assert code == 0 and "calc uncovered" in stdout and "mail uncovered" not in stdout


def test_coverage_table_shows_whole_domain_names_and_every_total() -> None:
    """On a narrow terminal the domain names stay whole and the footer has every total."""
    want = coverage(build_catalog(load_domains()))
    result = CliRunner().invoke(taskgen_app, ["coverage"], env={"COLUMNS": "72"})
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    lines = lines[: next(i for i, line in enumerate(lines) if "Table-10 domains" in line)]
    for d in want.domains:
        row = [line for line in lines if line.startswith("│") and f" {d.domain} " in line]
        assert len(row) == 1, f"{d.domain} is not shown whole in the table"
        cells = [c.strip() for c in row[0].strip("│").split("│")]
        assert cells[-2:] == [str(d.hard_families), str(d.cross_families)]
    total = next(line for line in lines if line.startswith("│ total"))
    cells = [c.strip() for c in total.strip("│").split("│")]
    assert want.hard_families == sum(d.hard_families for d in want.domains) > 0
    assert want.cross_families == sum(d.cross_families for d in want.domains) > 0
    figures = [want.leaves, want.covered, f"{want.share:.0%}", want.families,
               want.hard_families, want.cross_families]  # fmt: skip
    assert cells == ["total", *map(str, figures)]


# -- synth reads the cell -------------------------------------------------------------------------
GOOD = {"task_id": "t-1", "instruction": "Star the email from Ann with the subject “Hi”.",
        "context": "", "domain": "mail", "apps": ["mail"], "difficulty": "easy",
        "cell": {"platform": "web", "category": "communication-email", "difficulty": "easy",
                 "scenario": "personal", "task_type": "single",
                 "taxonomy_path": ["mail", "conversations", "flags", "star"],
                 "source_pass": "gap_fill"}}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"difficulty": "hard"}, "'cell.difficulty'"),
        ({"apps": ["mail", "crm"]}, "'cell.task_type'"),
        ({"domain": "crm", "apps": ["crm"]}, "'cell.taxonomy_path'"),
        ({"cell": {**GOOD["cell"], "category": "cooking"}}, "'cell.category'"),  # type: ignore[dict-item]
        ({"meta": {"scenario": "personal"}}, "either 'cell'"),
    ],
)
def test_task_files_with_a_wrong_cell_are_refused(
    tmp_path: Path, change: dict[str, Any], needle: str
) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps([{**GOOD, **change}]))
    with pytest.raises(TaskFileError, match=needle.replace("(", r"\(")):
        load_tasks_file(path, load_domains())


def test_an_llm_task_without_family_is_accepted_unless_procedural(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps([GOOD]))
    (spec,) = load_tasks_file(path, load_domains())
    assert spec.meta["category"] == "communication-email" and spec.meta["scenario"] == "personal"
    with pytest.raises(TaskFileError, match="'family'"):
        load_tasks_file(path, load_domains(), need_family=True)


def test_coverage_names_the_papers_table_10_domains() -> None:
    """Every one of the 18 Table-10 domains is listed; an app counts toward its own domain,
    a cross-app family toward Cross-Web / Cross-Desktop / Desktop × Web by its platforms."""
    catalog = build_catalog(load_domains())
    report = coverage(catalog)
    rows = {p.paper_domain: p for p in report.paper_domains}
    assert list(rows) == list(get_args(PaperDomain))
    assert "crm" in rows["Business & CRM"].apps and "calc" in rows["Spreadsheet"].apps
    assert rows["Cross-Web"].families > 0 and rows["Desktop × Web"].families > 0
    assert sum(p.families for p in report.paper_domains) == report.families
    assert report.paper_domains_covered == sum(p.families > 0 for p in report.paper_domains)
    for fam in catalog.families():
        where = paper_domain_of(fam, catalog)
        if fam.is_cross:
            assert where in {"Cross-Web", "Cross-Desktop", "Desktop × Web"}, fam.key
        else:
            assert fam.family.domain in rows[str(where)].apps, fam.key
    only_calc = coverage(catalog, domains=["calc"])
    shown = {p.paper_domain: p for p in only_calc.paper_domains}
    assert shown["Spreadsheet"].covered and not shown["Business & CRM"].covered
    result = CliRunner().invoke(taskgen_app, ["coverage"], env={"COLUMNS": "100"})
    assert f"{report.paper_domains_covered} of 18 covered" in result.stdout
    uncovered = [p.paper_domain for p in report.paper_domains if not p.covered]
    for name in uncovered:
        line = next(x for x in result.stdout.splitlines() if x.startswith(f"│ {name} "))
        assert "none" in line, line
