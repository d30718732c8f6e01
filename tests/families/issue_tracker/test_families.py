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
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
import yaml

from cuagym.apps.issue_tracker import category
from cuagym.apps.issue_tracker.edits import (
    add_comment,
    complete_sprint,
    create_issue,
    delete_issue,
    move_to_sprint,
    rank_move,
    start_sprint,
    transition,
    update_issue,
    update_project,
)
from cuagym.apps.webkit import KIT_TEMPLATES
from cuagym.core import TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily, load_domain
from tests.conftest import LiveHub
from tests.families.family_harness import check_sample, run_script

domain = load_domain("issue-tracker")

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
    return task.params or {}  # type: ignore[no-any-return]


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
    # the app's own templates and the web kit's it is built on (its confirmation dialog, ...)
    kit = KIT_TEMPLATES.glob("kit/*.html")
    text = "\n".join(p.read_text() for p in (*TEMPLATES.glob("*.html"), *kit))
    # data-testid attributes, and the ids the kit's macros render: a testid= (row_testid=, ...)
    # argument, a field's id= (its test id by default), the navigation links' keys (nav-<key>)
    raw = set(re.findall(r'\b(?:\w+_)?testid="([^"]+)"', text))
    raw |= {m for f in re.findall(r"kit_ui\.field\((.*?)\) \}\}", text)
            for m in re.findall(r'\bid="([^"]+)"', f) if "testid=" not in f}  # fmt: skip
    raw |= {"{{ prefix }}-" + m for m in re.findall(r'\bid=prefix ~ "-([\w-]+)"', text)}
    for links in re.findall(r"nav_links\(\[(.*?)\]", text):
        raw |= {"nav-" + key for key in re.findall(r'\("([\w-]+)", "', links)}
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


# -- live: plausible wrong end states get partial or no credit -----------------------------------
# Each mistake is what an RL policy plausibly does instead of the task: a duplicate action, a
# collateral change, the right content in the wrong place or format, a partial completion. It
# is applied with the app's own ``_ops`` (exactly as the UI would leave the state) to the
# initial state or to the gold state the golden patch builds, and the real reward.py runs on it.
@dataclass(frozen=True)
class Mistake:
    family: str
    start: Literal["init", "gold"]
    change: Callable[[State, dict[str, Any]], None]
    bounds: tuple[float, float]  # (lowest, highest) acceptable reward, always < 1
    fails: str  # the check that must fail: what the reward rejects
    why: str


def score_mistake(
    family: TaskFamily, seed: int, hub: LiveHub, workdir: Path, mistake: Mistake
) -> tuple[float | None, str]:
    """Set up the task (and its gold state), apply the mistake as the UI would, score it."""
    task = family.sample(seed)
    sid = f"wrong-{uuid.uuid4().hex[:8]}"
    home = workdir / "home"
    scripts = family.generate(task)
    run_script(scripts.initial_setup, hub.url, hub.token, sid, home)
    if mistake.start == "gold":
        run_script(scripts.golden_patch, hub.url, hub.token, sid, home)
    base = f"{hub.url}/issue-tracker"
    state = httpx.get(f"{base}/state", params={"sid": sid}, headers=hub.auth).json()
    state = state["stored_state"]
    mistake.change(state, params(task))
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


def _another_open_issue(state: State, key: str) -> str:
    """An unfinished story, bug or task of the same project: the wrong target."""
    project = state["issues"][key]["project"]
    return str(
        next(
            k
            for k, i in sorted(state["issues"].items())
            if k != key
            and i["project"] == project
            and i["type"] in ("story", "bug", "task")
            and category(state, i["status"]) != "done"
        )
    )


def _me(state: State) -> str:
    return str(state["currentUser"])


# assign-issue
def wrong_person(state: State, p: dict[str, Any]) -> None:
    others = [u for u in state["users"] if u != uid(state, p["assignee_name"])]
    update_issue(state, p["issue_key"], {"assignee": others[0]}, NOW)


