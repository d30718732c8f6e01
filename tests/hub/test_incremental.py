"""The incremental paths give exactly what full validation gives, for valid and invalid states.

Three ways to validate a state (a body spliced against a reference body, a parsed state next to
a reference state, full validation) must agree on every state: the same stored bytes and
state_id when it is valid, the same 422 details when it is not. Hypothesis edits the seed of
every app at random places (a new value of any JSON type, a key removed or added, list items
removed, duplicated or moved, values copied from elsewhere in the state) and in chains.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, model_validator

from cuagym.core.canonical import canonical_bytes
from cuagym.hub import InvalidState, WebApp, discover_web_apps, state_diff
from cuagym.hub._diff import memo_diff_bytes
from cuagym.hub._incremental import Fallback, IncrementalValidator
from cuagym.hub._memo import ValidatedState, walk
from cuagym.hub._splice import envelope
from cuagym.hub._validation import StateValidator

from .notes_app import SEED, NotesApp, NotesState

APPS: list[WebApp] = [NotesApp(), *discover_web_apps()]
IDS = [a.app_id for a in APPS]


def full_outcome(app: WebApp, raw: Any) -> tuple[str, Any]:
    """What plain full validation says: ("ok", canonical bytes) or ("422", details)."""
    validator = StateValidator(app)
    validator._trusted = False
    try:
        state = validator.validate(raw)
    except InvalidState as exc:
        return "422", [v.model_dump() for v in exc.violations]
    return "ok", state.data


def outcome(get: Any) -> tuple[str, Any, ValidatedState | None]:
    try:
        state = get()
    except InvalidState as exc:
        return "422", [v.model_dump() for v in exc.violations], None
    assert isinstance(state, ValidatedState)
    return "ok", state.data, state


def body_of(action: str, state: Any, pretty: bool) -> bytes:
    doc = {"action": action, "state": state}
    if pretty:  # what requests/urllib clients send: spaces, ASCII escapes
        return json.dumps(doc).encode()
    return orjson.dumps(doc)


def with_body(state: ValidatedState, body: bytes) -> ValidatedState:
    env = envelope(body)
    assert env is not None
    state.body, state.span = body, (env.start, env.end)
    return state


def pipeline(validator: StateValidator, body: bytes, ref: ValidatedState) -> Any:
    """The hub's /post path: splice against the reference body, else parse and validate."""
    env = envelope(body)
    if env is not None:
        spliced = validator.from_body(body, env, ref)
        if spliced is not None:
            return spliced
    return validator.validate(orjson.loads(body)["state"], ref)


def check_consistent(state: ValidatedState) -> None:
    """Every node's bytes are the canonical JSON of its dump, and the model dumps to it."""
    assert state.data == canonical_bytes(state.dump)
    for memo in walk(state.root):
        assert bytes(memo.canonical()) == canonical_bytes(memo.dump)


# -- random edits -----------------------------------------------------------------------------
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 3),
    st.sampled_from([0.0, 1.5, -0.0, 1e16]),
    st.text(max_size=6),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner, max_size=2)
    ),
    max_leaves=4,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


@st.composite
def edited(draw: st.DrawFn, state: dict[str, Any]) -> dict[str, Any]:
    """``state`` after one random edit that changes it (a deep copy; ``state`` is untouched)."""
    new = copy.deepcopy(state)
    paths = [p for p in _paths(new) if p]
    path = draw(st.sampled_from(paths))
    parent, last = _get(new, path[:-1]), path[-1]
    here = parent[last]
    kinds = ["value", "copy", "delete"]
    if isinstance(here, bool | str | int) or (isinstance(here, list) and here):
        kinds += ["same-type"] * 3  # usually still valid: the incremental paths' real work
    if isinstance(here, dict):
        kinds.append("add-key")
    if isinstance(parent, list):
        kinds += ["duplicate", "move"]
    if isinstance(parent, dict):
        kinds.append("rename")
    kind = draw(st.sampled_from(kinds))
    if kind == "value":
        parent[last] = draw(_VALUES)
    elif kind == "same-type":
        if isinstance(here, bool):
            parent[last] = not here
        elif isinstance(here, str):
            parent[last] = here + draw(st.sampled_from(["x", " é", "\n", '"', "-2", "🚀"]))
        elif isinstance(here, int):
            parent[last] = here + draw(st.sampled_from([-1, 1, 2]))
        else:
            parent[last] = here[: draw(st.integers(0, len(here) - 1))]
    elif kind == "copy":  # a value from elsewhere: duplicate ids, dangling references
        parent[last] = copy.deepcopy(_get(new, draw(st.sampled_from(paths))))
    elif kind == "delete":
        del parent[last]
    elif kind == "add-key":
        here[draw(st.sampled_from(["id", "extra", "zz", *list(here)[:2]]))] = draw(_VALUES)
    elif kind == "duplicate":
        parent.insert(last, copy.deepcopy(here))
    elif kind == "move":
        parent.append(parent.pop(last))
    else:
        parent[f"{last}-2"] = parent.pop(last)
    return new


