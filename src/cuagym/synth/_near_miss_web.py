"""Web near misses, derived from an app's initial and gold state (DESIGN.md §13).

The hub's ``state_diff`` compares arrays whole; a near miss needs finer cuts (one of three
added messages, one field of an updated record), so this module walks the two states itself:
objects key by key, and arrays of entities (objects with an ``id``) entity by entity, matched
by id. Each difference is an :class:`Edit`; from the edits come the candidates:

* ``partial``: one edit undone (only when there are two or more; one undone is s_init, C4);
* ``perturb``: one changed or added value nearly right (``_near_miss_values.perturbations``);
* ``collateral``: one value the gold state leaves as it was, perturbed;
* ``duplicate``: an entity the task adds, added twice (with an identifier of its own).

Volatile paths are never edited; rule-2 values (an added entity's own id and time stamps) are
reported as allowed. Each candidate is the app's whole current state, ready for ``set_current``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cuagym.synth._near_miss_models import AllowedNearMiss, NearMissCandidate
from cuagym.synth._near_miss_values import allowed_reason, is_volatile, perturbations, show

__all__ = ["Edit", "derive_web", "edits"]

Key = str | int
JsonPath = tuple[Key, ...]
_MAX_COLLATERAL = 6


@dataclass(frozen=True)
class Edit:
    """One difference between initial and gold: at ``path`` (keys and list indices of gold;
    for a removal, of initial), an ``op`` from ``old`` to ``new``."""

    path: JsonPath
    op: Literal["added", "removed", "changed"]
    old: Any
    new: Any
    entity: bool = False  # an element of an entity array (matched by id)


def _ids(items: list[Any]) -> list[Any] | None:
    """The ids of an entity array (every element an object with a distinct scalar ``id``)."""
    if not items or not all(isinstance(x, dict) and "id" in x for x in items):
        return None
    ids = [x["id"] for x in items]
    if any(isinstance(i, dict | list) for i in ids) or len(set(map(repr, ids))) != len(ids):
        return None
    return ids


def edits(old: Any, new: Any, path: JsonPath = ()) -> list[Edit]:
    """Every difference from ``old`` to ``new``, as fine as an entity or a leaf."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[Edit] = []
        for key in new:
            if key not in old:
                out.append(Edit((*path, key), "added", None, new[key]))
            else:
                out += edits(old[key], new[key], (*path, key))
        out += [Edit((*path, k), "removed", old[k], None) for k in old if k not in new]
        return out
    if isinstance(old, list) and isinstance(new, list):
        return _list_edits(old, new, path)
    if type(old) is not type(new) or old != new:
        return [Edit(path, "changed", old, new)]
    return []


def _list_edits(old: list[Any], new: list[Any], path: JsonPath) -> list[Edit]:
    old_ids, new_ids = _ids(old), _ids(new)
    if old_ids is not None and new_ids is not None:
        common = [i for i in new_ids if i in old_ids]
        if common == [i for i in old_ids if i in new_ids]:  # same relative order
            out: list[Edit] = []
            for j, ident in enumerate(new_ids):
                if ident in old_ids:
                    out += edits(old[old_ids.index(ident)], new[j], (*path, j))
                else:
                    out.append(Edit((*path, j), "added", None, new[j], entity=True))
            out += [
                Edit((*path, i), "removed", old[i], None, entity=True)
                for i, ident in enumerate(old_ids)
                if ident not in new_ids
            ]
            return out
    if len(old) == len(new) and any(isinstance(x, dict | list) for x in new):
        return [
            e
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            for e in edits(a, b, (*path, i))
        ]
    if old == new:
        return []
    return [Edit(path, "changed", old, new)]


def _get(state: Any, path: JsonPath) -> Any:
    for key in path:
        state = state[key]
    return state


def _copy_along(state: Any, path: JsonPath) -> Any:
    """A copy of ``state`` that shares everything with it but the containers on the way to
    ``path``'s parent: a candidate changes one place of gold, and a deep copy of a large
    state per candidate was most of the orchestrator's CPU (a candidate is only serialized,
    never changed again, so what it shares with gold stays as gold has it)."""
    root = _shallow(state)
    node = root
    for key in path[:-1]:
        child = _shallow(node[key])
        node[key] = child
        node = child
    return root


