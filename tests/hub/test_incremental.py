"""Incremental validation gives exactly what full validation gives, and falls back otherwise."""

from __future__ import annotations

import copy
import random
from typing import Any

import orjson
import pytest
from pydantic import BaseModel, ConfigDict, Field, model_validator

from cuagym.hub import InvalidState, discover_web_apps
from cuagym.hub._incremental import IncrementalValidator
from cuagym.hub._validation import StateValidator

from .notes_app import SEED, NotesApp, NotesState


def full(model: type[BaseModel], raw: Any) -> bytes:
    return orjson.dumps(
        model.model_validate(raw, strict=True).model_dump(mode="json", by_alias=True)
    )


@pytest.mark.parametrize("app", [NotesApp(), *discover_web_apps()], ids=lambda a: a.app_id)
def test_every_installed_app_takes_the_incremental_path(app: Any) -> None:
    validator = IncrementalValidator(app.state_model)
    assert validator.supported
    assert validator.agrees_on(app.seed())


def mutate(state: dict[str, Any], rng: random.Random) -> None:
    """A random edit of a team-chat state that keeps it valid."""
    convs = [c for c, msgs in state["messages"].items() if msgs]
    conv = rng.choice(convs)
    msgs = state["messages"][conv]
    choice = rng.randrange(4)
    if choice == 0:
        msgs[rng.randrange(len(msgs))]["text"] += f" (edit {rng.random()})"
    elif choice == 1:
        msgs[rng.randrange(len(msgs))]["pinned"] = True
    elif choice == 2:
        channel = rng.choice(list(state["channels"].values()))
        channel["topic"] = f"topic {rng.random()}"
    else:
        state["ui"] = {"lastConversation": conv}


def test_team_chat_edits_validate_identically() -> None:
    app = discover_web_apps(["team-chat"])[0]
    validator = IncrementalValidator(app.state_model)
    rng = random.Random(3)
    state = copy.deepcopy(app.seed())
    for _ in range(60):
        mutate(state, rng)
        fast = validator.validate(state)
        assert fast is not None
        assert orjson.dumps(fast[1]) == full(app.state_model, state)


def test_unchanged_entities_are_reused_by_content() -> None:
    validator = IncrementalValidator(NotesState)
    first = validator.validate(copy.deepcopy(SEED))
    second = validator.validate(copy.deepcopy(SEED))
    assert first is not None and second is not None
    assert first[1]["notes"]["n1"] is second[1]["notes"]["n1"]


@pytest.mark.parametrize(
    "raw",
    [
        {"notes": {}},  # missing required owner
        {"owner": "x", "extra": 1},  # unknown key
        {"owner": 5},  # wrong type
        {"owner": "x", "notes": {"a": {"id": "a"}}},  # note without title
        {"owner": "x", "notes": []},  # wrong container
        [],
    ],
)
def test_unusual_or_invalid_input_falls_back_to_full_validation(raw: Any) -> None:
    assert IncrementalValidator(NotesState).validate(raw) is None
    with pytest.raises(InvalidState) as info:
        StateValidator(NotesApp()).validate(raw)
    assert info.value.violations


def test_models_with_validators_are_not_decomposed() -> None:
    class Checked(BaseModel):
        model_config = ConfigDict(extra="forbid")
        items: dict[str, int] = Field(default_factory=dict)

        @model_validator(mode="after")
        def _few(self) -> Checked:
            if len(self.items) > 2:
                raise ValueError("too many")
            return self

    assert not IncrementalValidator(Checked).supported


def test_constraints_on_top_level_fields_still_apply() -> None:
    class Constrained(BaseModel):
        model_config = ConfigDict(extra="forbid")
        tags: list[str] = Field(default_factory=list, max_length=2)

    validator = IncrementalValidator(Constrained)
    assert validator.validate({"tags": ["a", "b", "c"]}) is None
    ok = validator.validate({"tags": ["a"]})
    assert ok is not None and ok[1] == {"tags": ["a"]}
    assert validator.validate({})[1] == {"tags": []}  # type: ignore[index]