def assigned_and_reprioritised(state: State, p: dict[str, Any]) -> None:
    issue = state["issues"][p["issue_key"]]
    other = "lowest" if issue["priority"] != "lowest" else "highest"
    update_issue(state, p["issue_key"], {"priority": other}, NOW)


def assigned_the_wrong_issue(state: State, p: dict[str, Any]) -> None:
    wrong = _another_open_issue(state, p["issue_key"])
    update_issue(state, wrong, {"assignee": uid(state, p["assignee_name"])}, NOW)


def assigned_and_commented(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["issue_key"], _me(state), f"Over to {p['assignee_name']}.", NOW)


# set-priority
def one_level_off(state: State, p: dict[str, Any]) -> None:
    order = ["highest", "high", "medium", "low", "lowest"]
    at = order.index(p["priority"])
    near = order[at + 1] if at + 1 < len(order) else order[at - 1]
    if near == p["previous_priority"]:
        near = order[at - 1] if at > 0 else order[at + 2]
    update_issue(state, p["issue_key"], {"priority": near}, NOW)


def prioritised_and_taken(state: State, p: dict[str, Any]) -> None:
    issue = state["issues"][p["issue_key"]]
    who = _me(state) if issue["assignee"] != _me(state) else None
    update_issue(state, p["issue_key"], {"assignee": who}, NOW)


def prioritised_the_wrong_issue(state: State, p: dict[str, Any]) -> None:
    wrong = _another_open_issue(state, p["issue_key"])
    if state["issues"][wrong]["priority"] == p["priority"]:
        wrong = _another_open_issue(state, wrong)
    update_issue(state, wrong, {"priority": p["priority"]}, NOW)


# add-comment
def paraphrased_comment(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["issue_key"], _me(state), "Noted, will follow up.", NOW)


def commented_twice(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["issue_key"], _me(state), p["comment"], NOW)


def a_second_comment(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["issue_key"], _me(state), "(see above)", NOW)


def comment_in_lower_case(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["issue_key"], _me(state), p["comment"].lower(), NOW)


def commented_on_the_wrong_issue(state: State, p: dict[str, Any]) -> None:
    add_comment(state, _another_open_issue(state, p["issue_key"]), _me(state), p["comment"], NOW)


def commented_and_self_assigned(state: State, p: dict[str, Any]) -> None:
    issue = state["issues"][p["issue_key"]]
    who = _me(state) if issue["assignee"] != _me(state) else None
    update_issue(state, p["issue_key"], {"assignee": who}, NOW)


# transition-issue
def one_step_short(state: State, p: dict[str, Any]) -> None:
    """Moved the card once and stopped (the board offers one step at a time)."""
    steps = {"In Review": "in-progress", "Done": "in-review"}
    path = ["todo", "in-progress", "in-review"]
    here = state["issues"][p["issue_key"]]["status"]
    for step in path[path.index(here) + 1 : path.index(steps[p["to_status"]]) + 1]:
        transition(state, p["issue_key"], step, NOW)


def moved_and_took_it(state: State, p: dict[str, Any]) -> None:
    issue = state["issues"][p["issue_key"]]
    who = _me(state) if issue["assignee"] != _me(state) else None
    update_issue(state, p["issue_key"], {"assignee": who}, NOW)


def moved_the_neighbour_too(state: State, p: dict[str, Any]) -> None:
    issue = state["issues"][p["issue_key"]]
    other = next(
        i
        for k, i in sorted(state["issues"].items())
        if k != p["issue_key"] and i["sprint"] == issue["sprint"] and i["status"] == "todo"
    )
    transition(state, other["key"], "in-progress", NOW)