def _shallow(node: Any) -> Any:
    if isinstance(node, dict):
        return dict(node)
    if isinstance(node, list):
        return list(node)
    return node


def _set(state: Any, path: JsonPath, value: Any) -> None:
    _get(state, path[:-1])[path[-1]] = value


def _delete(state: Any, path: JsonPath) -> None:
    parent = _get(state, path[:-1])
    del parent[path[-1]]


def dotted(state: Any, path: JsonPath) -> str:
    """A readable path: keys joined by dots, an entity by its id (``messages[id=m3].text``)."""
    parts: list[str] = []
    node = state
    for key in path:
        if isinstance(key, int):
            item = node[key] if isinstance(node, list) and key < len(node) else None
            ident = item.get("id") if isinstance(item, dict) else None
            parts.append(f"[id={ident}]" if ident is not None else f"[{key}]")
        else:
            parts.append(("." if parts else "") + key)
        node = node[key] if _has(node, key) else None
    return "".join(parts) or "(root)"


def _has(node: Any, key: Key) -> bool:
    return (isinstance(node, dict) and key in node) or (
        isinstance(node, list) and isinstance(key, int) and key < len(node)
    )


def _keys(path: JsonPath) -> list[str]:
    return [k for k in path if isinstance(k, str)]


def _values_by_key(state: Any, out: dict[str, list[Any]] | None = None) -> dict[str, list[Any]]:
    """Every scalar value in ``state`` grouped by the key that holds it (sibling values)."""
    out = {} if out is None else out
    if isinstance(state, dict):
        for key, value in state.items():
            if isinstance(value, dict | list):
                _values_by_key(value, out)
            else:
                bucket = out.setdefault(key, [])
                if value not in bucket and len(bucket) < 50:
                    bucket.append(value)
    elif isinstance(state, list):
        for item in state:
            _values_by_key(item, out)
    return out


def _leaves(state: Any, path: JsonPath = ()) -> Iterator[tuple[JsonPath, Any]]:
    if isinstance(state, dict):
        for key, value in state.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(state, list) and _ids(state) is not None:
        for i, item in enumerate(state):
            yield from _leaves(item, (*path, i))
    else:
        yield path, state


