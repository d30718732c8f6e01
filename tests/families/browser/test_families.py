"""The browser families without running them: taxonomy shape, task hygiene, the barrier."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
import yaml

from cuagym.core import TaskConfig
from cuagym.domains import DESKTOP_APPS, TaskFamily, load_domain
from cuagym.synth._scan import scan_source

domain = load_domain("browser")

FAMILIES = domain.families


def taxonomy() -> dict[str, Any]:
    assert domain.taxonomy_file is not None
    return yaml.safe_load(domain.taxonomy_file.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def leaves(node: dict[str, Any], path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    children = node.get("children")
    if not children:
        return {path: node}
    out: dict[tuple[str, ...], Any] = {}
    for key, child in children.items():
        out.update(leaves(child, (*path, key)))
    return out


def test_domain_is_a_desktop_domain_with_its_own_launcher() -> None:
    assert domain.id == "browser" and domain.platform == "desktop" and domain.web_app is None
    assert domain.skill.startswith("# browser")
    assert [line for line in domain.skill.splitlines() if re.match(r"## \d\. ", line)] == [
        line for line in domain.skill.splitlines() if line.startswith("## ")
    ]
    assert len(re.findall(r"^## \d\. ", domain.skill, re.M)) == 6
    assert "browser" in DESKTOP_APPS


def test_taxonomy_shape() -> None:
    def check(node: dict[str, Any], depth: int) -> None:
        assert depth <= 4
        assert isinstance(node.get("description"), str) and node["description"].strip()
        children = node.get("children")
        if children:
            assert len(children) <= 12
            for child in children.values():
                check(child, depth + 1)
        else:
            elements = node.get("ui_elements")
            assert elements and all(isinstance(e, str) and e for e in elements), node

    check(taxonomy(), 0)


def test_families_cover_the_difficulties_and_distinct_leaves() -> None:
    assert len(FAMILIES) >= 8
    counts = Counter(f.difficulty for f in FAMILIES)
    assert counts["hard"] >= 3 and counts["easy"] >= 1 and counts["medium"] >= 2
    assert sum(len(f.task_apps()) > 1 for f in FAMILIES) >= 2  # cross-app
    paths = [f.taxonomy_path for f in FAMILIES]
    assert len(set(paths)) == len(paths)
    known = leaves(taxonomy())
    for family in FAMILIES:
        assert family.taxonomy_path in known, family.id
        assert family.domain == "browser" and domain.family(family.id) is family


def stated(value: Any, told: str) -> bool:
    if isinstance(value, bool):
        return str(value) in told
    if isinstance(value, str):
        return value in told
    if isinstance(value, int | float):
        return str(value) in told
    if isinstance(value, list):
        return all(stated(v, told) for v in value)
    if isinstance(value, dict):
        return all(stated(v, told) for v in value.values())
    return False


def params(task: TaskConfig) -> dict[str, Any]:
    return task.params or {}  # type: ignore[no-any-return]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(8)]
    for task in tasks:
        told = f"{task.instruction} {task.context}"
        for key, value in params(task).items():
            assert stated(value, told), (key, value, told)
        assert "browser" in task.apps and "/home/user" in task.context
        assert task.apps == family.task_apps() and len(task.start or []) == len(task.apps)
        assert (task.start or [])[-1].app == "browser"
        # "the Home button" is a goal (a toolbar that shows it), not a way to reach one
        goal = re.sub(r"home button", "", task.instruction, flags=re.I)
        assert not re.search(r"\b(click|menu|dialog|button|use the)\b", goal, re.I)
    assert len({t.instruction for t in tasks}) > 1
    setups = {family.generate(t).initial_setup for t in tasks[:3]}
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(5)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    scripts = family.generate(task)
    assert "WORLD" not in reward and "OPS" not in reward
    report = scan_source(reward, f"{task.task_id}/reward.py")
    assert report.ok, [v.model_dump() for v in report.violations]
    compile(scripts.initial_setup, "initial_setup.py", "exec")
    compile(scripts.golden_patch, "golden_patch.py", "exec")


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_every_family_has_an_oracle(family: TaskFamily) -> None:
    for seed in range(3):
        oracle = family.oracle(family.sample(seed))
        assert oracle is not None and oracle.name == "oracle", family.id


def test_an_osworld_export_starts_chrome_on_the_tasks_profile() -> None:
    from cuagym.synth._osworld_config import start_steps

    task = domain.family("bookmark-from-memo").sample(0)
    steps = start_steps([w.model_dump() for w in task.start or []], hub=None)
    assert steps[0].type == "open" and steps[0].parameters["path"].endswith(".docx")
    command = steps[1].parameters["command"]
    assert "--user-data-dir=/home/user/.config/chromium-task" in command
    assert command[-1] == "file:///home/user/intranet/index.html"
