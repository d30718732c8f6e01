"""The first round's starting point: the scaffold app, copied into the workspace from the plan.

``DIR/app/`` becomes an app project: ``pyproject.toml`` (one ``cuagym.apps`` entry point) and
``src/<package>/``, a copy of :mod:`cuagym.appgen.scaffold.scaffold_app` whose ``_identity.py``
constants are the plan's. The plan's proposed SKILL.md and taxonomy.yaml (``DIR/app/``, perhaps
edited by a person since) move into the package, where the AppSpec ships them.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from cuagym.appgen._plan_models import AppPlan
from cuagym.appgen._render import render, render_skill, render_taxonomy

__all__ = ["SCAFFOLD_PACKAGE", "ScaffoldError", "identity_source", "write_scaffold"]

SCAFFOLD_PACKAGE = Path(__file__).with_name("scaffold") / "scaffold_app"
VERSION = "0.1.0"
_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc")


class ScaffoldError(RuntimeError):
    """The scaffold cannot be written (a constant of ``_identity.py`` was not found)."""


def identity_source(plan: AppPlan, template: str) -> str:
    """``_identity.py``'s text with every constant set from ``plan``."""
    values: dict[str, object] = {
        "APP_ID": plan.app_id,
        "TITLE": plan.title,
        "GENERIC_NAME": plan.release.generic_name,
        "CATEGORY": plan.category,
        "PAPER_DOMAIN": plan.paper_domain,
        "ACCENT": plan.theme.accent,
        "NAV": plan.theme.nav,
        "DENSITY": plan.theme.density,
        "TERMS_REVIEW": plan.release.terms_review,
    }
    text = template
    for name, value in values.items():
        line = re.compile(rf"^({name}(?:: [^=]+)? = ).*$", re.MULTILINE)
        literal = json.dumps(value) if isinstance(value, str) else repr(value)
        text, count = line.subn(lambda m, lit=literal: m.group(1) + lit, text)  # type: ignore[misc]
        if count != 1:
            raise ScaffoldError(f"the scaffold's _identity.py has {count} lines {name} = ...")
    return text


def write_scaffold(plan: AppPlan, workspace: Path) -> Path:
    """Write the project into ``workspace/app``; returns the package folder."""
    project = workspace / "app"
    package = project / "src" / plan.package
    if package.exists():
        raise ScaffoldError(f"{package} exists already: the scaffold starts a fresh app")
    project.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SCAFFOLD_PACKAGE, package, ignore=_SKIP)
    identity = package / "_identity.py"
    identity.write_text(identity_source(plan, identity.read_text(encoding="utf-8")), "utf-8")
    (project / "pyproject.toml").write_text(
        render("pyproject.toml.j2", plan=plan, version=VERSION), encoding="utf-8"
    )
    for name, fallback in (
        ("SKILL.md", render_skill(plan)),
        ("taxonomy.yaml", render_taxonomy(plan)),
    ):
        proposed = project / name
        if proposed.is_file():
            shutil.move(proposed, package / name)
        else:
            (package / name).write_text(fallback, encoding="utf-8")
    return package
