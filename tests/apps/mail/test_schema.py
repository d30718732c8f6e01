"""The state schema and invariants: the seed is valid, and each rule rejects a crafted state."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.mail import MailApp, MailState, build_seed
from cuagym.apps.mail._invariants import check_invariants
from tests.apps.mail.conftest import MailClient

State = dict[str, Any]


def violations(state: State) -> list[tuple[str, str]]:
    model = MailState.model_validate(state, strict=True)
    return [(v.path, v.message) for v in check_invariants(model)]


def test_seed_is_valid_and_a_fixed_point_of_the_schema() -> None:
    seed = build_seed()
    model = MailState.model_validate(seed, strict=True)
    assert list(check_invariants(model)) == []
    # The hub stores model_dump(by_alias): the seed must already be in that exact form.
    assert model.model_dump(mode="json", by_alias=True) == seed


def test_seed_is_deterministic_and_rich() -> None:
    a, b = build_seed(), build_seed()
    assert a == b and a is not b
    assert len(a["threads"]) >= 30 and len(a["messages"]) >= 40
    folders = {t["folder"] for t in a["threads"].values()}
    assert folders == {"inbox", "archive", "spam", "trash"}
    assert sum(m["isDraft"] for m in a["messages"].values()) == 3
    assert sum(bool(m["attachments"]) for m in a["messages"].values()) >= 6
    assert len(a["labels"]) >= 5 and len(a["templates"]) == 3
    assert any("customers" in c["groups"] for c in a["contacts"].values())
    assert MailApp().seed() == a


MUTATIONS: list[tuple[str, Callable[[State], None], str]] = [
    (
        "unknown thread",
        lambda s: s["messages"]["m-0001"].update(threadId="t-9999"),
        "messages.m-0001.threadId",
    ),
    (
        "key differs from id",
        lambda s: s["labels"]["l-clients"].update(id="l-x"),
        "labels.l-clients.id",
    ),
    (
        "unknown label",
        lambda s: s["threads"]["t-0001"]["labels"].append("l-nope"),
        "threads.t-0001.labels",
    ),
    (
        "duplicate label",
        lambda s: s["threads"]["t-0001"]["labels"].append("l-clients"),
        "threads.t-0001.labels",
    ),
    (
        "label names unique",
        lambda s: s["labels"]["l-finance"].update(name="CLIENTS"),
        "labels.l-finance.name",
    ),
    (
        "label name charset",
        lambda s: s["labels"]["l-finance"].update(name="a<b>"),
        "labels.l-finance.name",
    ),
    (
        "snooze outside inbox",
        lambda s: s["threads"]["t-0020"].update(snoozedUntil="2025-03-20T08:00:00Z"),
        "threads.t-0020.snoozedUntil",
    ),
    ("empty thread", lambda s: s["threads"].update({"t-0500": {"id": "t-0500"}}), "threads.t-0500"),
    (
        "two drafts",
        lambda s: s["messages"].update({"m-0500": {**s["messages"]["m-0013"], "id": "m-0500"}}),
        "threads.t-0009",
    ),
    (
        "draft from someone else",
        lambda s: s["messages"]["m-0013"]["from"].update(email="x@y.example"),
        "messages.m-0013.from",
    ),
    (
        "sent without recipients",
        lambda s: s["messages"]["m-0028"].update(to=[], cc=[]),
        "messages.m-0028.to",
    ),
    (
        "contact emails unique",
        lambda s: s["contacts"]["ct-0002"].update(email="PRIYA.SHAH@bluepeak.example"),
        "contacts.ct-0002.email",
    ),
    (
        "template names unique",
        lambda s: s["templates"]["tpl-0002"].update(name="renewal reminder"),
        "templates.tpl-0002.name",
    ),
    ("reserved id", lambda s: s["labels"].update({"ui": {"id": "ui", "name": "UI"}}), "labels.ui"),
]


@pytest.mark.parametrize(("why", "mutate", "path"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_each_invariant_names_its_path(
    why: str, mutate: Callable[[State], None], path: str
) -> None:
    state = copy.deepcopy(build_seed())
    assert state["messages"]["m-0013"]["isDraft"] and state["messages"]["m-0028"]["from"][
        "email"
    ].startswith("nora")
    mutate(state)
    assert path in [p for p, _ in violations(state)], violations(state)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda s: s["threads"]["t-0001"].update(unread="true"),
        lambda s: s["threads"]["t-0001"].update(folder="important"),
        lambda s: s["labels"]["l-clients"].update(color="#ff0000"),
        lambda s: s["messages"]["m-0001"].update(date="2025-03-12 14:05"),
        lambda s: s["messages"]["m-0001"].update(sender=s["messages"]["m-0001"]["from"]),
        lambda s: s["messages"]["m-0001"]["to"].append({"email": "not-an-address"}),
        lambda s: s["contacts"]["ct-0001"].update(groups=["Customers"]),
    ],
)
def test_schema_is_strict(mutate: Callable[[State], None]) -> None:
    state = copy.deepcopy(build_seed())
    mutate(state)
    with pytest.raises(ValidationError):
        MailState.model_validate(state, strict=True)


async def test_hub_rejects_an_invalid_state_with_its_path(mail: MailClient, seed: State) -> None:
    seed["threads"]["t-0001"]["labels"] = ["l-missing"]
    r = await mail.inject(seed)
    assert r.status_code == 422
    assert "threads.t-0001.labels" in [d["path"] for d in r.json()["details"]]
    assert (await mail.diff()) == {}
