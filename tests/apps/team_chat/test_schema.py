"""The state schema and invariants: the seed is valid, and each rule rejects a crafted state."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.team_chat import TeamChat, TeamChatState, build_seed
from cuagym.apps.team_chat._invariants import check_invariants
from cuagym.hub import InvalidState
from cuagym.hub._validation import StateValidator

State = dict[str, Any]


def violations(state: State) -> list[tuple[str, str]]:
    model = TeamChatState.model_validate(state, strict=True)
    return [(v.path, v.message) for v in check_invariants(model)]


def test_seed_is_valid_and_a_fixed_point_of_the_schema() -> None:
    seed = build_seed()
    model = TeamChatState.model_validate(seed, strict=True)
    assert list(check_invariants(model)) == []
    # The hub stores model_dump(by_alias): the seed must already be in that exact form, so that
    # a task author's copy of the seed and the stored state never differ.
    assert model.model_dump(mode="json", by_alias=True) == seed


def test_seed_is_deterministic_and_rich() -> None:
    a, b = build_seed(), build_seed()
    assert a == b and a is not b
    msgs = [m for ms in a["messages"].values() for m in ms]
    assert len(a["users"]) == 12
    assert len(msgs) >= 120
    assert any(c["archived"] for c in a["channels"].values())
    assert any(c["isPrivate"] for c in a["channels"].values())
    assert sum(m["threadParent"] is not None for m in msgs) >= 20
    assert sum(bool(m["reactions"]) for m in msgs) >= 30
    assert sum(m["edited"] for m in msgs) >= 2
    assert sum(bool(m["attachments"]) for m in msgs) >= 2
    assert len(a["dms"]) >= 4
    assert any(len(d["members"]) > 2 for d in a["dms"].values())


def test_seed_validates_through_the_hub_validator() -> None:
    stored = StateValidator(TeamChat()).validate(build_seed())
    assert stored.state_id


def test_minimal_state_gets_defaults() -> None:
    state = {
        "workspace": {"name": "Acme"},
        "currentUser": "u-a",
        "users": {"u-a": {"id": "u-a", "name": "a", "displayName": "A"}},
    }
    dumped = TeamChatState.model_validate(state, strict=True).model_dump(mode="json", by_alias=True)
    assert dumped["channels"] == {} and dumped["dms"] == {} and dumped["messages"] == {}
    assert dumped["ui"] == {"lastConversation": None, "lastViewedAt": {}}
    assert dumped["users"]["u-a"]["timezone"] == "UTC"
    assert dumped["users"]["u-a"]["isAdmin"] is False


@pytest.mark.parametrize(
    ("mutate", "loc"),
    [
        (lambda s: s["channels"]["c-general"].update(archived="yes"), "archived"),
        (lambda s: s["channels"]["c-general"].update(archived=1), "archived"),
        (lambda s: s["channels"]["c-general"].update(colour="red"), "colour"),
        (lambda s: s["channels"]["c-general"].update(is_private=False), "is_private"),
        (lambda s: s["messages"]["c-general"][0].update(ts="2025-03-03 14:02"), "ts"),
        (lambda s: s["messages"]["c-general"][0].update(ts="2025-03-03T14:02:00+02:00"), "ts"),
        (lambda s: s["messages"]["c-general"][0]["reactions"][0].update(emoji="party"), "emoji"),
        (lambda s: s["users"]["u-maya"].update(avatarColor="orange"), "avatarColor"),
        (lambda s: s["users"]["u-maya"].update(name="Maya Chen"), "name"),
        (lambda s: s.update(extra={}), "extra"),
        (lambda s: s["messages"]["c-general"][0]["attachments"].append({"name": "x"}), "url"),
        (lambda s: s["channels"].update({"c-x": {"id": "c x", "name": "x"}}), "id"),
        (lambda s: s["channels"]["c-design"].update(name="d" * 81), "name"),
    ],
)
def test_schema_rejects_wrong_types_and_unknown_keys(
    mutate: Callable[[State], Any], loc: str
) -> None:
    state = build_seed()
    mutate(state)
    with pytest.raises(ValidationError) as exc:
        TeamChatState.model_validate(state, strict=True)
    assert any(loc in map(str, e["loc"]) for e in exc.value.errors()), exc.value.errors()


def _msg(state: State, conv: str, text_start: str) -> dict[str, Any]:
    return next(m for m in state["messages"][conv] if m["text"].startswith(text_start))


def _reply_to_reply(s: State) -> None:
    reply = next(m for m in s["messages"]["c-general"] if m["threadParent"])
    s["messages"]["c-general"].append(
        {
            **copy.deepcopy(reply),
            "id": "m-x",
            "ts": "2025-03-09T00:00:00Z",
            "threadParent": reply["id"],
        }
    )


def _parent_in_other_conv(s: State) -> None:
    s["messages"]["c-random"][-1]["threadParent"] = s["messages"]["c-general"][0]["id"]


def _swap_order(s: State) -> None:
    msgs = s["messages"]["c-random"]
    msgs[0], msgs[1] = msgs[1], msgs[0]


INVARIANT_CASES: list[tuple[str, Callable[[State], Any], str, str]] = [
    ("current user", lambda s: s.update(currentUser="u-ghost"), "currentUser", "unknown user"),
    ("user key", lambda s: s["users"]["u-maya"].update(id="u-maya2"), "users.u-maya.id", "differs"),
    (
        "handle unique",
        lambda s: s["users"]["u-maya"].update(name="sam.fischer"),
        "users.u-maya.name",
        "not unique",
    ),
    (
        "channel key",
        lambda s: s["channels"]["c-design"].update(id="c-art"),
        "channels.c-design.id",
        "differs",
    ),
    (
        "channel name charset",
        lambda s: s["channels"]["c-design"].update(name="Design Team"),
        "channels.c-design.name",
        "a-z",
    ),
    (
        "channel name unique",
        lambda s: s["channels"]["c-design"].update(name="general"),
        "channels.c-design.name",
        "used by another",
    ),
    (
        "member exists",
        lambda s: s["channels"]["c-design"]["members"].append("u-ghost"),
        "channels.c-design.members",
        "unknown user",
    ),
    (
        "member unique",
        lambda s: s["channels"]["c-design"]["members"].append("u-maya"),
        "channels.c-design.members",
        "duplicate",
    ),
    (
        "creator exists",
        lambda s: s["channels"]["c-design"].update(createdBy="u-ghost"),
        "channels.c-design.createdBy",
        "unknown user",
    ),
    (
        "reserved id",
        lambda s: s["channels"].update(
            ui={**s["channels"]["c-design"], "id": "ui", "name": "ui-x"}
        ),
        "channels.ui",
        "reserved",
    ),
    (
        "dm two members",
        lambda s: s["dms"]["d-maya-sam"].update(members=["u-sam", "u-sam"]),
        "dms.d-maya-sam.members",
        "at least 2",
    ),
    (
        "dm member exists",
        lambda s: s["dms"]["d-maya-sam"]["members"].append("u-ghost"),
        "dms.d-maya-sam.members",
        "unknown user",
    ),
    (
        "dm unique set",
        lambda s: s["dms"].update(
            {
                "d-dup": {
                    "id": "d-dup",
                    "members": ["u-maya", "u-sam"],
                    "createdAt": "2025-01-01T00:00:00Z",
                }
            }
        ),
        "dms.d-dup.members",
        "same members",
    ),
    (
        "dm id not a channel id",
        lambda s: s["dms"].update(
            {
                "c-general": {
                    "id": "c-general",
                    "members": ["u-kenji", "u-sam"],
                    "createdAt": "2025-01-01T00:00:00Z",
                }
            }
        ),
        "dms.c-general",
        "also a channel",
    ),
    (
        "messages key",
        lambda s: s["messages"].update({"c-nowhere": []}),
        "messages.c-nowhere",
        "neither",
    ),
    (
        "sender exists",
        lambda s: s["messages"]["c-general"][0].update(sender="u-ghost"),
        "messages.c-general",
        "unknown sender",
    ),
    (
        "dm sender member",
        lambda s: s["messages"]["d-maya-sam"][0].update(sender="u-kenji"),
        "messages.d-maya-sam",
        "not a member",
    ),
    (
        "message id unique across conversations",
        lambda s: s["messages"]["c-random"][0].update(id=s["messages"]["c-general"][0]["id"]),
        "messages.c-random",
        "already used",
    ),
    (
        "message id unique within",
        lambda s: s["messages"]["c-random"][1].update(id=s["messages"]["c-random"][0]["id"]),
        "messages.c-random",
        "already used",
    ),
    ("ts order", _swap_order, "messages.c-random", "out of ts order"),
    (
        "parent exists",
        lambda s: s["messages"]["c-random"][-1].update(threadParent="m-nope"),
        "messages.c-random",
        "threadParent",
    ),
    ("parent same conversation", _parent_in_other_conv, "messages.c-random", "threadParent"),
    ("parent top level", _reply_to_reply, "messages.c-general", "threadParent"),
    (
        "emoji unique",
        lambda s: _msg(s, "c-general", "Good morning")["reactions"].append(
            {"emoji": "thumbsup", "users": ["u-kenji"]}
        ),
        "messages.c-general",
        "one reaction",
    ),
    (
        "reaction non-empty",
        lambda s: _msg(s, "c-general", "Good morning")["reactions"][0].update(users=[]),
        "messages.c-general",
        "no users",
    ),
    (
        "reaction users unique",
        lambda s: _msg(s, "c-general", "Good morning")["reactions"][0]["users"].append("u-maya"),
        "messages.c-general",
        "duplicate",
    ),
    (
        "reaction user exists",
        lambda s: _msg(s, "c-general", "Good morning")["reactions"][0]["users"].append("u-ghost"),
        "messages.c-general",
        "unknown user",
    ),
    (
        "edited flag",
        lambda s: _msg(s, "c-general", "Good morning").update(edited=True),
        "messages.c-general",
        "editedAt",
    ),
    (
        "editedAt after ts",
        lambda s: _msg(s, "c-general", "Good morning").update(
            edited=True, editedAt="2020-01-01T00:00:00Z"
        ),
        "messages.c-general",
        "before ts",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "path", "needle"),
    [c[1:] for c in INVARIANT_CASES],
    ids=[c[0] for c in INVARIANT_CASES],
)
def test_each_invariant_rejects_a_crafted_state(
    mutate: Callable[[State], Any], path: str, needle: str
) -> None:
    state = build_seed()
    mutate(state)
    found = violations(state)
    assert any(p == path and needle in msg for p, msg in found), found


def test_hub_validator_reports_invariant_paths() -> None:
    state = build_seed()
    state["channels"]["c-design"]["members"].append("u-ghost")
    with pytest.raises(InvalidState) as exc:
        StateValidator(TeamChat()).validate(state)
    assert [v.path for v in exc.value.violations] == ["channels.c-design.members"]


def test_fractional_and_offset_timestamps_are_ordered_by_instant() -> None:
    state = build_seed()
    msgs = state["messages"]["c-random"]
    # 12:30:00.5 is after 12:30:00 although the string sorts before it ('.' < 'Z').
    msgs[-2]["ts"] = "2025-03-07T15:20:00Z"
    msgs[-1]["ts"] = "2025-03-07T15:20:00.500+00:00"
    assert violations(state) == []
    msgs[-1]["ts"] = "2025-03-07T15:19:59.500Z"
    assert any("out of ts order" in m for _, m in violations(state))


def test_form_text_keeps_plain_newlines() -> None:
    from starlette.datastructures import FormData

    from cuagym.apps.team_chat._ui_common import field

    assert field(FormData([("text", "line one\r\nline two\rthree")]), "text") == (
        "line one\nline two\nthree"
    )