def _agree(app: WebApp, before: dict[str, Any], after: dict[str, Any], pretty: bool) -> None:
    validator = StateValidator(app)
    ref_body = body_of("set", before, pretty)
    ref = with_body(validator.validate(before), ref_body)
    new_body = body_of("set_current", after, pretty)
    want = full_outcome(app, after)
    by_tree = outcome(lambda: validator.validate(after, ref))
    by_body = outcome(lambda: pipeline(validator, new_body, ref))
    assert by_tree[:2] == want
    assert by_body[:2] == want
    for got in (by_tree[2], by_body[2]):
        if got is not None:
            check_consistent(got)
            expected = orjson.loads(orjson.dumps(state_diff(ref.dump, got.dump, app.volatile)))
            mine = orjson.loads(memo_diff_bytes(ref.root, got.root, app.volatile))
            assert canonical_bytes(mine) == canonical_bytes(expected)


def _seed(app: WebApp) -> dict[str, Any]:
    return app.seed()


@pytest.mark.parametrize("app", APPS, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), pretty=st.booleans())
def test_one_random_edit_gives_what_full_validation_gives(
    app: WebApp, data: st.DataObject, pretty: bool
) -> None:
    seed = _seed(app)
    _agree(app, seed, data.draw(edited(seed)), pretty)


