"""The plan: its checks (each problem named), the documents rendered from it, the Plan agent's
tool loop (scripted test double of the chat API), and ``cuagym appgen plan``."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cuagym.appgen import PlanError, load_plan, plan_with_model, write_plan
from cuagym.appgen._forms import skill_problems
from cuagym.appgen._plan import save_plan_run
from cuagym.appgen._plan_models import KIT_COMPONENTS, KIT_PARTS, AppPlan
from cuagym.appgen._render import render_design
from cuagym.apps import webkit
from cuagym.cli import app as cli
from cuagym.taskgen import load_taxonomy
from tests.appgen.doubles import KNOWN_PLAN, known_plan, plan_script, scripted_client


def _broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(known_plan())
    change(data)
    return data


def _deep_taxonomy(data: dict[str, Any]) -> None:
    leaf: dict[str, Any] = {"description": "A leaf.", "ui_elements": ["x"]}
    node = leaf
    for level in "dcba":
        node = {"description": f"Level {level}.", "children": {level: node}}
    data["taxonomy"]["children"] = {"deep": node}


def _wide_taxonomy(data: dict[str, Any]) -> None:
    leaves = {f"leaf-{i}": {"description": "A leaf.", "ui_elements": ["x"]} for i in range(13)}
    data["taxonomy"]["children"]["recipes"]["children"] = leaves


BROKEN = {
    "brand name": (lambda d: d.update(app_id="slack-clone"), "release: the app_id"),
    "palette": (lambda d: d["theme"].update(accent="crimson"), "palette: accent 'crimson'"),
    "brand asset": (lambda d: d["release"].update(brand_assets=["logo.svg"]), "assets:"),
    "remote image": (
        lambda d: d["release"].update(assets=["https://example.com/hero.png"]),
        "assets: 'https://example.com/hero.png' is on another site",
    ),
    "taxonomy depth": (_deep_taxonomy, "taxonomy.yaml: deep/a/b/c: has children at depth 5"),
    "taxonomy branch": (_wide_taxonomy, "taxonomy.yaml: recipes: 13 children (at most 12)"),
    "SKILL sections": (lambda d: d["skill"]["sections"].pop(), "SKILL.md: has sections [1, 2, 3"),
    "dangling reference": (
        lambda d: d["entities"][1]["fields"][1].update(ref="Chef"),
        "entities: Recipe.cookId references 'Chef', which is no entity",
    ),
    "duplicate route": (
        lambda d: d["routes"].append(copy.deepcopy(d["routes"][0])),
        "routes: / is declared 2 times",
    ),
    "terms review": (
        lambda d: d.update(category="Finance / payments"),
        "release: a Finance / payments mock needs terms_review",
    ),
    "invariant on no field": (
        lambda d: d["invariants"][0].update(field="name"),
        "invariants: 'No two recipes share a title.' constrains Recipe.name, no such field",
    ),
}


def test_the_known_plan_passes_every_check() -> None:
    plan = load_plan(known_plan(), product="a recipe app")
    assert (plan.app_id, plan.package, len(plan.controls())) == ("recipe-box", "recipe_box", 3)


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_each_broken_plan_is_refused_with_its_problem_named(case: str) -> None:
    change, expected = BROKEN[case]
    with pytest.raises(PlanError) as caught:
        load_plan(_broken(change))
    assert any(p.startswith(expected) for p in caught.value.problems), caught.value.problems
    assert len(caught.value.problems) <= 2  # only what was broken (a taxonomy may say twice)


def test_the_product_asked_for_is_a_brand_too() -> None:
    with pytest.raises(PlanError) as caught:
        load_plan(known_plan(), product="Recipe Box")
    assert "release: the title 'Recipe Box' names the product 'recipe box'" in caught.value.problems
    load_plan(known_plan(), product="Some Cooking App")  # a product not named: fine


def test_a_schema_error_names_its_place() -> None:
    with pytest.raises(PlanError) as caught:
        load_plan(_broken(lambda d: d["entities"][0]["fields"][0].update(type="blob")))
    assert caught.value.problems[0].startswith("schema: entities.0.fields.0.type:")


def test_the_documents_rendered_from_the_plan(tmp_path: Path) -> None:
    plan = load_plan(known_plan())
    written = write_plan(plan, tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        "plan.json", "DESIGN.md", "TODO.md", "app/SKILL.md", "app/taxonomy.yaml",
    ]  # fmt: skip
    design = (tmp_path / "DESIGN.md").read_text()
    assert 'button "Favourite" [`toggle-favorite`]: flips recipes.<id>.favorite' in design
    assert "`Recipe.cookId`: A recipe's cook exists." in design
    todo = (tmp_path / "TODO.md").read_text()
    assert todo.index("## P0") < todo.index("feature `favourite`") < todo.index("## P1")
    assert todo.index("## P1") < todo.index("feature `read`") < todo.index("## P2")
    assert skill_problems((tmp_path / "app/SKILL.md").read_text()) == []
    tree = load_taxonomy(tmp_path / "app/taxonomy.yaml", "recipe-box")
    assert {leaf.path for leaf in tree.leaves()} == {
        ("recipes", "browse"),
        ("recipes", "favourite"),
    }
    assert json.loads((tmp_path / "plan.json").read_text())["app_id"] == "recipe-box"


async def test_the_plan_agent_hears_the_problems_and_fixes_them() -> None:
    bad = _broken(lambda d: d["theme"].update(accent="crimson"))
    api = plan_script(bad, known_plan())
    run = await plan_with_model(scripted_client(api), category="Media", product="Paprika")
    assert run.plan is not None and run.plan.theme.accent == "sage"
    told = api.requests[1].tool_results[0][0]
    assert "palette: accent 'crimson' is not in the neutral palette" in told
    assert run.tokens_in > 0 and run.turns == 3


async def test_the_plan_agents_run_is_recorded_in_the_workspace(tmp_path: Path) -> None:
    api = plan_script(known_plan())
    run = await plan_with_model(scripted_client(api), category="Media", product="Paprika")
    saved = json.loads(save_plan_run(run, tmp_path, "openai:scripted-double").read_text())
    assert saved["model"] == "openai:scripted-double" and saved["accepted"] is True
    assert saved["tokens_in"] == run.tokens_in > 0 and saved["turns"] == run.turns


async def test_a_plan_agent_that_never_passes_gives_no_plan() -> None:
    bad = _broken(lambda d: d.update(app_id="notion-mock"))
    api = plan_script(bad, bad)
    client = scripted_client(api)
    run = await plan_with_model(client, category="Media", product="Paprika", max_turns=3)
    assert run.plan is None
    assert all("names the product 'notion'" in r.tool_results[0][0] for r in api.requests[1:3])


async def test_the_plan_agent_must_keep_the_category_asked_for() -> None:
    api = plan_script(known_plan())
    client = scripted_client(api)
    run = await plan_with_model(client, category="Travel", product="Paprika", max_turns=2)
    assert run.plan is None
    assert (
        "category: the plan says 'Media', asked for 'Travel'" in api.requests[1].tool_results[0][0]
    )


def _plan_cli(out: Path, *extra: str, product: str = "Paprika") -> Any:
    args = ["appgen", "plan", "--category", "Media", "--product", product, "--out", str(out)]
    return CliRunner().invoke(cli, [*args, *extra])


def test_plan_command_writes_the_workspace_and_a_rerun_does_nothing(tmp_path: Path) -> None:
    done = _plan_cli(tmp_path / "ws", "--backend", "file", "--from", str(KNOWN_PLAN))
    assert done.exit_code == 0, done.output
    saved = json.loads((tmp_path / "ws/plan.json").read_text())
    assert saved["reference_product"] == "Paprika"
    again = _plan_cli(tmp_path / "ws", "--backend", "file", "--from", str(KNOWN_PLAN))
    assert again.exit_code == 0 and "already planned" in again.output
    other = _plan_cli(tmp_path / "ws", "--backend", "file", "--from", str(KNOWN_PLAN), product="X")
    assert other.exit_code == 2 and "use --force" in other.output


def test_plan_command_refuses_bad_inputs_with_exit_2(tmp_path: Path) -> None:
    brand = tmp_path / "brand.json"
    brand.write_text(json.dumps(_broken(lambda d: d.update(title="Gmail Lite"))))
    refused = _plan_cli(tmp_path / "a", "--backend", "file", "--from", str(brand))
    assert refused.exit_code == 2 and "names the product 'gmail'" in refused.output
    assert not (tmp_path / "a").exists()  # nothing written
    category = CliRunner().invoke(
        cli, ["appgen", "plan", "--category", "Cooking", "--product", "P", "--out", "x"]
    )
    assert category.exit_code == 2 and "--category 'Cooking'" in category.output
    no_model = _plan_cli(tmp_path / "b")
    assert no_model.exit_code == 2 and "needs --model" in no_model.output


def _kit_has(source: str, name: str) -> bool:
    kit = Path(webkit.__file__).parent
    if source == "kit.css":
        return (
            re.search(rf"\.{re.escape(name)}\b", (kit / "static" / "kit.css").read_text())
            is not None
        )
    return f"macro {name}(" in (kit / "templates" / source).read_text()


def test_every_plan_component_names_a_part_the_web_kit_has() -> None:
    """The plan's component vocabulary is the kit's: each names macros or classes it has."""
    assert set(KIT_PARTS) == set(KIT_COMPONENTS)
    for component, (source, names, _) in KIT_PARTS.items():
        for name in names:
            assert _kit_has(source, name), f"{component}: the kit has no {name} in {source}"


def test_the_kit_parts_check_fails_for_what_the_kit_lacks() -> None:
    assert _kit_has("kit/ui.html", "page_header")
    assert not _kit_has("kit/ui.html", "no_such_widget")
    assert not _kit_has("kit.css", "no-such-class")


def test_design_md_names_the_kit_part_of_every_component() -> None:
    text = render_design(AppPlan.model_validate_json(KNOWN_PLAN.read_text()))
    assert "page-header (kit/ui.html macros page_header; the page's one h1)" in text
