"""``cuagym appgen plan``: the Plan agent, the plan's checks, and what it writes.

The ``llm`` backend is a tool loop whose one tool, ``write_plan``, validates the plan (schema
errors and every problem of :func:`plan_problems` go back to the model) and keeps the first one
that passes. The ``file`` backend reads a plan someone wrote (a plan.json). Either way, nothing is
written until the plan passes every check; then :func:`write_plan` writes the workspace:

    DIR/plan.json  DIR/DESIGN.md  DIR/TODO.md  DIR/app/SKILL.md  DIR/app/taxonomy.yaml
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

from pydantic import ValidationError

from cuagym.appgen._plan_checks import plan_problems
from cuagym.appgen._plan_models import KIT_COMPONENTS, AppPlan, EntityField
from cuagym.appgen._render import render, render_design, render_skill, render_taxonomy, render_todo
from cuagym.apps import AppCategory, PaperDomain
from cuagym.apps.webkit import NEUTRAL_PALETTE
from cuagym.taskgen import CATEGORIES

if TYPE_CHECKING:  # the llm extra's clients; imported where the agent runs
    from cuagym.llm import ChatClient, PriceTable

__all__ = [
    "PLAN_FILES",
    "PLAN_RUN_FILE",
    "SKILL_TITLES",
    "PlanError",
    "PlanRun",
    "load_plan",
    "plan_with_model",
    "read_plan_file",
    "save_plan_run",
    "write_plan",
]

PLAN_FILES = ("plan.json", "DESIGN.md", "TODO.md", "app/SKILL.md", "app/taxonomy.yaml")
#: The six sections of every app's SKILL.md, in order.
SKILL_TITLES = (
    "Domain concepts and libraries",
    "State layout",
    "`initial_setup.py` template",
    "`golden_patch.py` template",
    "`reward.py` scoring pattern",
    "Bitter lessons",
)
_MAX_REMINDERS = 2


class PlanError(ValueError):
    """A plan that does not validate or breaks a rule; ``problems`` names each."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"{source}: {len(problems)} problem(s) in the plan:\n{lines}")


def _schema_problems(exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "(plan)"
        out.append(f"schema: {where}: {err['msg']}")
    return out


def load_plan(data: Any, product: str = "", source: str = "plan") -> AppPlan:
    """Validate ``data`` (a dict or JSON text) as a plan and run every check on it."""
    try:
        plan = (
            AppPlan.model_validate_json(data)
            if isinstance(data, str | bytes)
            else AppPlan.model_validate(data)
        )
    except ValidationError as exc:
        raise PlanError(source, _schema_problems(exc)) from None
    problems = plan_problems(plan, product)
    if problems:
        raise PlanError(source, problems)
    return plan


def read_plan_file(path: Path, product: str = "") -> AppPlan:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PlanError(str(path), [f"cannot read: {exc.strerror}"]) from None
    return load_plan(text, product, str(path))


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_plan(plan: AppPlan, out: Path) -> list[Path]:
    """Write the plan's documents into the workspace ``out``; the paths written, in order."""
    texts = {
        "plan.json": plan.model_dump_json(indent=2) + "\n",
        "DESIGN.md": render_design(plan),
        "TODO.md": render_todo(plan),
        "app/SKILL.md": render_skill(plan),
        "app/taxonomy.yaml": render_taxonomy(plan),
    }
    written = []
    for rel in PLAN_FILES:
        _atomic_write(out / rel, texts[rel])
        written.append(out / rel)
    return written


@dataclass
class PlanRun:
    """What the Plan agent produced (None if no plan passed) and what it cost."""

    plan: AppPlan | None
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    turns: int = 0
    stop: str = ""
    transcript: str = ""


#: The Plan agent's run, beside the plan it wrote (what it cost; the build keeps its own rounds').
PLAN_RUN_FILE = "plan-run.json"


def save_plan_run(run: PlanRun, out: Path, model: str) -> Path:
    """Record what the Plan agent's run cost in the workspace (``plan-run.json``)."""
    record = {
        "model": model,
        "turns": run.turns,
        "stop": run.stop,
        "tokens_in": run.tokens_in,
        "tokens_out": run.tokens_out,
        "cost_usd": run.cost_usd,
        "accepted": run.plan is not None,
    }
    path = out / PLAN_RUN_FILE
    _atomic_write(path, json.dumps(record, indent=2) + "\n")
    return path


def _system_prompt() -> str:
    return render(
        "plan_system.md.j2",
        palette=list(NEUTRAL_PALETTE),
        categories=get_args(AppCategory),
        domains=get_args(PaperDomain),
        components=KIT_COMPONENTS,
        field_types=get_args(EntityField.model_fields["type"].annotation),
        skill_titles=SKILL_TITLES,
        work_categories=CATEGORIES,
    )


def _tool_parameters() -> dict[str, Any]:
    schema = AppPlan.model_json_schema()
    defs = schema.pop("$defs", {})
    return {
        "type": "object",
        "properties": {"plan": {"$ref": "#/$defs/AppPlan"}},
        "required": ["plan"],
        "additionalProperties": False,
        "$defs": {**defs, "AppPlan": schema},
    }


async def plan_with_model(
    client: ChatClient,
    *,
    category: str,
    product: str,
    app_id: str | None = None,
    prices: PriceTable | None = None,
    max_turns: int = 12,
    time_budget_s: float = 900.0,
) -> PlanRun:
    """Run the Plan agent on ``client``; the first plan that passes every check is kept."""
    from cuagym.llm import AgentLoop, Tool, ToolError, ToolSpec

    accepted: list[AppPlan] = []

    async def write_plan_tool(args: dict[str, Any]) -> str:
        raw = args.get("plan")
        if not isinstance(raw, dict):
            raise ToolError("plan must be one JSON object")
        try:
            plan = load_plan(raw, product, "write_plan")
        except PlanError as exc:
            raise ToolError(str(exc)) from None
        problems = []
        if plan.category != category:
            problems.append(f"category: the plan says {plan.category!r}, asked for {category!r}")
        if app_id is not None and plan.app_id != app_id:
            problems.append(f"app_id: the plan says {plan.app_id!r}, asked for {app_id!r}")
        if problems:
            raise ToolError(str(PlanError("write_plan", problems)))
        accepted.append(plan)
        return "plan accepted"

    reminders = 0

    async def on_idle() -> str | None:
        nonlocal reminders
        if accepted or reminders >= _MAX_REMINDERS:
            return None
        reminders += 1
        return "No plan has been accepted yet: call write_plan with the whole plan."

    tool = Tool(
        spec=ToolSpec(
            name="write_plan",
            description="Validate and keep the app plan (answers 'plan accepted' or problems).",
            parameters=_tool_parameters(),
        ),
        handler=write_plan_tool,
    )
    loop = AgentLoop(client, prices=prices, max_turns=max_turns, time_budget_s=time_budget_s)
    prompt = render("plan_prompt.md.j2", category=category, product=product, app_id=app_id)
    result = await loop.run(_system_prompt(), prompt, [tool], on_idle=on_idle)
    return PlanRun(
        plan=accepted[0] if accepted else None,
        tokens_in=result.usage.tokens_in,
        tokens_out=result.usage.tokens_out,
        cost_usd=result.cost_usd,
        turns=result.turns,
        stop=result.stop,
        transcript=result.transcript,
    )
