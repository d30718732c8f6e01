"""Validation that reuses what an earlier state already validated.

Every UI action and every ``set_current`` revalidates a whole state, yet one edit changes one
entity. This validator walks the state model's top-level fields through plain ``dict[str, X]``
and ``list[X]`` containers down to entity models ("leaves", validated whole) and builds a
:class:`~._memo.Memo` tree. Given a *reference* (the memo tree of an earlier state), every
subtree that is JSON-identical to the reference's is taken from it as is, without validating,
dumping or encoding it again; only the rest is validated.

It produces exactly what ``model_validate(strict=True)`` + ``model_dump(mode="json",
by_alias=True)`` give:

- it only decomposes what validation cannot tell apart: no validators on the state model, no
  constraints on the containers it walks (those are validated whole), ``extra="forbid"``;
- a subtree is reused only when it equals the reference's dump both as Python values (so a tuple
  never passes for a list) and as canonical JSON (so ``1``, ``1.0`` and ``true`` differ);
- anything unusual (an unknown key, a missing field, any validation error) raises
  :class:`Fallback`, and the caller runs full validation, which produces the exact error report;
- :meth:`IncrementalValidator.agrees_on` checks it against full validation on a sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, cast, get_args, get_origin

import orjson
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

from cuagym.core._json import canonical_bytes_many
from cuagym.core.canonical import canonical_bytes
from cuagym.hub._memo import Memo

__all__ = ["Fallback", "IncrementalValidator", "Path"]

#: a position in the memo tree: field aliases, dict keys and list indexes from the root
Path = tuple[str | int, ...]

# Non-JSON Python values (datetimes, dataclasses, str/int subclasses) must not pass for the JSON
# they would encode to: with these options orjson refuses them instead of converting them.
_STRICT_SORTED = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
)


class Fallback(Exception):
    """This input needs full validation (it is unusual or invalid)."""


def _as_bytes(canon: bytes | memoryview | None) -> bytes | None:
    return canon if canon is None or type(canon) is bytes else bytes(canon)


def same(raw: Any, ref: Memo) -> bool:
    """Whether ``raw`` validates to exactly ``ref`` (it is JSON- and Python-equal to its dump)."""
    if raw is ref.dump:
        return True
    try:
        if raw != ref.dump:
            return False
        encoded = orjson.dumps(raw, option=_STRICT_SORTED)
    except (TypeError, ValueError, RecursionError, orjson.JSONEncodeError):
        return False
    return encoded == _as_bytes(ref.canon)


class _Leaf:
    """Validates one value whole (an entity model, a scalar, or a constrained container)."""

    def __init__(self, annotation: Any) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(annotation)
        self._many: TypeAdapter[list[Any]] | None = None
        self.annotation = annotation

    def fresh_many(self, raws: list[Any]) -> list[Memo]:
        """:meth:`fresh` of each value, in one validation and one dump call for all of them:
        a state the hub has never seen costs one pass over its new entities, not a Python
        round trip per entity (validation is per item either way: same values, same errors)."""
        if self._many is None:
            self._many = TypeAdapter(cast(Any, list)[self.annotation])
        try:
            values = self._many.validate_python(raws, strict=True)
        except ValidationError:
            raise Fallback from None
        dumps = self._many.dump_python(values, mode="json", by_alias=True)
        canons = canonical_bytes_many(dumps)
        return [Memo(v, d, c) for v, d, c in zip(values, dumps, canons, strict=True)]

    def fresh(self, raw: Any) -> Memo:
        try:
            value = self.adapter.validate_python(raw, strict=True)
        except ValidationError:
            raise Fallback from None
        dump = self.adapter.dump_python(value, mode="json", by_alias=True)
        return Memo(value, dump, canonical_bytes(dump))

    def run(self, raw: Any, ref: Memo | None) -> Memo:
        if ref is not None and same(raw, ref):
            return ref
        return self.fresh(raw)


class _Dict:
    def __init__(self, item: _Node) -> None:
        self.item = item

    def run(self, raw: Any, ref: Memo | None) -> Memo:
        if type(raw) is not dict:
            raise Fallback
        if ref is not None and same(raw, ref):
            return ref
        before = cast(dict[str, Memo], ref.children) if ref is not None else {}
        values, dumps, children = {}, {}, {}
        item = self.item
        for key, value in raw.items():
            if type(key) is not str:
                raise Fallback
            child = item.run(value, before.get(key))
            children[key], values[key], dumps[key] = child, child.value, child.dump
        return Memo(values, dumps, None, children)


class _List:
    def __init__(self, item: _Node) -> None:
        self.item = item

    def run(self, raw: Any, ref: Memo | None) -> Memo:
        if type(raw) is not list:
            raise Fallback
        if ref is not None and same(raw, ref):
            return ref
        before = cast(list[Memo], ref.children) if ref is not None else []
        item = self.item
        n, m = len(raw), len(before)
        # Items kept at the front and at the back are matched against the reference; when the
        # lengths agree, the middle is matched position by position.
        head = 0
        while head < min(n, m) and same(raw[head], before[head]):
            head += 1
        tail = 0
        while tail < min(n, m) - head and same(raw[n - 1 - tail], before[m - 1 - tail]):
            tail += 1
        if isinstance(item, _Leaf) and n - tail - head >= _BATCH:
            middle = self._middle(item, raw[head : n - tail], before[head : m - tail], n == m)
        else:
            middle = [
                item.run(raw[i], before[i] if n == m else None) for i in range(head, n - tail)
            ]
        children = before[:head] + middle + before[m - tail :]
        return Memo([c.value for c in children], [c.dump for c in children], None, children)

    @staticmethod
    def _middle(item: _Leaf, raws: list[Any], refs: list[Memo], aligned: bool) -> list[Memo]:
        """The unmatched middle of a list of leaves: items equal to the reference at their
        position are reused, the others validated together (:meth:`_Leaf.fresh_many`)."""
        out: list[Memo | None] = [None] * len(raws)
        if aligned:
            for i, (raw, ref) in enumerate(zip(raws, refs, strict=True)):
                if same(raw, ref):
                    out[i] = ref
        todo = [i for i, memo in enumerate(out) if memo is None]
        for i, memo in zip(todo, item.fresh_many([raws[i] for i in todo]), strict=True):
            out[i] = memo
        return cast(list[Memo], out)


#: from this many unmatched items on, a list of leaves is validated in one batch
_BATCH = 8

_Node = _Leaf | _Dict | _List


def _node(annotation: Any) -> _Node:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is dict and len(args) == 2 and args[0] is str:
        return _Dict(_node(args[1]))
    if origin is list and len(args) == 1:
        return _List(_node(args[0]))
    return _Leaf(annotation)


class _Field:
    def __init__(self, name: str, info: FieldInfo) -> None:
        self.name = name
        self.alias = info.alias or name
        self.required = info.is_required()
        # Constraints on the field itself (min_length, pattern, ...) apply to the whole value.
        self.node: _Node = (
            _Leaf(Annotated[(info.annotation, *info.metadata)])
            if info.metadata
            else _node(info.annotation)
        )
        self._default: Memo | None = None
        if not self.required:
            value = info.get_default(call_default_factory=True)
            dumper: TypeAdapter[Any] = TypeAdapter(cast(Any, info.annotation))
            dump = dumper.dump_python(value, mode="json", by_alias=True)
            # Shared by every state that omits the field: memos are never mutated.
            self._default = Memo(value, dump, canonical_bytes(dump), _empty_children(self.node))

    def default(self) -> Memo:
        assert self._default is not None
        return self._default


def _empty_children(node: _Node) -> dict[str, Memo] | list[Memo] | None:
    # A default container must look like a validated container (its children, if any).
    if isinstance(node, _Dict):
        return {}
    if isinstance(node, _List):
        return []
    return None


class IncrementalValidator:
    """Validates states of one model into memo trees, reusing a reference's pieces."""

    def __init__(self, model: type[BaseModel]) -> None:
        self.model = model
        self.supported = _decomposable(model)
        self._fields = (
            [_Field(name, info) for name, info in model.model_fields.items()]
            if self.supported
            else []
        )
        self._by_alias = {f.alias: f for f in self._fields}
        self._names = {f.alias: f.name for f in self._fields}

    # -- whole states ----------------------------------------------------------------------
    def root(self, raw: Any, ref: Memo | None = None) -> Memo:
        """The root memo of ``raw``, reusing ``ref``'s pieces; :class:`Fallback` if unusual."""
        if not self.supported or type(raw) is not dict or not self._by_alias.keys() >= raw.keys():
            raise Fallback
        before = cast(dict[str, Memo], ref.children) if ref is not None else {}
        values, dumps, children = {}, {}, {}
        for field in self._fields:
            alias = field.alias
            if alias in raw:
                child = field.node.run(raw[alias], before.get(alias))
            elif field.required:
                raise Fallback
            else:
                child = field.default()
            children[alias], values[field.name], dumps[alias] = child, child.value, child.dump
        if ref is not None and all(children[a] is before.get(a) for a in children):
            return ref
        return Memo(values, dumps, None, children)

    def model_of(self, root: Memo) -> BaseModel:
        """The model instance of a root memo (its field values are the memos' values)."""
        return self.model.model_construct(**root.value)

    # -- one subtree -------------------------------------------------------------------------
    def node_at(self, path: Path) -> _Node:
        """The schema node that validates the subtree at ``path`` (a field and below)."""
        node: _Node = self._by_alias[cast(str, path[0])].node
        for _ in path[1:]:
            if isinstance(node, _Dict | _List):
                node = node.item
            else:
                raise Fallback
        return node

    def replace(self, root: Memo, path: Path, child: Memo) -> Memo:
        """A new root equal to ``root`` with the subtree at ``path`` replaced by ``child``.

        Containers along the path are copied (shallowly); everything else is shared.
        """
        alias = cast(str, path[0])
        assert isinstance(root.children, dict)
        new = _replace(root.children[alias], path[1:], child)
        children = dict(root.children)
        children[alias] = new
        values = dict(root.value)  # the root's values are keyed by field name
        values[self._names[alias]] = new.value
        dumps = dict(root.dump)
        dumps[alias] = new.dump
        return Memo(values, dumps, None, children)

    # -- checks ------------------------------------------------------------------------------
    def full(self, raw: Any) -> dict[str, Any]:
        return self.model.model_validate(raw, strict=True).model_dump(mode="json", by_alias=True)

    def agrees_on(self, raw: Any) -> bool:
        """Whether this validator gives exactly what full validation gives for ``raw``."""
        try:
            mine = self.root(raw)
        except Fallback:
            return False
        return canonical_bytes(mine.dump) == canonical_bytes(self.full(raw))


