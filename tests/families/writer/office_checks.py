"""Test helpers shared by the office domains (writer, impress): taxonomy shape, task hygiene,
SKILL.md templates, and scoring a plausible *wrong* end state in a real sandbox."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from cuagym.core import TaskConfig, parse_reward_output
from cuagym.core.files import INITIAL_SNAPSHOT
from cuagym.domains import Domain, TaskFamily
from cuagym.envs import LocalEnvironment
from cuagym.families._office import OfficeFamily, params_of, patch_script
from cuagym.synth._scan import scan_source


# -- taxonomy --------------------------------------------------------------------------------------
def taxonomy(domain: Domain) -> dict[str, Any]:
    assert domain.taxonomy_file is not None
    return yaml.safe_load(Path(domain.taxonomy_file).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def leaves(node: dict[str, Any], path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    children = node.get("children")
    if not children:
        return {path: node}
    out: dict[tuple[str, ...], Any] = {}
    for key, child in children.items():
        out.update(leaves(child, (*path, key)))
    return out


def check_tree(node: dict[str, Any], depth: int = 0) -> None:
    """Depth <= 4 (root = 0), <= 12 children, every node described, every leaf with UI elements."""
    assert depth <= 4, node
    assert isinstance(node.get("description"), str) and node["description"].strip(), node
    children = node.get("children")
    if children:
        assert len(children) <= 12, list(children)
        for child in children.values():
            check_tree(child, depth + 1)
    else:
        elements = node.get("ui_elements")
        assert isinstance(elements, list) and elements, node
        assert all(isinstance(e, str) and e.strip() for e in elements), node


# -- task hygiene ----------------------------------------------------------------------------------
def stated_values(value: Any) -> Iterable[str]:
    """Every string and number inside a param, as it may be written in the task text."""
    if isinstance(value, bool):
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, int | float):
        yield f"{value:g}"
    elif isinstance(value, list):
        for item in value:
            yield from stated_values(item)


def assert_params_stated(task: TaskConfig) -> None:
    told = f"{task.instruction} {task.context}"
    for key, value in params_of(task).items():
        for text in stated_values(value):
            assert text in told, (task.task_id, key, text)


def assert_goal_not_method(task: TaskConfig) -> None:
    lowered = task.instruction.lower()
    for word in ("click", "button", "menu", "ctrl+", "python", "use the "):
        assert word not in lowered, (task.task_id, word)


# -- SKILL.md templates ----------------------------------------------------------------------------
def templates(skill: str) -> dict[str, str]:
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", skill, re.S)
    return {name: code for code, name in blocks}


async def run_templates(skill: str) -> tuple[str, str]:
    """(reward output after setup, reward output after setup + golden patch)."""
    codes = templates(skill)
    outputs = []
    async with LocalEnvironment() as env:
        for name, role in (
            ("initial_setup.py", "initial_setup"),
            ("reward.py", "reward"),
            ("golden_patch.py", "golden_patch"),
            ("reward.py", "reward"),
        ):
            result = await env.run_script(codes[name], role=role, timeout=60)
            assert result.exit_code == 0, (name, result.stderr)
            if role == "reward":
                outputs.append(result.stdout)
    return outputs[0], outputs[1]


def scan_ok(code: str) -> bool:
    return scan_source(code, "reward.py").ok


# -- wrong end states ------------------------------------------------------------------------------
@dataclass
class Mistake:
    """A plausible wrong end state: ``body`` runs (as an edit block, with the task's params ``P``
    and the family's patch helpers in scope) on the initial state, or after the golden patch
    when ``after_gold``; the reward must land in ``bounds`` (always below 1.0). ``why`` says
    what is wrong with the end state."""

    family: str
    name: str
    why: str
    body: str
    bounds: tuple[float, float] = (0.0, 0.9999)
    after_gold: bool = True


async def score_mistakes(
    family: TaskFamily, seed: int, mistakes: list[Mistake]
) -> list[tuple[float | None, str]]:
    """(reward, reward output) of each mistake, as every runner scores it: setup, the snapshot
    ``initial`` (the reward's initial home), then the change scripts, then the reward. One
    environment per family: each mistake starts from the snapshot again."""
    assert isinstance(family, OfficeFamily)
    task = family.sample(seed)
    scripts = family.generate(task)
    reward = family.write_reward(task)

    def edit(body: str) -> str:
        return patch_script(
            task.task_id, params_of(task), family.patch_imports, family.patch_helpers, body
        )

    async def run(env: LocalEnvironment, code: str, role: str) -> str:
        result = await env.run_script(code, role=role, timeout=90)
        assert result.exit_code == 0, (role, result.stdout, result.stderr)
        return result.stdout

    out: list[tuple[float | None, str]] = []
    async with LocalEnvironment() as env:
        await run(env, scripts.initial_setup, "initial_setup")
        await env.snapshot(INITIAL_SNAPSHOT)
        for mistake in mistakes:
            await env.restore(INITIAL_SNAPSHOT)
            if mistake.after_gold:
                await run(env, scripts.golden_patch, "golden_patch")
            await run(env, edit(mistake.body), "golden_patch")
            text = await run(env, reward, "reward")
            out.append((parse_reward_output(text).reward, text))
    return out


async def assert_mistakes_fail(family: TaskFamily, mistakes: list[Mistake], seed: int = 1) -> None:
    """Every mistake of ``family`` scores inside its bounds, below 1.0."""
    mine = [m for m in mistakes if m.family == family.id]
    assert len(mine) >= 3, f"{family.id}: at least three wrong end states, found {len(mine)}"
    scores = await score_mistakes(family, seed, mine)
    wrong = [
        f"{m.name} ({m.why}): {reward} not in {m.bounds}\n{text}"
        for m, (reward, text) in zip(mine, scores, strict=True)
        if reward is None or not (m.bounds[0] <= reward <= m.bounds[1] < 1.0)
    ]
    assert not wrong, "\n\n".join(wrong)


async def gather_limited(coros: Iterable[Any], limit: int = 3) -> list[Any]:
    gate = asyncio.Semaphore(limit)

    async def one(coro: Any) -> Any:
        async with gate:
            return await coro

    return list(await asyncio.gather(*(one(c) for c in coros)))


def assert_typed_params(family: TaskFamily) -> None:
    """The family declares its typed parameters, its tasks' params are that model, and a task
    whose params miss one or carry an unknown one is refused before a script is written."""
    assert family.params_type is not None, f"{family.id} declares no params_type"
    task = family.sample(0)
    typed = family.params_type.of(task)
    assert typed.model_dump(by_alias=True) == task.params
    params = dict(task.params or {})
    for broken in (
        {k: v for k, v in params.items() if k != "path"},
        {**params, "unstated": 1},
    ):
        bad = task.model_copy(update={"params": broken})
        with pytest.raises(ValueError, match=task.task_id):
            family.generate(bad)
        with pytest.raises(ValueError, match=task.task_id):
            family.write_reward(bad)
