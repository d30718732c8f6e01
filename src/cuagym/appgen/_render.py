"""Documents rendered from typed models by Jinja templates (``templates/*.j2`` beside this file):
DESIGN.md, TODO.md and SKILL.md from an :class:`AppPlan`, AUDIT.md and TEST.md from a round's
findings, the scaffold's pyproject.toml; taxonomy.yaml is the plan's tree dumped as YAML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from cuagym.appgen._plan_models import AppPlan, kit_part
from cuagym.apps.webkit import NEUTRAL_PALETTE

__all__ = ["render", "render_design", "render_skill", "render_taxonomy", "render_todo"]

_ENV = Environment(
    loader=FileSystemLoader(Path(__file__).with_name("templates")),
    undefined=StrictUndefined,
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
    autoescape=False,  # Markdown and TOML, never HTML
)


def render(template: str, **context: Any) -> str:
    return _ENV.get_template(template).render(**context)


def render_design(plan: AppPlan) -> str:
    return render(
        "DESIGN.md.j2",
        plan=plan,
        accent_hex=NEUTRAL_PALETTE.get(plan.theme.accent, "?"),
        kit_part=kit_part,
    )


def render_todo(plan: AppPlan) -> str:
    by_priority = {p: [f for f in plan.features if f.priority == p] for p in ("P0", "P1", "P2")}
    return render("TODO.md.j2", plan=plan, features=by_priority)


def render_skill(plan: AppPlan) -> str:
    return render("SKILL.md.j2", plan=plan)


def render_taxonomy(plan: AppPlan) -> str:
    header = (
        f"# Feature tree of the {plan.app_id} mock (root -> area -> feature -> leaf), proposed\n"
        "# by the Plan agent; every leaf names the UI elements (data-testid hooks) it uses.\n"
    )
    body = yaml.safe_dump(plan.taxonomy, sort_keys=False, allow_unicode=True, width=100)
    return header + body