def moved_the_wrong_issue(state: State, p: dict[str, Any]) -> None:
    """Walked another unfinished card of the sprint to the asked column instead."""
    issue = state["issues"][p["issue_key"]]
    other = next(
        i
        for k, i in sorted(state["issues"].items())
        if k != p["issue_key"]
        and i["sprint"] == issue["sprint"]
        and i["type"] != "subtask"
        and i["status"] in ("todo", "in-progress")
    )
    path = ["todo", "in-progress", "in-review", "done"]
    goal = path.index(p["to_status"].lower().replace(" ", "-"))
    for step in path[path.index(other["status"]) + 1 : goal + 1]:
        transition(state, other["key"], step, NOW)


# create-issue
def _fields(state: State, p: dict[str, Any], **over: Any) -> dict[str, Any]:
    fields = {
        "type": p["type"],
        "title": p["title"],
        "priority": p["priority"],
        "assignee": uid(state, p["assignee_name"]),
        "labels": p["labels"],
        "storyPoints": p["story_points"],
        "sprint": sprint_id(state, p["sprint_name"]) if p["sprint_name"] else None,
    }
    return {**fields, **over}


def wrong_priority(state: State, p: dict[str, Any]) -> None:
    low = "lowest" if p["priority"] != "lowest" else "high"
    create_issue(state, _me(state), p["project"], _fields(state, p, priority=low), NOW)


def created_twice(state: State, p: dict[str, Any]) -> None:
    create_issue(state, _me(state), p["project"], _fields(state, p), NOW)


def title_in_lower_case(state: State, p: dict[str, Any]) -> None:
    create_issue(state, _me(state), p["project"], _fields(state, p, title=p["title"].lower()), NOW)


def with_a_description(state: State, p: dict[str, Any]) -> None:
    fields = _fields(state, p, description="Created from the planning notes.")
    create_issue(state, _me(state), p["project"], fields, NOW)


def under_an_epic(state: State, p: dict[str, Any]) -> None:
    epic = next(
        k
        for k, i in sorted(state["issues"].items())
        if i["type"] == "epic" and i["project"] == p["project"]
    )
    create_issue(state, _me(state), p["project"], _fields(state, p, parent=epic), NOW)


# sprint-planning
def only_first_move(state: State, p: dict[str, Any]) -> None:
    move_to_sprint(state, p["bring"][0], sprint_id(state, p["sprint_name"]), NOW)


def into_the_active_sprint(state: State, p: dict[str, Any]) -> None:
    planned = state["sprints"][sprint_id(state, p["sprint_name"])]
    active = next(
        s["id"]
        for s in state["sprints"].values()
        if s["project"] == planned["project"] and s["state"] == "active"
    )
    for key in p["bring"]:
        move_to_sprint(state, key, active, NOW)
    move_to_sprint(state, p["drop"], None, NOW)


def a_third_issue_brought_in(state: State, p: dict[str, Any]) -> None:
    sid = sprint_id(state, p["sprint_name"])
    project = state["sprints"][sid]["project"]
    extra = next(
        k
        for k, i in sorted(state["issues"].items())
        if i["project"] == project
        and i["sprint"] is None
        and i["type"] in ("story", "bug", "task")
        and k != p["drop"]
    )
    move_to_sprint(state, extra, sid, NOW)


def reranked_while_planning(state: State, p: dict[str, Any]) -> None:
    rank_move(state, p["bring"][1], "top", NOW)


# project-settings
def _settings(state: State, p: dict[str, Any], **over: Any) -> None:
    key = p["project"]
    proj = state["projects"][key]
    values = {
        "name": p["new_name"],
        "description": proj["description"],
        "lead": uid(state, p["lead_name"]),
        "default_assignee": p["default_assignee"],
        **over,
    }
    update_project(
        state, key, values["name"], values["description"], values["lead"],
        values["default_assignee"],
    )  # fmt: skip


def name_in_lower_case(state: State, p: dict[str, Any]) -> None:
    _settings(state, p, name=p["new_name"].lower())


