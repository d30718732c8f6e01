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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
import yaml

from cuagym.apps.team_chat import channel_id, uid_of
from cuagym.apps.team_chat.edits import (
    add_members,
    create_channel,
    delete_message,
    edit_message,
    join_channel,
    open_dm,
    post_message,
    set_archived,
    set_channel_text,
    switch_user,
    toggle_pin,
    toggle_reaction,
    update_profile,
)
from cuagym.apps.webkit import KIT_TEMPLATES
from cuagym.core import TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily, load_domain
from cuagym.families.team_chat._navigation import my_conversations
from tests.conftest import LiveHub
from tests.families.desktop_harness import is_desk_web
from tests.families.family_harness import check_sample, run_script

domain = load_domain("team-chat")

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
    assert len(leaves(tree)) >= 20


def test_taxonomy_ui_elements_exist_in_templates() -> None:
    # the app's own templates and the web kit's it is built on (its confirmation dialog, ...);
    # a kit macro's test id is an argument of its call (testid="rename-dialog")
    kit = KIT_TEMPLATES.glob("kit/*.html")
    text = "\n".join(p.read_text() for p in (*TEMPLATES.glob("*.html"), *kit))
    raw = set(re.findall(r'testid="([^"]+)"', text))
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
    # (a cross-app family homed here may write every app's world as ``WORLDS``)
    setups = {re.split(r"(?:STATE|WORLDS) = ", family.generate(t).initial_setup, maxsplit=1)[1]
              for t in tasks[:3]}  # fmt: skip
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(7)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    assert not re.search(r"\bm-\d{4}\b", reward)  # no message id of the Generator's world
    assert "subprocess" not in reward and "STATE" not in reward


# -- live: r(init) = 0, r(gold) = 1 ---------------------------------------------------------------
# (a desktop x web family writes a workbook too: it runs in a sandbox, tests/families/desk_web)
@pytest.mark.parametrize("family", [f for f in FAMILIES if not is_desk_web(f)], ids=lambda f: f.id)
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, chat_hub: LiveHub, tmp_path: Path
) -> None:
    for seed in SEEDS:
        result = check_sample(family, seed, chat_hub.url, chat_hub.token, tmp_path / str(seed))
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
    base = f"{hub.url}/team-chat"
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


def _target(state: State, p: dict[str, Any], who: str) -> tuple[str, str]:
    cid = channel_id(state, p["channel"])
    sender = uid_of(p[who]) if who != "me" else state["currentUser"]
    mid = next(
        m["id"]
        for m in state["messages"][cid]
        if m["sender"] == sender and p["match"].lower() in m["text"].lower()
    )
    return cid, mid


def _other_top_level(state: State, cid: str, not_id: str, sender: str | None = None) -> str:
    """Another top-level message of the channel (by ``sender`` if given): a wrong target."""
    return str(
        next(
            m["id"]
            for m in reversed(state["messages"][cid])
            if m["id"] != not_id
            and m["threadParent"] is None
            and (sender is None or m["sender"] == sender)
        )
    )


def _me(state: State) -> str:
    return str(state["currentUser"])


def _other_emoji(p: dict[str, Any]) -> str:
    return "thinking_face" if p["emoji"] != "thinking_face" else "joy"


