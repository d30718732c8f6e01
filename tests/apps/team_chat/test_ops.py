"""The pure state operations behind the UI, with a fixed clock."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from cuagym.apps.team_chat import build_seed
from cuagym.apps.team_chat._ops import (
    ActionError,
    create_channel,
    edit_message,
    normalize_channel_name,
    open_dm,
    post_message,
)

NOW = datetime(2025, 3, 10, 12, 0, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("raw", "name"),
    [("General", "general"), ("#plan budget", "plan-budget"), (" a  b ", "a-b"), ("x_1", "x_1")],
)
def test_normalize_channel_name(raw: str, name: str) -> None:
    assert normalize_channel_name(raw) == name


@pytest.mark.parametrize("raw", ["", "#", "a.b", "ünïcode", "x" * 81])
def test_normalize_channel_name_refuses(raw: str) -> None:
    with pytest.raises(ActionError):
        normalize_channel_name(raw)


def test_post_message_ids_and_timestamps() -> None:
    state: dict[str, Any] = build_seed()
    first = post_message(state, "c-general", "u-jonah", "one", now=NOW)
    second = post_message(state, "c-general", "u-jonah", "two", now=NOW)
    count = sum(len(v) for v in build_seed()["messages"].values())
    assert (first, second) == (f"m-{count + 1:04d}", f"m-{count + 2:04d}")
    assert [m["ts"] for m in state["messages"]["c-general"][-2:]] == ["2025-03-10T12:00:00Z"] * 2


def test_edit_time_is_never_before_the_message() -> None:
    state: dict[str, Any] = build_seed()
    mid = post_message(state, "c-general", "u-jonah", "one", now=NOW)
    edit_message(state, "c-general", mid, "u-jonah", "uno", now=datetime(2000, 1, 1, tzinfo=UTC))
    msg = state["messages"]["c-general"][-1]
    assert msg["editedAt"] == msg["ts"] == "2025-03-10T12:00:00Z"


def test_dm_ids_are_readable_and_unique() -> None:
    state: dict[str, Any] = build_seed()
    assert open_dm(state, "u-jonah", ["u-priya"]) == "d-jonah-priya"
    did = open_dm(state, "u-kenji", ["u-sam", "u-kenji"], now=NOW)
    assert did == "d-kenji-sam" and state["dms"][did]["members"] == ["u-kenji", "u-sam"]
    state["dms"]["d-arjun-kenji"] = {
        "id": "d-arjun-kenji",
        "members": ["u-sam", "u-sofia"],
        "createdAt": "2025-01-01T00:00:00Z",
    }
    assert open_dm(state, "u-arjun", ["u-kenji"], now=NOW) == "d-arjun-kenji-2"
    with pytest.raises(ActionError):
        open_dm(state, "u-arjun", ["u-arjun"])


def test_create_channel_stamps_creator_and_time() -> None:
    state: dict[str, Any] = build_seed()
    cid = create_channel(state, "u-maya", "Launch", "Go time", now=NOW)
    assert state["channels"][cid] == {
        "id": "c-launch",
        "name": "launch",
        "topic": "",
        "purpose": "Go time",
        "isPrivate": False,
        "archived": False,
        "createdBy": "u-maya",
        "createdAt": "2025-03-10T12:00:00Z",
        "members": ["u-maya"],
    }