@dataclass
class _Deriver:
    app: str
    initial: Any
    gold: Any
    volatile: Sequence[str]
    allowed: list[AllowedNearMiss]
    quoted: str = ""

    def candidate(self, kind: Any, path: JsonPath, state: Any, words: str) -> NearMissCandidate:
        where = f"{self.app}: {dotted(self.gold, path)}"
        return NearMissCandidate(
            kind=kind, path=where, state=f"{where} {words}", app=self.app, web_state=state
        )

    def partial(self, edit: Edit) -> NearMissCandidate | None:
        state = _copy_along(self.gold, edit.path)
        if edit.op == "changed":
            _set(state, edit.path, copy.deepcopy(edit.old))
            words = f"left at its initial value {show(edit.old)} (one of the changes not made)"
        elif edit.op == "added":
            _delete(state, edit.path)
            words = "not added (one of the changes not made)"
        else:
            parent = _get(state, edit.path[:-1])
            if isinstance(parent, list):
                parent.insert(min(int(edit.path[-1]), len(parent)), copy.deepcopy(edit.old))
            else:
                parent[edit.path[-1]] = copy.deepcopy(edit.old)
            words = "still present (one of the removals not made)"
        return self.candidate("partial", edit.path, state, words)

    def perturbed(
        self, path: JsonPath, value: Any, siblings: dict[str, list[Any]], kind: Any, in_added: bool
    ) -> Iterator[NearMissCandidate]:
        key = _keys(path)[-1] if _keys(path) else None
        why = allowed_reason(
            key, value, in_added_entity=in_added, quoted=self.quoted, untouched=kind == "collateral"
        )
        if why is not None:
            self.allowed.append(
                AllowedNearMiss(kind=kind, path=f"{self.app}: {dotted(self.gold, path)}", why=why)
            )
            return
        for how, new in perturbations(value, siblings.get(key or "", [])):
            state = _copy_along(self.gold, path)
            _set(state, path, new)
            verb = "is" if kind == "perturb" else "(a value the task does not touch) is"
            yield self.candidate(
                kind, path, state, f"{verb} {show(new)} instead of {show(value)} ({how})"
            )

    def duplicate(self, edit: Edit) -> NearMissCandidate | None:
        parent_path, index = edit.path[:-1], edit.path[-1]
        state = _copy_along(self.gold, edit.path)
        twin = copy.deepcopy(edit.new)
        parent = _get(state, parent_path)
        if isinstance(parent, list) and isinstance(twin, dict) and "id" in twin:
            ids = [x.get("id") for x in parent if isinstance(x, dict)]
            twin["id"] = _fresh_id(twin["id"], ids)
            parent.insert(int(index) + 1, twin)
        elif isinstance(parent, dict) and isinstance(index, str) and isinstance(twin, dict):
            key = _fresh_id(index, list(parent))
            if twin.get("id") == index:
                twin["id"] = key
            parent[key] = twin
        else:
            return None
        return self.candidate("duplicate", edit.path, state, "was added twice (a repeated action)")

    def derive(self) -> list[NearMissCandidate]:
        found = [
            e
            for e in edits(self.initial, self.gold)
            if not is_volatile(_keys(e.path), self.volatile)
        ]
        siblings = _values_by_key(self.gold)
        out: list[NearMissCandidate] = []
        if len(found) >= 2:
            out += [c for e in found if (c := self.partial(e)) is not None]
        touched: list[JsonPath] = [e.path for e in found]
        for e in found:
            if e.op == "removed":
                continue
            if isinstance(e.new, dict):
                for sub, value in _leaves(e.new):
                    out += self.perturbed(
                        (*e.path, *sub), value, siblings, "perturb", e.op == "added"
                    )
            else:
                out += self.perturbed(e.path, e.new, siblings, "perturb", False)
            if e.op == "added" and (e.entity or isinstance(e.new, dict)):
                dup = self.duplicate(e)
                if dup is not None:
                    out.append(dup)
        out += self._collateral(touched, siblings)
        return out

    def _collateral(
        self, touched: list[JsonPath], siblings: dict[str, list[Any]]
    ) -> list[NearMissCandidate]:
        eligible: list[tuple[JsonPath, Any]] = []
        for path, value in _leaves(self.gold):
            keys = _keys(path)
            if not keys or keys[-1] in ("id", "_id") or value in (None, ""):
                continue
            if isinstance(value, list) or is_volatile(keys, self.volatile):
                continue
            if any(path[: len(t)] == t or t[: len(path)] == path for t in touched):
                continue
            eligible.append((path, value))
        # Spread over the whole state (not just its first entities); one variant per value
        # (the first: case / +1 / flip) is enough.
        step = max(1, len(eligible) // _MAX_COLLATERAL)
        out: list[NearMissCandidate] = []
        for path, value in eligible[::step][:_MAX_COLLATERAL]:
            variants = list(self.perturbed(path, value, siblings, "collateral", False))
            key = _keys(path)[-1]
            # An enum-like key (few distinct values in the state): another of its values is
            # a state the app accepts; a case change of an enum value usually is not.
            enum_like = 1 < len(siblings.get(key, [])) <= 8
            pick = [v for v in variants if v.state.endswith("(sibling)")] if enum_like else []
            out += (pick or variants)[:1]
        return out


def _fresh_id(ident: Any, taken: list[Any]) -> Any:
    if isinstance(ident, int) and not isinstance(ident, bool):
        return max([i for i in taken if isinstance(i, int)] + [ident]) + 1
    n = 2
    while f"{ident}-{n}" in taken:
        n += 1
    return f"{ident}-{n}"


def derive_web(
    app: str, initial: Any, gold: Any, volatile: Sequence[str], quoted: str = ""
) -> tuple[list[NearMissCandidate], list[AllowedNearMiss]]:
    """The near misses of one app's gold state, and those allowed (the rules of the module
    ``_near_miss_values``; ``quoted``: the task's instruction and context), both in a
    deterministic order."""
    allowed: list[AllowedNearMiss] = []
    deriver = _Deriver(app, initial, gold, tuple(volatile), allowed, quoted)
    return deriver.derive(), allowed
