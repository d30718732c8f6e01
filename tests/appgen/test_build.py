"""``cuagym appgen build`` with the scripted Dev double (``llm`` backend) and a fake auditor:
round 1's seeded defect is found, AUDIT.md says so, round 2 fixes it; a Dev that never fixes
runs out of rounds (needs_review); a re-run resumes; --force starts again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cuagym.appgen import BuildSettings, build_app, load_plan
from cuagym.appgen import write_plan as write_plan_files
from cuagym.appgen._build import BuildRefused, load_record
from cuagym.appgen._checks import static_checks
from cuagym.appgen._dev_llm import LlmDevBackend
from cuagym.appgen._release import BrandList
from cuagym.appgen._scaffold import write_scaffold
from cuagym.cli import app as cli
from cuagym.llm.scripted import ScriptedChatApi
from tests.appgen.doubles import KNOWN_APP, TemplateAuditor, dev_script, known_plan, scripted_client

SETTINGS = BuildSettings(backend="llm", model="openai:scripted-double", rounds=3)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    plan = load_plan({**known_plan(), "reference_product": "Paprika"})
    write_plan_files(plan, tmp_path / "ws")
    return tmp_path / "ws"


def _dev(*, fixes: bool = True) -> tuple[ScriptedChatApi, LlmDevBackend]:
    api = ScriptedChatApi(dev_script(fixes=fixes))
    return api, LlmDevBackend(scripted_client(api))


def test_the_scaffold_loads_and_passes_the_static_checks(workspace: Path) -> None:
    plan = load_plan(known_plan())
    package = write_scaffold(plan, workspace)
    assert (package / "SKILL.md").is_file() and not (workspace / "app/SKILL.md").exists()
    findings = static_checks(workspace / "app", plan, BrandList.load("Paprika"))
    # the scaffold serves / only: the plan's recipe page is the Dev agent's first P0
    assert [(f.priority, f.where) for f in findings] == [("P0", "route /recipes/{id}")]


def test_the_known_app_passes_and_a_broken_one_fails_the_static_checks(tmp_path: Path) -> None:
    plan = load_plan(known_plan())
    assert static_checks(KNOWN_APP, plan, BrandList.load("Paprika")) == []
    broken = tmp_path / "app"
    shutil.copytree(KNOWN_APP, broken)
    (broken / "src/recipe_box/_seed.py").write_text("def build_seed(:\n")
    (broken / "src/recipe_box/static/app.css").write_text("h1 { color: #ff0000; }\n")
    findings = static_checks(broken, plan, BrandList.load())
    assert findings[0].priority == "P0" and "does not load" in findings[0].detail
    shutil.copyfile(KNOWN_APP / "src/recipe_box/_seed.py", broken / "src/recipe_box/_seed.py")
    (broken / "src/recipe_box/templates/home.html").write_text("<h1>Paprika recipes</h1>\n")
    details = [f.detail for f in static_checks(broken, plan, BrandList.load("Paprika"))]
    assert any("names the product 'paprika'" in d for d in details)
    assert any("colour literals (#ff0000) outside the theme" in d for d in details)


async def test_round_1_fails_the_audit_and_round_2_fixes_it(workspace: Path) -> None:
    api, dev = _dev()
    auditor = TemplateAuditor()
    record = await build_app(workspace, dev, SETTINGS, auditor=auditor)
    assert record.status == "clean" and [r.status for r in record.rounds] == ["findings", "clean"]
    first = record.rounds[0]
    assert first.audit is not None and (first.audit.dead, first.audit.ok) == (1, False)
    assert [(f.priority, f.where) for f in first.findings] == [("P0", "recipe")]
    assert record.rounds[1].tokens_in > 0 and record.cost_usd == 0.0  # the double has no price
    # round 2 read the AUDIT.md round 1 left (the dead button named), then fixed the template
    read = api.requests[-2].tool_results[0][0]
    assert "# AUDIT — round 1" in read and "control toggle-favorite is dead" in read
    assert not (workspace / "AUDIT.md").exists() and not (workspace / "TEST.md").exists()
    assert load_record(workspace) == record
    assert (workspace / "rounds/1/transcript.txt").is_file()


async def test_a_dev_that_never_fixes_runs_out_of_rounds(workspace: Path) -> None:
    _api, dev = _dev(fixes=False)
    settings = SETTINGS.model_copy(update={"rounds": 2})
    record = await build_app(workspace, dev, settings, auditor=TemplateAuditor())
    assert record.status == "needs_review" and len(record.rounds) == 2
    audit = (workspace / "AUDIT.md").read_text()
    assert audit.startswith("# AUDIT — round 2") and "toggle-favorite" in audit


async def test_a_rerun_resumes_and_force_starts_again(workspace: Path) -> None:
    api, dev = _dev()
    await build_app(workspace, dev, SETTINGS, auditor=TemplateAuditor())
    calls = len(api.requests)
    again = await build_app(workspace, dev, SETTINGS, auditor=TemplateAuditor())
    assert again.status == "clean" and len(api.requests) == calls  # nothing redone
    other = SETTINGS.model_copy(update={"rounds": 4})
    with pytest.raises(BuildRefused, match="other settings"):
        await build_app(workspace, dev, other, auditor=TemplateAuditor())
    forced = await build_app(workspace, dev, other, auditor=TemplateAuditor(), force=True)
    assert forced.settings.rounds == 4 and len(forced.rounds) == 2 and len(api.requests) > calls


async def test_an_audit_that_cannot_run_is_redone_on_resume(workspace: Path) -> None:
    _api, dev = _dev()
    broken = await build_app(
        workspace, dev, SETTINGS, auditor=TemplateAuditor(fail_with="No such command 'audit'")
    )
    assert broken.status == "error" and broken.rounds[0].error == "audit: No such command 'audit'"
    fixed = await build_app(workspace, dev, SETTINGS, auditor=TemplateAuditor())
    assert fixed.status == "clean" and [r.round for r in fixed.rounds] == [1, 2]


def test_build_command_exits_1_when_the_app_needs_review(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = ScriptedChatApi(dev_script(fixes=False))
    monkeypatch.setattr("cuagym.cli._appgen_build._client", lambda *a: scripted_client(api))
    monkeypatch.setattr("cuagym.appgen._build.SubprocessAuditor", TemplateAuditor)
    args = ["appgen", "build", str(workspace), "--backend", "llm", "--model", "openai:x"]
    done = CliRunner().invoke(cli, [*args, "--rounds", "2"])
    assert done.exit_code == 1, done.output
    assert "round 1: findings (audit 1 dead, 0 errors" in done.output
    assert "recipe-box: needs_review after 2 round(s)" in done.output
    refused = CliRunner().invoke(cli, ["appgen", "install", str(workspace)])
    assert refused.exit_code == 1 and "only a clean build installs" in refused.output
    no_plan = CliRunner().invoke(cli, ["appgen", "build", str(workspace / "nowhere")])
    assert no_plan.exit_code == 2 and "no plan.json" in no_plan.output