def _replace(node: Memo, path: Path, child: Memo) -> Memo:
    if not path:
        return child
    head, rest = path[0], path[1:]
    children = node.children
    if isinstance(children, dict):
        key = cast(str, head)
        new = _replace(children[key], rest, child)
        kids = dict(children)
        kids[key] = new
        values = dict(node.value)
        values[key] = new.value
        dumps = dict(node.dump)
        dumps[key] = new.dump
        return Memo(values, dumps, None, kids)
    assert isinstance(children, list)
    index = cast(int, head)
    new = _replace(children[index], rest, child)
    kid_list = list(children)
    kid_list[index] = new
    value_list = list(node.value)
    value_list[index] = new.value
    dump_list = list(node.dump)
    dump_list[index] = new.dump
    return Memo(value_list, dump_list, None, kid_list)


def _decomposable(model: type[BaseModel]) -> bool:
    decorators = model.__pydantic_decorators__
    config = model.model_config
    return (
        not decorators.model_validators
        and not decorators.field_validators
        and not decorators.validators
        and not decorators.root_validators
        and not decorators.field_serializers
        and not decorators.model_serializers
        and not model.__pydantic_computed_fields__
        and config.get("extra") == "forbid"
        and not config.get("populate_by_name", False)
        and all(not info.validate_default for info in model.model_fields.values())
    )


def field_names(validator: IncrementalValidator) -> Sequence[str]:
    """The state's JSON field names (aliases), in model order."""
    return [f.alias for f in validator._fields]
