"""team-chat's task families: taxonomy, task hygiene, and r(init) = 0 / r(gold) = 1 for real.

Scripts run as subprocesses against a live hub (``family_harness``), exactly as the consensus
check runs them; the "wrong end state" tests apply a plausible agent mistake with the app's own
``_ops`` and check that the reward gives partial or no credit, never full.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml

from cuagym.core import TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily
from cuagym.domains.team_chat import domain
from cuagym.domains.team_chat._families._world import channel_id, uid_of
from cuagym.domains.team_chat._ops import (
    add_members,
    create_channel,
    delete_message,
    edit_message,
    post_message,
    set_channel_text,
    switch_user,
    toggle_reaction,
)
from tests.conftest import LiveHub
from tests.domains.family_harness import check_sample, run_script

FAMILIES = domain.families
SEEDS = (0, 1, 2)
TEMPLATES = Path(domain.skill_file or "").parent / "templates"
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
    assert len(leaves(tree)) >= 20


def test_taxonomy_ui_elements_exist_in_templates() -> None:
    text = "\n".join(p.read_text() for p in TEMPLATES.glob("*.html"))
    raw = set(re.findall(r'data-testid="([^"]+)"', text))
    ids = {t for t in raw if "{{" not in t}
    for prefix in ("composer", "thread-composer"):  # the composer macro's ids
        ids |= {t.replace("{{ testid }}", prefix) for t in raw if "{{ testid }}" in t}
    ids.add("mention")  # rendered by _views.render_text, not by a template
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
        assert family.domain == "team-chat" and domain.family(family.id) is family


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(6)]
    for task in tasks:
        told = f"{task.instruction} {task.context}"
        for key, value in params(task).items():
            if isinstance(value, str):
                assert value in told, (key, value)
        assert "button" not in task.instruction.lower()  # a goal, not a method
    assert len({t.instruction for t in tasks}) > 1
    # Each task gets its own world (company, dates, chatter), not one shared seed.
    setups = {family.generate(t).initial_setup.split("STATE = ", 1)[1] for t in tasks[:3]}
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(7)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    assert not re.search(r"\bm-\d{4}\b", reward)  # no message id of the Generator's world
    assert "subprocess" not in reward and "STATE" not in reward


# -- live: r(init) = 0, r(gold) = 1 ---------------------------------------------------------------
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, chat_hub: LiveHub, tmp_path: Path
) -> None:
    for seed in SEEDS:
        result = check_sample(family, seed, chat_hub.url, chat_hub.token, tmp_path / str(seed))
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
    base = f"{hub.url}/team-chat"
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


def _target(state: State, p: dict[str, Any], who: str) -> tuple[str, str]:
    cid = channel_id(state, p["channel"])
    sender = uid_of(p[who]) if who != "me" else state["currentUser"]
    mid = next(
        m["id"]
        for m in state["messages"][cid]
        if m["sender"] == sender and p["match"].lower() in m["text"].lower()
    )
    return cid, mid


def wrong_emoji(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    other = "thinking_face" if p["emoji"] != "thinking_face" else "joy"
    toggle_reaction(state, cid, mid, state["currentUser"], other)


def reply_at_top_level(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, p["channel"]), state["currentUser"], p["answer"])


def reply_with_other_words(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    post_message(state, cid, state["currentUser"], "Let me check.", thread_parent=mid)


def post_a_correction(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    post_message(state, cid, state["currentUser"], f"Correction: {p['right']}, not {p['wrong']}")


def edit_too_much(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "me")
    edit_message(state, cid, mid, state["currentUser"], f"Update: it's {p['right']} now.")


def public_channel(state: State, p: dict[str, Any]) -> None:
    me = state["currentUser"]
    cid = create_channel(state, me, p["channel"], p["purpose"], private=False)
    add_members(state, cid, me, [uid_of(p["first"]), uid_of(p["second"])])
    post_message(state, cid, me, p["text"])


def topic_typo(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    set_channel_text(state, cid, state["currentUser"], "topic", p["topic"][:-3])


def switch_back(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    me, admin = state["currentUser"], uid_of(p["admin"])
    _, mid = _target(state, p, "poster")
    switch_user(state, admin)
    delete_message(state, cid, mid, admin)
    post_message(state, cid, admin, p["text"])
    switch_user(state, me)


def in_the_group_dm(state: State, p: dict[str, Any]) -> None:
    me = state["currentUser"]
    group = {me, uid_of(p["to"]), uid_of(p["third"])}
    did = next(d for d, dm in state["dms"].items() if set(dm["members"]) == group)
    post_message(state, did, me, p["text"])


MISTAKES: list[tuple[str, Callable[[State, dict[str, Any]], None], tuple[float, float]]] = [
    # (family, mistake, (lowest, highest) acceptable reward)
    ("react-to-message", wrong_emoji, (0.0, 0.0)),
    ("reply-in-thread", reply_at_top_level, (0.0, 0.0)),
    ("reply-in-thread", reply_with_other_words, (0.5, 0.5)),
    ("fix-own-message", post_a_correction, (0.0, 0.0)),
    ("fix-own-message", edit_too_much, (0.5, 0.5)),
    ("create-private-channel", public_channel, (0.875, 0.875)),
    ("set-channel-topic", topic_typo, (0.25, 0.25)),
    ("moderate-as-admin", switch_back, (0.8, 0.8)),
    ("send-direct-message", in_the_group_dm, (0.0, 0.0)),
]


@pytest.mark.parametrize(
    ("family_id", "mistake", "bounds"), MISTAKES, ids=[f"{m[0]}-{m[1].__name__}" for m in MISTAKES]
)
def test_a_plausible_mistake_is_not_full_credit(
    family_id: str,
    mistake: Callable[[State, dict[str, Any]], None],
    bounds: tuple[float, float],
    chat_hub: LiveHub,
    tmp_path: Path,
) -> None:
    reward, out = score_mistake(domain.family(family_id), 1, chat_hub, tmp_path, mistake)
    assert reward is not None and bounds[0] <= reward <= bounds[1] < 1.0, out