def description_rewritten_too(state: State, p: dict[str, Any]) -> None:
    _settings(state, p, description="Renamed as agreed in the March review.")


def default_assignee_left_alone(state: State, p: dict[str, Any]) -> None:
    _settings(state, p, default_assignee=state["projects"][p["project"]]["defaultAssignee"])


def another_lead(state: State, p: dict[str, Any]) -> None:
    proj = state["projects"][p["project"]]
    wrong = next(
        u for u in sorted(state["users"]) if u not in (proj["lead"], uid(state, p["lead_name"]))
    )
    _settings(state, p, lead=wrong)


# complete-sprint
def unfinished_to_backlog(state: State, p: dict[str, Any]) -> None:
    transition(state, p["reviewed"], "done", NOW)
    complete_sprint(state, sprint_id(state, p["sprint_name"]), None, NOW)


def completed_without_the_review(state: State, p: dict[str, Any]) -> None:
    complete_sprint(
        state, sprint_id(state, p["sprint_name"]), sprint_id(state, p["next_sprint_name"]), NOW
    )


def next_sprint_started_too(state: State, p: dict[str, Any]) -> None:
    start_sprint(state, sprint_id(state, p["next_sprint_name"]), "2025-03-10", "2025-03-21")


def reviewed_done_sprint_left_open(state: State, p: dict[str, Any]) -> None:
    transition(state, p["reviewed"], "done", NOW)


# triage-bugs
def _targets(state: State, p: dict[str, Any]) -> list[str]:
    return sorted(
        i["key"]
        for i in state["issues"].values()
        if i["project"] == p["project"]
        and i["type"] == "bug"
        and category(state, i["status"]) != "done"
        and i["assignee"] is None
        and i["priority"] in p["priorities"]
    )


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
    for key in _targets(state, p)[1:]:
        labels = [*state["issues"][key]["labels"], p["label"]]
        update_issue(state, key, {"assignee": who, "labels": labels}, NOW)


def labelled_an_assigned_bug_too(state: State, p: dict[str, Any]) -> None:
    """Gold, plus the label on the open high-priority bug that already had an assignee."""
    assigned = next(
        i
        for _, i in sorted(state["issues"].items())
        if i["project"] == p["project"]
        and i["type"] == "bug"
        and category(state, i["status"]) != "done"
        and i["assignee"] is not None
        and i["priority"] in p["priorities"]
        and p["label"] not in i["labels"]
    )
    update_issue(state, assigned["key"], {"labels": [*assigned["labels"], p["label"]]}, NOW)


def triaged_to_yourself(state: State, p: dict[str, Any]) -> None:
    for key in _targets(state, p):
        labels = [*state["issues"][key]["labels"], p["label"]]
        update_issue(state, key, {"assignee": _me(state), "labels": labels}, NOW)


# hand-over-work
def _receiver(state: State, p: dict[str, Any], busier: bool = False) -> str:
    """The candidate the rule picks (fewer open issues), or the other one."""
    a, b = (uid(state, n) for n in p["candidates"])
    loads = {u: sum(1 for i in state["issues"].values()
                    if i["assignee"] == u and category(state, i["status"]) != "done")
             for u in (a, b)}  # fmt: skip
    fewer, more = (a, b) if loads[a] < loads[b] else (b, a)
    return more if busier else fewer


def _leavers_open_work(state: State, p: dict[str, Any]) -> list[str]:
    leaver = uid(state, p["leaver_name"])
    return sorted(
        k
        for k, i in state["issues"].items()
        if i["assignee"] == leaver and category(state, i["status"]) != "done"
    )


def handed_to_the_busier_one(state: State, p: dict[str, Any]) -> None:
    target = _receiver(state, p, busier=True)
    for key in _leavers_open_work(state, p):
        update_issue(state, key, {"assignee": target}, NOW)


