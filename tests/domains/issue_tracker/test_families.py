"""issue-tracker's task families: taxonomy, task hygiene, and r(init) = 0 / r(gold) = 1 for real.

Scripts run as subprocesses against a live hub (``family_harness``), exactly as the consensus
check runs them; the "wrong end state" tests apply a plausible agent mistake with the app's own
``_ops`` and check that the reward gives partial or no credit, never full.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from cuagym.core import TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily
from cuagym.domains.issue_tracker import domain
from cuagym.domains.issue_tracker._ops import add_comment, create_issue, transition, update_issue
from cuagym.domains.issue_tracker._ops_plan import complete_sprint, move_to_sprint
from tests.conftest import LiveHub
from tests.domains.family_harness import check_sample, run_script

FAMILIES = domain.families
SEEDS = (0, 1, 2)
TEMPLATES = Path(domain.skill_file or "").parent / "templates"
NOW = datetime(2025, 3, 7, 17, 0, tzinfo=UTC)
State = dict[str, Any]


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


def params(task: TaskConfig) -> dict[str, Any]:
    return (task.model_extra or {})["params"]  # type: ignore[no-any-return]


# -- static ---------------------------------------------------------------------------------------
def test_taxonomy_shape() -> None:
    tree = taxonomy()

    def check(node: dict[str, Any], depth: int) -> None:
        assert depth <= 4
        assert isinstance(node.get("description"), str) and node["description"].strip()
        children = node.get("children")
        if children:
            assert len(children) <= 12
            for child in children.values():
                check(child, depth + 1)
        else:
            assert node.get("ui_elements"), node

    check(tree, 0)
    assert tree["name"] == "issue-tracker" and len(leaves(tree)) >= 20


def test_taxonomy_ui_elements_exist_in_templates() -> None:
    text = "\n".join(p.read_text() for p in TEMPLATES.glob("*.html"))
    raw = set(re.findall(r'data-testid="([^"]+)"', text))
    ids = {t for t in raw if "{{" not in t}
    for prefix in ("create", "new"):  # the issue form's ids, included with a prefix
        ids |= {t.replace("{{ prefix }}", prefix) for t in raw if "{{ prefix }}" in t}
    templated = {re.sub(r"\{\{.*?\}\}", "<", t) for t in raw if "{{" in t}
    for path, leaf in leaves(taxonomy()).items():
        for element in leaf["ui_elements"]:
            if "<" in element:
                assert re.sub(r"<.*?>", "<", element) in templated, (path, element)
            else:
                assert element in ids, (path, element)


def test_families_cover_the_difficulties_and_distinct_leaves() -> None:
    assert len(FAMILIES) >= 8
    counts = Counter(f.difficulty for f in FAMILIES)
    assert counts["easy"] >= 2 and counts["medium"] >= 3 and counts["hard"] >= 2
    assert len({f.id for f in FAMILIES}) == len(FAMILIES)
    known = leaves(taxonomy())
    paths = [f.taxonomy_path for f in FAMILIES]
    assert len(set(paths)) == len(paths)
    for family in FAMILIES:
        assert family.taxonomy_path in known, family.id
        assert family.domain == "issue-tracker" and domain.family(family.id) is family


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(6)]
    for task in tasks:
        told = f"{task.instruction} {task.context}"
        for key, value in params(task).items():
            values = value if isinstance(value, list) else [value]
            for v in values:
                if isinstance(v, str):
                    assert v in told or v.capitalize() in told or v.title() in told, (key, v)
        assert "button" not in task.instruction.lower()  # a goal, not a method
    assert len({t.instruction for t in tasks}) > 1
    # Each task gets its own world, not one shared seed.
    setups = {family.generate(t).initial_setup for t in tasks[:3]}
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(7)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    assert not re.search(r"\bcm-\d{4}\b", reward)  # no comment id of the Generator's world
    assert "subprocess" not in reward and "UPDATES" not in reward and "/post" not in reward


# -- live: r(init) = 0, r(gold) = 1 ---------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, tracker_hub: LiveHub, tmp_path: Path
) -> None:
    for seed in SEEDS:
        result = check_sample(
            family, seed, tracker_hub.url, tracker_hub.token, tmp_path / str(seed)
        )
        assert result.r_init == 0.0, result.init_output
        assert result.r_gold == 1.0, result.gold_output


# -- live: plausible mistakes get partial or no credit --------------------------------------------
def score_mistake(
    family: TaskFamily,
    seed: int,
    hub: LiveHub,
    workdir: Path,
    mistake: Callable[[State, dict[str, Any]], None],
) -> tuple[float | None, str]:
    """Set up the task, apply ``mistake`` to the state as the UI would, run the reward."""
    task = family.sample(seed)
    sid = f"wrong-{uuid.uuid4().hex[:8]}"
    home = workdir / "home"
    run_script(family.generate(task).initial_setup, hub.url, hub.token, sid, home)
    base = f"{hub.url}/issue-tracker"
    state = httpx.get(f"{base}/state", params={"sid": sid}, headers=hub.auth).json()
    state = state["stored_state"]
    mistake(state, params(task))
    r = httpx.post(
        f"{base}/post",
        params={"sid": sid},
        headers=hub.auth,
        json={"action": "set_current", "state": state},
    )
    assert r.status_code == 200, r.text
    out = run_script(family.write_reward(task), hub.url, hub.token, sid, home)
    return parse_reward_output(out).reward, out


def uid(state: State, name: str) -> str:
    return str(next(u["id"] for u in state["users"].values() if u["displayName"] == name))


def sprint_id(state: State, name: str) -> str:
    return str(next(s["id"] for s in state["sprints"].values() if s["name"] == name))


def one_step_short(state: State, p: dict[str, Any]) -> None:
    """Moved the card once and stopped (the board offers one step at a time)."""
    steps = {"In Review": "in-progress", "Done": "in-review"}
    path = ["todo", "in-progress", "in-review"]
    here = state["issues"][p["issue_key"]]["status"]
    for step in path[path.index(here) + 1 : path.index(steps[p["to_status"]]) + 1]:
        transition(state, p["issue_key"], step, NOW)


def wrong_person(state: State, p: dict[str, Any]) -> None:
    others = [u for u in state["users"] if u != uid(state, p["assignee_name"])]
    update_issue(state, p["issue_key"], {"assignee": others[0]}, NOW)


def paraphrased_comment(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["issue_key"], state["currentUser"], "Noted, will follow up.", NOW)


def wrong_priority(state: State, p: dict[str, Any]) -> None:
    fields = {
        "type": p["type"],
        "title": p["title"],
        "priority": "lowest" if p["priority"] != "lowest" else "high",
        "assignee": uid(state, p["assignee_name"]),
        "labels": p["labels"],
        "storyPoints": p["story_points"],
        "sprint": sprint_id(state, p["sprint_name"]) if p["sprint_name"] else None,
    }
    create_issue(state, state["currentUser"], p["project"], fields, NOW)


def only_first_move(state: State, p: dict[str, Any]) -> None:
    move_to_sprint(state, p["bring"][0], sprint_id(state, p["sprint_name"]), NOW)


def unfinished_to_backlog(state: State, p: dict[str, Any]) -> None:
    transition(state, p["reviewed"], "done", NOW)
    complete_sprint(state, sprint_id(state, p["sprint_name"]), None, NOW)


def also_a_near_miss(state: State, p: dict[str, Any]) -> None:
    """Triage the right bugs, and one unassigned bug of lower priority too."""
    who = uid(state, p["assignee_name"])
    for issue in sorted(state["issues"].values(), key=lambda i: i["key"]):
        if (
            issue["project"] == p["project"]
            and issue["type"] == "bug"
            and issue["status"] != "done"
            and issue["assignee"] is None
        ):
            labels = [*issue["labels"], p["label"]]
            update_issue(state, issue["key"], {"assignee": who, "labels": labels}, NOW)


def skipped_one_bug(state: State, p: dict[str, Any]) -> None:
    who = uid(state, p["assignee_name"])
    targets = sorted(
        i["key"]
        for i in state["issues"].values()
        if i["project"] == p["project"]
        and i["type"] == "bug"
        and i["status"] != "done"
        and i["assignee"] is None
        and i["priority"] in p["priorities"]
    )
    for key in targets[1:]:
        labels = [*state["issues"][key]["labels"], p["label"]]
        update_issue(state, key, {"assignee": who, "labels": labels}, NOW)


MISTAKES: list[tuple[str, Callable[[State, dict[str, Any]], None], tuple[float, float]]] = [
    # (family, mistake, (lowest, highest) acceptable reward)
    ("assign-issue", wrong_person, (0.0, 0.0)),
    ("add-comment", paraphrased_comment, (1 / 3 - 0.001, 1 / 3 + 0.001)),
    ("transition-issue", one_step_short, (0.25, 0.25)),
    ("create-issue", wrong_priority, (0.875, 0.875)),
    ("sprint-planning", only_first_move, (1 / 3 - 0.001, 1 / 3 + 0.001)),
    ("complete-sprint", unfinished_to_backlog, (0.6, 0.6)),
    ("triage-bugs", also_a_near_miss, (0.0, 0.0)),
    ("triage-bugs", skipped_one_bug, (0.3, 0.7)),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("family_id", "mistake", "bounds"), MISTAKES, ids=[f"{m[0]}-{m[1].__name__}" for m in MISTAKES]
)
def test_a_plausible_mistake_is_not_full_credit(
    family_id: str,
    mistake: Callable[[State, dict[str, Any]], None],
    bounds: tuple[float, float],
    tracker_hub: LiveHub,
    tmp_path: Path,
) -> None:
    reward, out = score_mistake(domain.family(family_id), 1, tracker_hub, tmp_path, mistake)
    assert reward is not None and bounds[0] <= reward <= bounds[1] < 1.0, out
