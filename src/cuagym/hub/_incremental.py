"""Validation that reuses the validated pieces of earlier states.

Every UI action and every ``set_current`` revalidates a whole state, yet one edit changes one
entity: the rest (hundreds of messages, say) is content the hub has validated before. This
validator walks the state model's top-level fields through plain ``dict[str, X]`` and ``list[X]``
containers down to entity models, and validates each entity once per distinct content (cached by
its JSON bytes). It produces exactly what ``model_validate(strict=True)`` + ``model_dump`` give:

- it only decomposes what validation cannot tell apart — no validators on the state model, no
  constraints on the containers it walks (those are validated whole), ``extra="forbid"``;
- anything unusual (an unknown key, a missing field, any validation error) returns None, and the
  caller runs full validation, which produces the exact error report;
- :meth:`IncrementalValidator.agrees_on` lets the caller check it against full validation on the
  app's seed before trusting it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Annotated, Any, cast, get_args, get_origin

import orjson
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

__all__ = ["IncrementalValidator"]

_Pair = tuple[Any, Any]  # (validated Python value, its JSON-mode dump)


class _Leaf:
    """Validates one value whole; entity models are cached by their JSON bytes."""

    def __init__(self, annotation: Any, cache: _Cache | None) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(annotation)
        self.cache = cache

    def run(self, raw: Any) -> _Pair:
        key = None
        if self.cache is not None:
            key = orjson.dumps(raw)
            hit = self.cache.get(key)
            if hit is not None:
                return hit
        value = self.adapter.validate_python(raw, strict=True)
        pair = (value, self.adapter.dump_python(value, mode="json", by_alias=True))
        if key is not None and self.cache is not None:
            self.cache.put(key, pair)
        return pair


class _Dict:
    def __init__(self, item: _Node) -> None:
        self.item = item

    def run(self, raw: Any) -> _Pair:
        if type(raw) is not dict:
            raise _Fallback
        values, dumps = {}, {}
        for key, value in raw.items():
            if type(key) is not str:
                raise _Fallback
            values[key], dumps[key] = self.item.run(value)
        return values, dumps


class _List:
    def __init__(self, item: _Node) -> None:
        self.item = item

    def run(self, raw: Any) -> _Pair:
        if type(raw) is not list:
            raise _Fallback
        pairs = [self.item.run(value) for value in raw]
        return [p[0] for p in pairs], [p[1] for p in pairs]


_Node = _Leaf | _Dict | _List


class _Fallback(Exception):
    """This input needs full validation (it is unusual or invalid)."""


class _Cache:
    """An LRU of validated entities keyed by their JSON bytes (shared, read-only values)."""

    def __init__(self, capacity: int) -> None:
        self._items: OrderedDict[bytes, _Pair] = OrderedDict()
        self._capacity = capacity

    def get(self, key: bytes) -> _Pair | None:
        hit = self._items.get(key)
        if hit is not None:
            self._items.move_to_end(key)
        return hit

    def put(self, key: bytes, pair: _Pair) -> None:
        self._items[key] = pair
        if len(self._items) > self._capacity:
            self._items.popitem(last=False)


def _is_entity(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _node(annotation: Any, cache: _Cache) -> _Node:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is dict and len(args) == 2 and args[0] is str:
        return _Dict(_node(args[1], cache))
    if origin is list and len(args) == 1:
        return _List(_node(args[0], cache))
    # Entities are worth caching; small scalars validate faster than they hash.
    return _Leaf(annotation, cache if _is_entity(annotation) else None)


class _Field:
    def __init__(self, name: str, info: FieldInfo, cache: _Cache) -> None:
        self.name = name
        self.alias = info.alias or name
        self.required = info.is_required()
        self.info = info
        # Constraints on the field itself (min_length, pattern, ...) apply to the whole value.
        self.node: _Node = (
            _Leaf(Annotated[(info.annotation, *info.metadata)], None)
            if info.metadata
            else _node(info.annotation, cache)
        )
        self._dumper: TypeAdapter[Any] = TypeAdapter(cast(Any, info.annotation))

    def default(self) -> _Pair:
        # A fresh default each time: defaults are often mutable (lists, dicts).
        value = self.info.get_default(call_default_factory=True)
        return value, self._dumper.dump_python(value, mode="json", by_alias=True)


class IncrementalValidator:
    """Validates states of one model, reusing the entities it has validated before."""

    def __init__(self, model: type[BaseModel], capacity: int = 200_000) -> None:
        self.model = model
        self.supported = _decomposable(model)
        cache = _Cache(capacity)
        self._fields = (
            [_Field(name, info, cache) for name, info in model.model_fields.items()]
            if self.supported
            else []
        )
        self._aliases = {f.alias for f in self._fields}

    def validate(self, raw: Any) -> tuple[BaseModel, dict[str, Any]] | None:
        """The model instance and its JSON dump, or None when full validation must decide."""
        if not self.supported or type(raw) is not dict or not self._aliases.issuperset(raw):
            return None
        values: dict[str, Any] = {}
        dumped: dict[str, Any] = {}
        try:
            for field in self._fields:
                if field.alias in raw:
                    value, dump = field.node.run(raw[field.alias])
                elif field.required:
                    return None
                else:
                    value, dump = field.default()
                values[field.name] = value
                dumped[field.alias] = dump
        except (_Fallback, ValidationError):
            return None
        return self.model.model_construct(**values), dumped

    def agrees_on(self, raw: Any) -> bool:
        """Whether this validator gives exactly what full validation gives for ``raw``."""
        mine = self.validate(raw)
        if mine is None:
            return False
        full = self.model.model_validate(raw, strict=True).model_dump(mode="json", by_alias=True)
        return orjson.dumps(mine[1]) == orjson.dumps(full)


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