def handed_over_to_yourself(state: State, p: dict[str, Any]) -> None:
    for key in _leavers_open_work(state, p):
        update_issue(state, key, {"assignee": _me(state)}, NOW)


def handed_over_all_but_one(state: State, p: dict[str, Any]) -> None:
    target = _receiver(state, p)
    for key in _leavers_open_work(state, p)[1:]:
        update_issue(state, key, {"assignee": target}, NOW)


def handed_over_with_a_note(state: State, p: dict[str, Any]) -> None:
    """Gold, and a comment on one of the handed-over issues."""
    receiver = _receiver(state, p)
    mine = sorted(k for k, i in state["issues"].items() if i["assignee"] == receiver)
    add_comment(state, mine[0], _me(state), f"Covering for {p['leaver_name']}.", NOW)


# merge-duplicate
def _note(state: State, p: dict[str, Any]) -> str:
    return str(state["issues"][p["duplicate_key"]]["comments"][0]["body"])


def deleted_without_carrying_the_comment(state: State, p: dict[str, Any]) -> None:
    delete_issue(state, p["duplicate_key"])


def carried_the_comment_kept_the_copy(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["original_key"], _me(state), _note(state, p), NOW)


def deleted_the_original_instead(state: State, p: dict[str, Any]) -> None:
    add_comment(state, p["duplicate_key"], _me(state), "Merged.", NOW)
    delete_issue(state, p["original_key"])


def carried_the_comment_twice(state: State, p: dict[str, Any]) -> None:
    comments = state["issues"][p["original_key"]]["comments"]
    add_comment(state, p["original_key"], _me(state), comments[-1]["body"], NOW)


def merged_and_reprioritised(state: State, p: dict[str, Any]) -> None:
    issue = state["issues"][p["original_key"]]
    other = "lowest" if issue["priority"] != "lowest" else "highest"
    update_issue(state, p["original_key"], {"priority": other}, NOW)


