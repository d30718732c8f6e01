"""The release scan, the brand list and the project probe, each with the case it must catch and
the case it must let through."""

from __future__ import annotations

import shutil
from pathlib import Path

from cuagym.appgen._checks import audit_findings, probe_project
from cuagym.appgen._release import BrandList, scan_release
from cuagym.appgen._report import AuditError, AuditReport, DeadControl
from tests.appgen.doubles import KNOWN_APP

PACKAGE = KNOWN_APP / "src/recipe_box"


def test_brands_match_whole_words_and_run_together_names() -> None:
    brands = BrandList.load("Paprika Recipe Manager")
    assert brands.found_in("A googledocs-mock") == ["google docs"]
    assert brands.found_in("Google Docs, but generic") == ["google", "google docs"]
    assert brands.found_in("the paprika recipe manager clone") == ["paprika recipe manager"]
    assert brands.found_in("recipe-box, a slackline diary, a mailbox") == []


def test_the_known_app_keeps_the_release_rules(tmp_path: Path) -> None:
    assert scan_release(PACKAGE, BrandList.load("Paprika")) == []


def test_each_release_problem_is_found(tmp_path: Path) -> None:
    package = tmp_path / "recipe_box"
    shutil.copytree(PACKAGE, package)
    (package / "static/logo.png").write_bytes(b"\x89PNG")
    (package / "templates/home.html").write_text(
        '<h1>Recipes</h1><img src="https://cdn.example.com/hero.jpg"><p>Like Dropbox</p>'
    )
    (package / "static/theme.css").write_text(":root { --ink: #222222; --accent: #e01e5a; }")
    (package / "static/app.css").write_text("h1 { color: rgb(10, 20, 30); }")
    problems = scan_release(package, BrandList.load())
    assert sorted(problems) == [
        "static/app.css: colour literals (rgb(10, 20, 30)) outside the theme: use the CSS "
        "variables of static/theme.css",
        "static/logo.png: a logo or brand image file (brand assets are not shipped)",
        "static/theme.css: colours #e01e5a are neither greys nor in the neutral palette",
        "templates/home.html: loads an image from another site (ship no remote images)",
        "templates/home.html: names the product 'dropbox' (write original, generic copy)",
    ]


def test_the_probe_finds_a_seed_that_breaks_an_invariant(tmp_path: Path) -> None:
    assert probe_project(KNOWN_APP).problems == []
    project = tmp_path / "app"
    shutil.copytree(KNOWN_APP, project)
    seed = project / "src/recipe_box/_seed.py"
    seed.write_text(seed.read_text().replace('"Flatbread"', '"Lentil soup"'))
    found = probe_project(project)
    assert found.loaded and found.problems == [
        "seed: breaks an invariant at recipes.flatbread.title: two recipes are titled "
        "'Lentil soup' (lentil-soup and flatbread)"
    ]


def test_audit_findings_put_dead_controls_and_errors_first() -> None:
    report = AuditReport.of(
        "recipe-box", 2, 5,
        [DeadControl(route="/recipes/{id}", control="toggle-favorite")],
        [AuditError(route="/", kind="missing_h1", detail="no h1"),
         AuditError(route="/", kind="page_error", detail="TypeError")],
    )  # fmt: skip
    assert [(f.priority, f.where, f.detail.split(":")[0]) for f in audit_findings(report)] == [
        ("P0", "/recipes/{id}", "control toggle-favorite is dead"),
        ("P1", "/", "missing_h1"),
        ("P0", "/", "page_error"),
    ]


def test_the_probe_wants_broken_states_that_break_an_invariant(tmp_path: Path) -> None:
    project = tmp_path / "app"
    shutil.copytree(KNOWN_APP, project)
    invariants = project / "src/recipe_box/_invariants.py"
    invariants.write_text(invariants.read_text().replace('= "nobody"', '= "c1"'))
    assert probe_project(project).problems == [
        "broken state 'a recipe of no cook': breaks no invariant"
    ]