@pytest.mark.parametrize("app", APPS, ids=IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chains_of_edits_reuse_each_previous_state(app: WebApp, data: st.DataObject) -> None:
    """Each valid result is the next edit's reference (its body index is derived, not built)."""
    validator = StateValidator(app)
    state = _seed(app)
    ref = with_body(validator.validate(state), body_of("set", state, False))
    for step in range(4):
        nxt = data.draw(edited(state), label=f"edit {step}")
        want = full_outcome(app, nxt)
        body = body_of("set_current", nxt, False)
        got = outcome(lambda b=body, r=ref: pipeline(validator, b, r))
        assert got[:2] == want
        if got[2] is not None:
            check_consistent(got[2])
            if got[2].body is None:
                with_body(got[2], body)
            state, ref = nxt, got[2]


@pytest.mark.parametrize("app", APPS, ids=IDS)
def test_every_installed_app_takes_the_incremental_path(app: WebApp) -> None:
    validator = IncrementalValidator(app.state_model)
    assert validator.supported
    assert validator.agrees_on(app.seed())


def test_an_edited_entity_is_the_only_new_node() -> None:
    """Everything the edit left alone is shared with the reference (the same objects)."""
    app = discover_web_apps(["team-chat"])[0]
    validator = StateValidator(app)
    seed = app.seed()
    ref = with_body(validator.validate(seed), body_of("set", seed, False))
    after = copy.deepcopy(seed)
    conv = next(iter(after["messages"]))
    after["messages"][conv][0]["text"] += " (edited)"
    body = body_of("set_current", after, False)
    env = envelope(body)
    assert env is not None
    state = validator.from_body(body, env, ref)
    assert state is not None and state is not ref
    old_nodes = {id(m) for m in walk(ref.root)}
    new_nodes = [m for m in walk(state.root) if id(m) not in old_nodes]
    # the root, the messages object, the conversation's list and the one message
    assert len(new_nodes) == 4
    assert state.model.users is ref.model.users


def test_the_same_state_in_another_envelope_is_the_reference_itself() -> None:
    app = NotesApp()
    validator = StateValidator(app)
    ref = with_body(validator.validate(SEED), body_of("set", SEED, False))
    body = body_of("set_current", SEED, False)
    env = envelope(body)
    assert env is not None
    assert validator.from_body(body, env, ref) is ref


@pytest.mark.parametrize(
    "raw",
    [
        {"notes": {}},  # missing required owner
        {"owner": "x", "extra": 1},  # unknown key
        {"owner": 5},  # wrong type
        {"owner": "x", "notes": {"a": {"id": "a"}}},  # note without title
        {"owner": "x", "notes": []},  # wrong container
    ],
)
def test_unusual_or_invalid_input_falls_back_to_full_validation(raw: Any) -> None:
    with pytest.raises(Fallback):
        IncrementalValidator(NotesState).root(raw)
    with pytest.raises(InvalidState) as info:
        StateValidator(NotesApp()).validate(raw)
    assert info.value.violations


def test_python_values_never_pass_for_the_json_they_encode_to() -> None:
    """A tuple is not a list and a datetime is not a string, even where the bytes agree."""
    validator = StateValidator(NotesApp())
    ref = validator.validate(SEED)
    as_tuple = copy.deepcopy(ref.dump)
    as_tuple["notes"]["n1"]["tags"] = tuple(as_tuple["notes"]["n1"]["tags"])
    assert outcome(lambda: validator.validate(as_tuple, ref))[:2] == full_outcome(
        NotesApp(), as_tuple
    )
    truthy = copy.deepcopy(ref.dump)
    truthy["notes"]["n1"]["pinned"] = 0  # == False in Python, not in strict JSON validation
    assert outcome(lambda: validator.validate(truthy, ref))[0] == "422"


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
    with pytest.raises(Fallback):
        validator.root({"tags": ["a", "b", "c"]})
    assert validator.root({"tags": ["a"]}).dump == {"tags": ["a"]}
    assert validator.root({}).dump == {"tags": []}


class _Reading(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str
    value: float


class _Series(BaseModel):
    model_config = ConfigDict(extra="forbid")
    readings: list[_Reading] = Field(default_factory=list)


def _series(n: int, tag: str) -> dict[str, Any]:
    # floats orjson spells differently from Python (1e-05, 1e+16) among plain ones
    values = [0.5, 1e-05, 1e16, 2.5e-7, 3.0]
    return {"readings": [{"label": f"{tag}{i}", "value": values[i % 5]} for i in range(n)]}


def test_a_list_of_new_entities_validated_in_one_batch_gives_what_full_validation_gives() -> None:
    from cuagym.hub._memo import assemble

    inc = IncrementalValidator(_Series)
    for raw in (_series(40, "a"), _series(9, "b")):
        full = _Series.model_validate(raw, strict=True).model_dump(mode="json", by_alias=True)
        assert assemble(inc.root(raw)) == canonical_bytes(full)
    ref = inc.root(_series(40, "a"))
    assemble(ref)
    edited = _series(40, "a")
    for i in range(5, 30):  # a long run of new items between kept ones, lengths equal
        edited["readings"][i]["label"] = f"new{i}"
    root = inc.root(edited, ref)
    expected = _Series.model_validate(edited, strict=True).model_dump(mode="json", by_alias=True)
    assert assemble(root) == canonical_bytes(expected)
    kept = cast_list(root)
    assert kept[0] is cast_list(ref)[0] and kept[35] is cast_list(ref)[35], "unchanged: reused"
    bad = _series(20, "c")
    bad["readings"][13]["value"] = "high"  # one invalid item in the batch
    with pytest.raises(Fallback):
        inc.root(bad)


def cast_list(root: Any) -> list[Any]:
    children = root.children["readings"].children
    assert isinstance(children, list)
    return children


def test_a_mostly_new_state_is_not_spliced_but_parsed() -> None:
    """Splicing re-reads the changed window in Python: for a state whose texts all changed,
    the parsed-state path is taken instead, and gives what full validation gives."""
    app = discover_web_apps(["team-chat"])[0]
    validator = StateValidator(app)
    seed = app.seed()
    ref = with_body(validator.validate(seed), body_of("set", seed, False))
    after = copy.deepcopy(seed)
    for msgs in after["messages"].values():
        for m in msgs:
            m["text"] = "new: " + m["text"] + " (rewritten from scratch)"
    body = body_of("set", after, False)
    env = envelope(body)
    assert env is not None
    assert validator.from_body(body, env, ref) is None
    assert outcome(lambda: validator.validate(after, ref))[:2] == full_outcome(app, after)