MISTAKES: list[Mistake] = [
    Mistake("assign-issue", "init", wrong_person, (0, 0), "assignee", "another person"),
    Mistake(
        "assign-issue",
        "gold",
        assigned_and_reprioritised,
        (0, 0),
        "nothing_else_changed",
        "changed the priority as well",
    ),
    Mistake(
        "assign-issue",
        "init",
        assigned_the_wrong_issue,
        (0, 0),
        "assignee",
        "the right person on another issue",
    ),
    Mistake(
        "assign-issue",
        "gold",
        assigned_and_commented,
        (0, 0),
        "nothing_else_changed",
        "also left a comment",
    ),
    Mistake("set-priority", "init", one_level_off, (0, 0), "priority", "a neighbouring priority"),
    Mistake(
        "set-priority",
        "gold",
        prioritised_and_taken,
        (0, 0),
        "nothing_else_changed",
        "changed the assignee as well",
    ),
    Mistake(
        "set-priority",
        "init",
        prioritised_the_wrong_issue,
        (0, 0),
        "priority",
        "the asked priority on another issue",
    ),
    Mistake(
        "add-comment",
        "init",
        paraphrased_comment,
        (1 / 3 - 0.001, 1 / 3 + 0.001),
        "comment_text",
        "a comment in other words",
    ),
    Mistake("add-comment", "gold", commented_twice, (0, 0), "one_comment", "posted twice"),
    Mistake(
        "add-comment", "gold", a_second_comment, (0, 0), "one_comment", "a second comment after it"
    ),
    Mistake(
        "add-comment",
        "init",
        comment_in_lower_case,
        (1 / 3 - 0.001, 1 / 3 + 0.001),
        "comment_text",
        "the quoted comment typed in lower case",
    ),
    Mistake(
        "add-comment",
        "init",
        commented_on_the_wrong_issue,
        (0, 0),
        "comment_posted",
        "the comment on another issue",
    ),
    Mistake(
        "add-comment",
        "gold",
        commented_and_self_assigned,
        (0, 0),
        "nothing_else_changed",
        "also took the issue",
    ),
    Mistake(
        "transition-issue",
        "init",
        one_step_short,
        (0.25, 0.25),
        "reached_status",
        "one workflow step short",
    ),
    Mistake(
        "transition-issue",
        "gold",
        moved_and_took_it,
        (0, 0),
        "nothing_else_changed",
        "also assigned it to yourself",
    ),
    Mistake(
        "transition-issue",
        "gold",
        moved_the_neighbour_too,
        (0, 0),
        "nothing_else_changed",
        "also started another card of the sprint",
    ),
    Mistake(
        "transition-issue",
        "init",
        moved_the_wrong_issue,
        (0, 0),
        "reached_status",
        "moved another card of the same column",
    ),
    Mistake("create-issue", "init", wrong_priority, (0.875, 0.875), "priority", "another priority"),
    Mistake("create-issue", "gold", created_twice, (0, 0), "created", "created twice"),
    Mistake(
        "create-issue",
        "init",
        title_in_lower_case,
        (0, 0),
        "created",
        "the quoted title typed in lower case",
    ),
    Mistake(
        "create-issue",
        "init",
        with_a_description,
        (0, 0),
        "nothing_unasked",
        "a description nobody asked for",
    ),
    Mistake(
        "create-issue",
        "init",
        under_an_epic,
        (0, 0),
        "nothing_unasked",
        "filed under an epic nobody named",
    ),
    Mistake(
        "sprint-planning",
        "init",
        only_first_move,
        (1 / 3 - 0.001, 1 / 3 + 0.001),
        "in_sprint_",
        "one of three moves",
    ),
    Mistake(
        "sprint-planning",
        "init",
        into_the_active_sprint,
        (1 / 3 - 0.001, 1 / 3 + 0.001),
        "in_sprint_",
        "brought into the active sprint, not the planned one",
    ),
    Mistake(
        "sprint-planning",
        "gold",
        a_third_issue_brought_in,
        (0, 0),
        "nothing_else_changed",
        "a third backlog issue brought in",
    ),
    Mistake(
        "sprint-planning",
        "gold",
        reranked_while_planning,
        (0, 0),
        "nothing_else_changed",
        "also reordered the sprint",
    ),
    Mistake(
        "project-settings",
        "init",
        name_in_lower_case,
        (2 / 3 - 0.001, 2 / 3 + 0.001),
        "name",
        "the quoted name in lower case",
    ),
    Mistake(
        "project-settings",
        "init",
        description_rewritten_too,
        (0, 0),
        "nothing_else_changed",
        "the description rewritten too",
    ),
    Mistake(
        "project-settings",
        "init",
        default_assignee_left_alone,
        (2 / 3 - 0.001, 2 / 3 + 0.001),
        "default_assignee",
        "the default assignee rule left unchanged",
    ),
    Mistake(
        "project-settings",
        "init",
        another_lead,
        (2 / 3 - 0.001, 2 / 3 + 0.001),
        "lead",
        "another person as lead",
    ),
    Mistake(
        "complete-sprint",
        "init",
        unfinished_to_backlog,
        (0.6, 0.6),
        "unfinished_moved",
        "unfinished work sent to the backlog",
    ),
    Mistake(
        "complete-sprint",
        "init",
        completed_without_the_review,
        (0, 0),
        "nothing_else_changed",
        "completed without marking the reviewed issue Done (it rolled over)",
    ),
    Mistake(
        "complete-sprint",
        "gold",
        next_sprint_started_too,
        (0, 0),
        "nothing_else_changed",
        "also started the next sprint",
    ),
    Mistake(
        "complete-sprint",
        "init",
        reviewed_done_sprint_left_open,
        (0.2, 0.2),
        "sprint_closed",
        "marked Done, never completed the sprint",
    ),
    Mistake(
        "triage-bugs",
        "init",
        also_a_near_miss,
        (0, 0),
        "nothing_else_changed",
        "also triaged an unassigned bug of lower priority",
    ),
    Mistake("triage-bugs", "init", skipped_one_bug, (0.3, 0.7), "assigned_", "skipped one bug"),
    Mistake(
        "triage-bugs",
        "gold",
        labelled_an_assigned_bug_too,
        (0, 0),
        "nothing_else_changed",
        "labelled a bug that already had an assignee",
    ),
    Mistake(
        "triage-bugs",
        "init",
        triaged_to_yourself,
        (0.5, 0.5),
        "assigned_",
        "assigned to yourself, not to the named person",
    ),
    # Families added in wave 3 (after the others: each mistake keeps its seed).
    Mistake(
        "merge-duplicate",
        "init",
        deleted_without_carrying_the_comment,
        (0.5, 0.5),
        "comment_carried_over",
        "deleted the copy, lost its comment",
    ),
    Mistake(
        "merge-duplicate",
        "init",
        carried_the_comment_kept_the_copy,
        (0.5, 0.5),
        "copy_deleted",
        "carried the comment over, kept the copy",
    ),
    Mistake(
        "merge-duplicate",
        "init",
        deleted_the_original_instead,
        (0, 0),
        "original_kept",
        "deleted the original and kept the copy",
    ),
    Mistake(
        "merge-duplicate",
        "gold",
        carried_the_comment_twice,
        (0, 0),
        "one_comment",
        "posted the carried comment twice",
    ),
    Mistake(
        "merge-duplicate",
        "gold",
        merged_and_reprioritised,
        (0, 0),
        "nothing_else_changed",
        "merged, and changed the original's priority",
    ),
    Mistake(
        "hand-over-work",
        "init",
        handed_to_the_busier_one,
        (0, 0),
        "handed_over_",
        "everything to the teammate with more open issues",
    ),
    Mistake(
        "hand-over-work",
        "init",
        handed_over_to_yourself,
        (0, 0),
        "handed_over_",
        "took the work yourself",
    ),
    Mistake(
        "hand-over-work",
        "init",
        handed_over_all_but_one,
        (0.3, 0.8),
        "handed_over_",
        "one issue left with the leaver",
    ),
    Mistake(
        "hand-over-work",
        "gold",
        handed_over_with_a_note,
        (0, 0),
        "nothing_else_changed",
        "handed over, and left a comment nobody asked for",
    ),
]