# react-to-message
def wrong_emoji(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    toggle_reaction(state, cid, mid, _me(state), _other_emoji(p))


def react_and_pin(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    toggle_pin(state, cid, mid, _me(state))


def a_second_emoji_too(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    toggle_reaction(state, cid, mid, _me(state), _other_emoji(p))


def react_on_their_other_message(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    other = _other_top_level(state, cid, mid, uid_of(p["author"]))
    toggle_reaction(state, cid, other, _me(state), p["emoji"])


def emoji_as_a_message(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, p["channel"]), _me(state), f":{p['emoji']}:")


# set-channel-topic
def topic_typo(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    set_channel_text(state, cid, _me(state), "topic", p["topic"][:-3])


def topic_in_lower_case(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    set_channel_text(state, cid, _me(state), "topic", p["topic"].lower())


def topic_as_description(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    set_channel_text(state, cid, _me(state), "purpose", p["topic"])


def topic_also_announced(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    post_message(state, cid, _me(state), f"New topic: {p['topic']}")


def topic_of_another_channel(state: State, p: dict[str, Any]) -> None:
    other = next(
        c["id"]
        for c in state["channels"].values()
        if c["name"] != p["channel"] and _me(state) in c["members"] and not c["archived"]
    )
    set_channel_text(state, other, _me(state), "topic", p["topic"])


# update-profile
def title_and_status_swapped(state: State, p: dict[str, Any]) -> None:
    me = _me(state)
    update_profile(state, me, state["users"][me]["displayName"], p["status"], p["title"])


def display_name_changed_too(state: State, p: dict[str, Any]) -> None:
    me = _me(state)
    update_profile(state, me, p["title"], p["title"], p["status"])


def title_in_lower_case(state: State, p: dict[str, Any]) -> None:
    me = _me(state)
    name = state["users"][me]["displayName"]
    update_profile(state, me, name, p["title"].lower(), p["status"])


def status_with_a_prefix(state: State, p: dict[str, Any]) -> None:
    me = _me(state)
    name = state["users"][me]["displayName"]
    update_profile(state, me, name, p["title"], "Status: " + p["status"])


# reply-in-thread
def reply_at_top_level(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, p["channel"]), _me(state), p["answer"])


def reply_with_other_words(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    post_message(state, cid, _me(state), "Let me check.", thread_parent=mid)


def replied_twice(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    post_message(state, cid, _me(state), p["answer"], thread_parent=mid)


def reply_and_react_to_the_question(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    toggle_reaction(state, cid, mid, _me(state), "white_check_mark")


def reply_in_the_wrong_thread(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    other = _other_top_level(state, cid, mid, uid_of(p["other"]))
    post_message(state, cid, _me(state), p["answer"], thread_parent=other)


# fix-own-message
def post_a_correction(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    post_message(state, cid, _me(state), f"Correction: {p['right']}, not {p['wrong']}")


def edit_too_much(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "me")
    edit_message(state, cid, mid, _me(state), f"Update: it's {p['right']} now.")


def fixed_and_pinned(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "me")
    toggle_pin(state, cid, mid, _me(state))


def fixed_but_lower_cased(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "me")
    text = next(m["text"] for m in state["messages"][cid] if m["id"] == mid)
    edit_message(state, cid, mid, _me(state), text.replace(p["wrong"], p["right"]).lower())


def fixed_my_other_message_too(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "me")
    other = _other_top_level(state, cid, mid, _me(state))
    text = next(m["text"] for m in state["messages"][cid] if m["id"] == other)
    edit_message(state, cid, other, _me(state), text + " (updated)")


# send-direct-message
def _dm(state: State, *names: str) -> str:
    members = {_me(state), *(uid_of(n) for n in names)}
    return str(next(d for d, dm in state["dms"].items() if set(dm["members"]) == members))


def in_the_group_dm(state: State, p: dict[str, Any]) -> None:
    post_message(state, _dm(state, p["to"], p["third"]), _me(state), p["text"])


def dm_sent_twice(state: State, p: dict[str, Any]) -> None:
    post_message(state, _dm(state, p["to"]), _me(state), p["text"])


def dm_in_lower_case(state: State, p: dict[str, Any]) -> None:
    did = open_dm(state, _me(state), [uid_of(p["to"])])
    post_message(state, did, _me(state), p["text"].lower())


def dm_also_to_the_third(state: State, p: dict[str, Any]) -> None:
    did = open_dm(state, _me(state), [uid_of(p["third"])])
    post_message(state, did, _me(state), p["text"])


# join-and-post
def joined_but_silent(state: State, p: dict[str, Any]) -> None:
    join_channel(state, channel_id(state, p["channel"]), _me(state))


def introduced_twice(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, p["channel"]), _me(state), p["text"])


def intro_in_a_thread(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    join_channel(state, cid, _me(state))
    parent = _other_top_level(state, cid, "")
    post_message(state, cid, _me(state), p["text"], thread_parent=parent)


def intro_in_general_too(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, "general"), _me(state), p["text"])


def intro_in_general_instead(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, "general"), _me(state), p["text"])


# create-private-channel
def public_channel(state: State, p: dict[str, Any]) -> None:
    me = _me(state)
    cid = create_channel(state, me, p["channel"], p["purpose"], private=False)
    add_members(state, cid, me, [uid_of(p["first"]), uid_of(p["second"])])
    post_message(state, cid, me, p["text"])


def welcome_posted_twice(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, p["channel"]), _me(state), p["text"])


def one_member_too_many(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    wanted = {_me(state), uid_of(p["first"]), uid_of(p["second"])}
    extra = next(u for u in sorted(state["users"]) if u not in wanted)
    add_members(state, cid, _me(state), [extra])


def description_as_topic_too(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    set_channel_text(state, cid, _me(state), "topic", p["purpose"])


def description_in_lower_case(state: State, p: dict[str, Any]) -> None:
    me = _me(state)
    cid = create_channel(state, me, p["channel"], p["purpose"].lower(), private=True)
    add_members(state, cid, me, [uid_of(p["first"]), uid_of(p["second"])])
    post_message(state, cid, me, p["text"])


# wrap-up-channel
def _wrap_up(
    state: State, p: dict[str, Any], pin: str, *, pin_signoff: bool, archive: bool
) -> None:
    cid = channel_id(state, p["channel"])
    me = _me(state)
    toggle_pin(state, cid, pin, me)
    signoff = post_message(state, cid, me, p["text"])
    if pin_signoff:
        toggle_pin(state, cid, signoff, me)
    if archive:
        set_archived(state, cid, me, True)


def signoff_posted_twice(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    set_archived(state, cid, _me(state), False)
    post_message(state, cid, _me(state), p["text"])
    set_archived(state, cid, _me(state), True)


def pinned_the_status_update(state: State, p: dict[str, Any]) -> None:
    cid, mid = _target(state, p, "author")
    wrong = _other_top_level(state, cid, mid, uid_of(p["author"]))
    _wrap_up(state, p, wrong, pin_signoff=False, archive=True)


def signoff_pinned_too(state: State, p: dict[str, Any]) -> None:
    _, mid = _target(state, p, "author")
    _wrap_up(state, p, mid, pin_signoff=True, archive=True)


def not_archived(state: State, p: dict[str, Any]) -> None:
    _, mid = _target(state, p, "author")
    _wrap_up(state, p, mid, pin_signoff=False, archive=False)


# moderate-as-admin
def switch_back(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    me, admin = _me(state), uid_of(p["admin"])
    _, mid = _target(state, p, "poster")
    switch_user(state, admin)
    delete_message(state, cid, mid, admin)
    post_message(state, cid, admin, p["text"])
    switch_user(state, me)


def notice_posted_twice(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, p["channel"]), uid_of(p["admin"]), p["text"])


def notice_first_as_yourself(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    admin = uid_of(p["admin"])
    _, mid = _target(state, p, "poster")
    post_message(state, cid, _me(state), p["text"])
    switch_user(state, admin)
    delete_message(state, cid, mid, admin)
    post_message(state, cid, admin, p["text"])


def deleted_a_legitimate_message_too(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    poster = uid_of(p["poster"])
    legit = next(m["id"] for m in reversed(state["messages"][cid]) if m["sender"] == poster)
    delete_message(state, cid, legit, uid_of(p["admin"]))


def notice_in_a_thread(state: State, p: dict[str, Any]) -> None:
    cid = channel_id(state, p["channel"])
    admin = uid_of(p["admin"])
    _, mid = _target(state, p, "poster")
    switch_user(state, admin)
    delete_message(state, cid, mid, admin)
    parent = _other_top_level(state, cid, mid)
    post_message(state, cid, admin, p["text"], thread_parent=parent)


# pin-found-message
def _found(state: State, p: dict[str, Any]) -> tuple[str, str]:
    author = uid_of(p["author"])
    return next(
        (conv, m["id"])
        for conv, msgs in sorted(state["messages"].items())
        for m in msgs
        if m["sender"] == author and m["text"].startswith(p["match"])
    )


def pinned_the_look_alike(state: State, p: dict[str, Any]) -> None:
    """Pinned the other person's question about the same thing instead."""
    asker = uid_of(p["asker"])
    conv, mid = next(
        (conv, m["id"])
        for conv, msgs in sorted(state["messages"].items())
        for m in reversed(msgs)
        if m["sender"] == asker and m["threadParent"] is None
    )
    toggle_pin(state, conv, mid, _me(state))


def pinned_the_newest_message_there(state: State, p: dict[str, Any]) -> None:
    """Found the channel, pinned the message on its first screen instead of the old one."""
    conv, mid = _found(state, p)
    toggle_pin(state, conv, _other_top_level(state, conv, mid), _me(state))


def pinned_and_announced_it(state: State, p: dict[str, Any]) -> None:
    conv, _ = _found(state, p)
    post_message(state, conv, _me(state), "Pinned this for everyone.")


def reacted_instead_of_pinning(state: State, p: dict[str, Any]) -> None:
    conv, mid = _found(state, p)
    toggle_reaction(state, conv, mid, _me(state), "eyes")


# catch-up-unread
def _read(state: State, convs: list[str]) -> None:
    """Visit ``convs`` as the page does: the last message of each is marked seen."""
    seen = state["ui"]["lastViewedAt"].setdefault(_me(state), {})
    for conv in convs:
        if state["messages"].get(conv):
            seen[conv] = state["messages"][conv][-1]["ts"]


def _dm_with(state: State, p: dict[str, Any]) -> str:
    return open_dm(state, _me(state), [uid_of(p["asker"])])


def answered_but_left_the_rest_unread(state: State, p: dict[str, Any]) -> None:
    did = _dm_with(state, p)
    _read(state, [did])
    post_message(state, did, _me(state), p["answer"])


def read_everything_never_answered(state: State, p: dict[str, Any]) -> None:
    _read(state, my_conversations(state))


def answered_twice(state: State, p: dict[str, Any]) -> None:
    post_message(state, _dm_with(state, p), _me(state), p["answer"])


def answered_in_general(state: State, p: dict[str, Any]) -> None:
    _read(state, my_conversations(state))
    post_message(state, channel_id(state, "general"), _me(state), p["answer"])
    _read(state, [channel_id(state, "general")])


def caught_up_and_reacted_on_the_way(state: State, p: dict[str, Any]) -> None:
    did = _dm_with(state, p)
    question = next(m["id"] for m in state["messages"][did] if m["text"] == p["question"])
    toggle_reaction(state, did, question, _me(state), "eyes")


# group-dm-by-role
def _holder(state: State, role: str) -> str:
    return str(next(u for u, user in state["users"].items() if user["title"] == role))


def messaged_only_the_first(state: State, p: dict[str, Any]) -> None:
    did = open_dm(state, _me(state), [_holder(state, p["first_role"])])
    post_message(state, did, _me(state), p["text"])


def grouped_with_the_wrong_second(state: State, p: dict[str, Any]) -> None:
    first, second = _holder(state, p["first_role"]), _holder(state, p["second_role"])
    wrong = next(u for u in sorted(state["users"]) if u not in (_me(state), first, second))
    did = open_dm(state, _me(state), [first, wrong])
    post_message(state, did, _me(state), p["text"])


def asked_in_general_instead(state: State, p: dict[str, Any]) -> None:
    post_message(state, channel_id(state, "general"), _me(state), p["text"])


def group_message_sent_twice(state: State, p: dict[str, Any]) -> None:
    holders = [_holder(state, p["first_role"]), _holder(state, p["second_role"])]
    post_message(state, open_dm(state, _me(state), holders), _me(state), p["text"])


def group_with_other_words(state: State, p: dict[str, Any]) -> None:
    holders = [_holder(state, p["first_role"]), _holder(state, p["second_role"])]
    post_message(state, open_dm(state, _me(state), holders), _me(state), "Hi both!")


MISTAKES: list[Mistake] = [
    Mistake(
        "react-to-message",
        "init",
        wrong_emoji,
        (0, 0),
        "reacted",
        "another emoji than the asked one",
    ),
    Mistake(
        "react-to-message",
        "gold",
        react_and_pin,
        (0, 0),
        "message_unchanged",
        "pinned the message as well",
    ),
    Mistake(
        "react-to-message",
        "gold",
        a_second_emoji_too,
        (0, 0),
        "only_that_reaction",
        "a second reaction too",
    ),
    Mistake(
        "react-to-message",
        "init",
        react_on_their_other_message,
        (0, 0),
        "reacted",
        "the right emoji on the author's other message",
    ),
    Mistake(
        "react-to-message",
        "gold",
        emoji_as_a_message,
        (0, 0),
        "other_messages_kept",
        "also posted the emoji as a message",
    ),
    Mistake(
        "set-channel-topic",
        "init",
        topic_typo,
        (0.25, 0.25),
        "topic_text",
        "topic cut short (typo)",
    ),
    Mistake(
        "set-channel-topic",
        "init",
        topic_in_lower_case,
        (0.25, 0.25),
        "topic_text",
        "the quoted topic typed in lower case",
    ),
    Mistake(
        "set-channel-topic",
        "init",
        topic_as_description,
        (0, 0),
        "nothing_else",
        "the text went into the description field, not the topic",
    ),
    Mistake(
        "set-channel-topic",
        "gold",
        topic_also_announced,
        (0, 0),
        "nothing_else",
        "also announced the new topic in the channel",
    ),
    Mistake(
        "set-channel-topic",
        "init",
        topic_of_another_channel,
        (0, 0),
        "topic_changed",
        "set the topic of another channel",
    ),
    Mistake(
        "update-profile",
        "init",
        title_and_status_swapped,
        (0, 0),
        "title",
        "title and status swapped",
    ),
    Mistake(
        "update-profile",
        "gold",
        display_name_changed_too,
        (0, 0),
        "nothing_else",
        "the display name changed as well (the task says keep it)",
    ),
    Mistake(
        "update-profile",
        "init",
        title_in_lower_case,
        (0.5, 0.5),
        "title",
        "the title in lower case",
    ),
    Mistake(
        "update-profile",
        "init",
        status_with_a_prefix,
        (0.5, 0.5),
        "status",
        "the status with an extra 'Status:' prefix",
    ),
    Mistake(
        "reply-in-thread",
        "init",
        reply_at_top_level,
        (0, 0),
        "not_in_channel",
        "answered in the channel",
    ),
    Mistake(
        "reply-in-thread",
        "init",
        reply_with_other_words,
        (0.5, 0.5),
        "reply_text",
        "a thread reply with other words",
    ),
    Mistake(
        "reply-in-thread", "gold", replied_twice, (0, 0), "one_reply", "the reply posted twice"
    ),
    Mistake(
        "reply-in-thread",
        "gold",
        reply_and_react_to_the_question,
        (0, 0),
        "old_messages_kept",
        "also reacted to the question",
    ),
    Mistake(
        "reply-in-thread",
        "init",
        reply_in_the_wrong_thread,
        (0, 0),
        "replied_in_thread",
        "the answer in the thread of another message",
    ),
    Mistake(
        "fix-own-message",
        "init",
        post_a_correction,
        (0, 0),
        "no_new_message",
        "posted a correction instead of editing",
    ),
    Mistake(
        "fix-own-message",
        "init",
        edit_too_much,
        (0.5, 0.5),
        "rest_unchanged",
        "rewrote the whole message (the task says change only that part)",
    ),
    Mistake(
        "fix-own-message",
        "gold",
        fixed_and_pinned,
        (0, 0),
        "only_the_text",
        "also pinned the message",
    ),
    Mistake(
        "fix-own-message",
        "init",
        fixed_but_lower_cased,
        (0, 0.5),
        "rest_unchanged",
        "the corrected message retyped in lower case",
    ),
    Mistake(
        "fix-own-message",
        "gold",
        fixed_my_other_message_too,
        (0, 0),
        "others_kept",
        "edited another own message as well",
    ),
    Mistake(
        "send-direct-message",
        "init",
        in_the_group_dm,
        (0, 0),
        "dm_with_them",
        "sent in the group conversation, not the 1:1",
    ),
    Mistake(
        "send-direct-message",
        "gold",
        dm_sent_twice,
        (0, 0),
        "one_message",
        "the message sent twice",
    ),
    Mistake(
        "send-direct-message",
        "init",
        dm_in_lower_case,
        (1 / 3 - 0.001, 0.5),
        "text",
        "the quoted text typed in lower case",
    ),
    Mistake(
        "send-direct-message",
        "gold",
        dm_also_to_the_third,
        (0, 0),
        "nothing_else",
        "also sent it to the third person",
    ),
    Mistake(
        "join-and-post", "init", joined_but_silent, (0.25, 0.25), "posted", "joined, never posted"
    ),
    Mistake(
        "join-and-post",
        "gold",
        introduced_twice,
        (0, 0),
        "one_post",
        "the introduction posted twice",
    ),
    Mistake(
        "join-and-post",
        "init",
        intro_in_a_thread,
        (0.25, 0.25),
        "posted",
        "the introduction as a thread reply, not in the channel",
    ),
    Mistake(
        "join-and-post",
        "gold",
        intro_in_general_too,
        (0, 0),
        "nothing_else",
        "also posted it in #general",
    ),
    Mistake(
        "join-and-post",
        "init",
        intro_in_general_instead,
        (0, 0),
        "joined",
        "posted it in #general without joining",
    ),
    Mistake(
        "create-private-channel",
        "init",
        public_channel,
        (0.875, 0.875),
        "private",
        "a public channel instead of a private one",
    ),
    Mistake(
        "create-private-channel",
        "gold",
        welcome_posted_twice,
        (0, 0),
        "one_message",
        "the welcome posted twice",
    ),
    Mistake(
        "create-private-channel",
        "gold",
        one_member_too_many,
        (0, 0),
        "members_exactly",
        "a third person added (the task says nobody else)",
    ),
    Mistake(
        "create-private-channel",
        "gold",
        description_as_topic_too,
        (0, 0),
        "nothing_else_set",
        "the description also set as the topic",
    ),
    Mistake(
        "create-private-channel",
        "init",
        description_in_lower_case,
        (0.875, 0.875),
        "description",
        "the description typed in lower case",
    ),
    Mistake(
        "wrap-up-channel",
        "gold",
        signoff_posted_twice,
        (0, 0),
        "one_post",
        "the sign-off posted twice (unarchived to post again)",
    ),
    Mistake(
        "wrap-up-channel",
        "init",
        pinned_the_status_update,
        (0, 0),
        "pinned",
        "pinned the author's status update, not the final summary",
    ),
    Mistake(
        "wrap-up-channel",
        "init",
        signoff_pinned_too,
        (4 / 6 - 0.001, 4 / 6 + 0.001),
        "signoff",
        "pinned the sign-off as well",
    ),
    Mistake(
        "wrap-up-channel",
        "init",
        not_archived,
        (4 / 6 - 0.001, 4 / 6 + 0.001),
        "archived",
        "pinned and posted, never archived",
    ),
    Mistake(
        "moderate-as-admin",
        "init",
        switch_back,
        (0.8, 0.8),
        "signed_in_as_admin",
        "switched back to the persona (the task says stay the admin)",
    ),
    Mistake(
        "moderate-as-admin",
        "gold",
        notice_posted_twice,
        (0, 0),
        "one_notice",
        "the notice posted twice",
    ),
    Mistake(
        "moderate-as-admin",
        "init",
        notice_first_as_yourself,
        (0, 0),
        "one_notice",
        "posted the notice as the persona first, then again as the admin",
    ),
    Mistake(
        "moderate-as-admin",
        "gold",
        deleted_a_legitimate_message_too,
        (0, 0),
        "others_kept",
        "also deleted one of the poster's legitimate messages",
    ),
    Mistake(
        "moderate-as-admin",
        "init",
        notice_in_a_thread,
        (0.6, 0.6),
        "notice",
        "the notice as a thread reply, not in the channel",
    ),
    # Families added in wave 3 (after the others: each mistake keeps its seed).
    Mistake(
        "group-dm-by-role",
        "init",
        messaged_only_the_first,
        (0, 0),
        "group_with_both",
        "a one-to-one message to the first holder only",
    ),
    Mistake(
        "group-dm-by-role",
        "init",
        grouped_with_the_wrong_second,
        (0, 0),
        "group_with_both",
        "a group with someone else instead of the second holder",
    ),
    Mistake(
        "group-dm-by-role",
        "init",
        asked_in_general_instead,
        (0, 0),
        "group_with_both",
        "asked in #general instead",
    ),
    Mistake(
        "group-dm-by-role",
        "gold",
        group_message_sent_twice,
        (0, 0),
        "one_message",
        "sent the message twice",
    ),
    Mistake(
        "group-dm-by-role",
        "init",
        group_with_other_words,
        (0.5, 0.5),
        "message",
        "the right group, other words",
    ),
    Mistake(
        "catch-up-unread",
        "init",
        answered_but_left_the_rest_unread,
        (0.5, 0.5),
        "all_read",
        "answered, but other conversations stay unread",
    ),
    Mistake(
        "catch-up-unread",
        "init",
        read_everything_never_answered,
        (0.5, 0.5),
        "answered",
        "read everything, never answered",
    ),
    Mistake(
        "catch-up-unread", "gold", answered_twice, (0, 0), "one_message", "sent the answer twice"
    ),
    Mistake(
        "catch-up-unread",
        "init",
        answered_in_general,
        (0, 0),
        "only_in_the_dm",
        "read everything and answered in #general instead of the DM",
    ),
    Mistake(
        "catch-up-unread",
        "gold",
        caught_up_and_reacted_on_the_way,
        (0, 0),
        "dm_messages_kept",
        "caught up, and reacted to the question as well",
    ),
    Mistake(
        "pin-found-message",
        "init",
        pinned_the_look_alike,
        (0, 0),
        "pinned",
        "pinned the look-alike question in another channel",
    ),
    Mistake(
        "pin-found-message",
        "init",
        pinned_the_newest_message_there,
        (0, 0),
        "pinned",
        "pinned the channel's newest message, not the asked one",
    ),
    Mistake(
        "pin-found-message",
        "gold",
        pinned_and_announced_it,
        (0, 0),
        "others_kept",
        "pinned it and posted a note about it",
    ),
    Mistake(
        "pin-found-message",
        "init",
        reacted_instead_of_pinning,
        (0, 0),
        "pinned",
        "reacted to the message instead of pinning it",
    ),
]


def test_every_family_has_three_wrong_end_states() -> None:
    # Cross-app families change two apps' states: their mistakes live in test_cross.py.
    single = [f for f in FAMILIES if f.task_apps() == ["team-chat"]]
    counts = Counter(m.family for m in MISTAKES)
    assert {f.id: counts[f.id] >= 3 for f in single} == {f.id: True for f in single}
    assert all(m.bounds[1] < 1.0 for m in MISTAKES)


@pytest.mark.parametrize(
    "index", range(len(MISTAKES)), ids=[f"{m.family}-{m.change.__name__}" for m in MISTAKES]
)
def test_a_plausible_wrong_end_state_is_not_full_credit(
    index: int, chat_hub: LiveHub, tmp_path: Path
) -> None:
    mistake = MISTAKES[index]
    seed = SEEDS[index % len(SEEDS)]  # spread the mistakes over the seeds' worlds
    family = domain.family(mistake.family)
    reward, out = score_mistake(family, seed, chat_hub, tmp_path, mistake)
    low, high = mistake.bounds
    assert reward is not None and low <= reward <= high < 1.0, (mistake.why, out)
    assert re.search(rf"^CHECK {mistake.fails} \S+ FAIL", out, re.M), (mistake.why, out)
    assert "CHECK evaluate" not in out, out  # scored on the state, not on a crash