def test_every_family_has_three_wrong_end_states() -> None:
    # Cross-app families change two apps' states: their mistakes live in test_cross.py.
    single = [f for f in FAMILIES if f.task_apps() == ["issue-tracker"]]
    counts = Counter(m.family for m in MISTAKES)
    assert {f.id: counts[f.id] >= 3 for f in single} == {f.id: True for f in single}
    assert all(m.bounds[1] < 1.0 for m in MISTAKES)


@pytest.mark.slow
@pytest.mark.parametrize(
    "index", range(len(MISTAKES)), ids=[f"{m.family}-{m.change.__name__}" for m in MISTAKES]
)
def test_a_plausible_wrong_end_state_is_not_full_credit(
    index: int, tracker_hub: LiveHub, tmp_path: Path
) -> None:
    mistake = MISTAKES[index]
    seed = SEEDS[index % len(SEEDS)]  # spread the mistakes over the seeds' worlds
    family = domain.family(mistake.family)
    reward, out = score_mistake(family, seed, tracker_hub, tmp_path, mistake)
    low, high = mistake.bounds
    assert reward is not None and low <= reward <= high < 1.0, (mistake.why, out)
    # The named check (a prefix for per-issue checks such as assigned_WEB-3) is what fails.
    assert re.search(rf"^CHECK {mistake.fails}\S* \S+ FAIL", out, re.M), (mistake.why, out)
    assert "CHECK evaluate" not in out, out  # scored on the state, not on a crash
