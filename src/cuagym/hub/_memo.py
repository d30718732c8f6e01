"""Validated states as trees of reusable pieces, so that an edit costs what it changes.

A :class:`Memo` is one node of a validated state, following the state model's decomposition
(see :mod:`._incremental`): the root (the model's fields), ``dict[str, X]`` and ``list[X]``
containers, and leaves (entities and scalars, validated whole). Each node holds its validated
value, its JSON dump and its canonical JSON bytes. A state derived from another by an edit
*shares* every unchanged node with it (the same objects), so building the new state, checking
its invariants and diffing it against the old one only touch the changed path.

Canonical JSON composes: the canonical text of an object is ``{`` + its sorted ``"key":value``
pairs joined by ``,`` + ``}``, of an array ``[`` + its items joined by ``,`` + ``]``. So the
canonical bytes of a new state are assembled by one ``join`` of the unchanged subtrees' bytes
and the changed ones', never by re-encoding the state. A container's bytes are a view into the
state text they were first assembled in.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import orjson

__all__ = ["Delta", "Memo", "ValidatedState", "assemble", "common_affixes", "key_bytes"]

Canon = bytes | memoryview
_CHUNK = 1 << 15
#: the state_id hash keeps its midstate every this many bytes, to resume after a shared prefix
HASH_STEP = 1 << 16


class Memo:
    """One validated node: value, JSON dump, canonical bytes, and children for containers.

    Memos are shared between states and must never be mutated after construction (a
    container's ``canon`` is filled in once, when the state it belongs to is assembled).
    """

    __slots__ = ("canon", "children", "dump", "value")

    def __init__(
        self,
        value: Any,
        dump: Any,
        canon: Canon | None,
        children: dict[str, Memo] | list[Memo] | None = None,
    ) -> None:
        self.value = value
        self.dump = dump
        self.canon = canon
        self.children = children

    @property
    def is_leaf(self) -> bool:
        return self.children is None

    def canonical(self) -> bytes:
        """This node's canonical JSON bytes (assembled now if it is a new container)."""
        if self.canon is None:
            assemble(self)
        assert self.canon is not None
        return bytes(self.canon)


def key_bytes(key: str) -> bytes:
    """``"key":`` as canonical JSON spells it (orjson escapes strings as Python does)."""
    return orjson.dumps(key) + b":"


def _pieces(memo: Memo, out: list[Canon], pos: int, pending: list[tuple[Memo, int, int]]) -> int:
    """Append ``memo``'s canonical bytes to ``out`` as pieces; return the position after them.

    Containers without bytes yet are recorded in ``pending`` with their span, to get a view
    into the assembled text afterwards.
    """
    if memo.canon is not None:
        out.append(memo.canon)
        return pos + len(memo.canon)
    start = pos
    children = memo.children
    if type(children) is list:
        canons = [c.canon for c in children]
        if None not in canons:  # the common case: a list of leaves
            text = b"[" + b",".join(canons) + b"]"  # type: ignore[arg-type]
            out.append(text)
            memo.canon = text
            return pos + len(text)
        out.append(b"[")
        pos += 1
        for i, child in enumerate(children):
            if i:
                out.append(b",")
                pos += 1
            pos = _pieces(child, out, pos, pending)
        out.append(b"]")
        pos += 1
    else:
        assert isinstance(children, dict)
        out.append(b"{")
        pos += 1
        for i, key in enumerate(sorted(children)):
            head = (b"," if i else b"") + key_bytes(key)
            out.append(head)
            pos = _pieces(children[key], out, pos + len(head), pending)
        out.append(b"}")
        pos += 1
    pending.append((memo, start, pos))
    return pos


def assemble(memo: Memo) -> bytes:
    """Fill in the canonical bytes of ``memo`` and every new container below it."""
    out: list[Canon] = []
    pending: list[tuple[Memo, int, int]] = []
    _pieces(memo, out, 0, pending)
    text = b"".join(out)
    view = memoryview(text)
    for node, start, end in pending:
        node.canon = view[start:end] if node is not memo else text
    return text


def common_affixes(
    a: bytes, b: bytes, spans: tuple[int, int, int, int] | None = None
) -> tuple[int, int]:
    """Lengths of the common prefix and suffix of ``a[a0:a1]`` and ``b[b0:b1]`` (``spans``;
    default: all of both), not overlapping. Compared in 32 KiB slices (C ``memcmp`` speed),
    then narrowed by bisection; the spans are never copied whole."""
    a0, a1, b0, b1 = spans if spans is not None else (0, len(a), 0, len(b))
    limit = min(a1 - a0, b1 - b0)
    prefix = _prefix(a, b, limit, a0, b0)
    return prefix, _suffix(a, b, limit - prefix, a1, b1)


def _prefix(a: bytes, b: bytes, limit: int, a0: int = 0, b0: int = 0) -> int:
    """How many bytes ``a[a0:]`` and ``b[b0:]`` share, up to ``limit``."""
    done = 0
    while done < limit:
        size = min(_CHUNK, limit - done)
        if a[a0 + done : a0 + done + size] == b[b0 + done : b0 + done + size]:
            done += size
            continue
        lo, hi = done, done + size  # they agree on [0, lo) and differ somewhere in [lo, hi)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if a[a0 + lo : a0 + mid] == b[b0 + lo : b0 + mid]:
                lo = mid
            else:
                hi = mid
        return lo
    return done


def _suffix(a: bytes, b: bytes, limit: int, a1: int | None = None, b1: int | None = None) -> int:
    """How many bytes ``a[:a1]`` and ``b[:b1]`` share at their ends, up to ``limit``."""
    la = len(a) if a1 is None else a1
    lb = len(b) if b1 is None else b1
    done = 0
    while done < limit:
        size = min(_CHUNK, limit - done)
        if a[la - done - size : la - done] == b[lb - done - size : lb - done]:
            done += size
            continue
        lo, hi = done, done + size  # the last lo bytes agree; a difference within [lo, hi)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if a[la - mid : la - lo] == b[lb - mid : lb - lo]:
                lo = mid
            else:
                hi = mid
        return lo
    return done


@dataclass(frozen=True, slots=True)
class Delta:
    """How a state's bytes differ from its reference's: ``base`` (its state_id) with the bytes
    between ``prefix`` and ``len(base data) - suffix`` replaced by ``middle``."""

    base: str
    prefix: int
    suffix: int
    middle: bytes

    def apply(self, base: bytes) -> bytes:
        return base[: self.prefix] + self.middle + base[len(base) - self.suffix :]


def _state_hash(
    data: bytes, reference: ValidatedState | None, shared: int | None = None
) -> tuple[str, list[Any]]:
    """sha256 of ``data`` and its midstates every ``HASH_STEP`` bytes (``points[k]``: after
    ``data[:k * HASH_STEP]``). Bytes ``data`` shares with the reference's (``shared``, if
    known) are not hashed again: hashing resumes from the reference's last midstate before
    the first difference."""
    view = memoryview(data)
    if reference is not None and reference.points:
        if shared is None:
            shared = _prefix(reference.data, data, min(len(reference.data), len(data)))
        k = min(shared // HASH_STEP, len(reference.points) - 1)
        points = reference.points[: k + 1]
        digest = points[k].copy()
        pos = k * HASH_STEP
    else:
        digest = hashlib.sha256()
        points = [digest.copy()]
        pos = 0
    while pos < len(data):
        digest.update(view[pos : pos + HASH_STEP])
        pos += HASH_STEP
        if pos < len(data):
            points.append(digest.copy())
    return digest.hexdigest(), points


def _delta(data: bytes, anchor: ValidatedState, prefix: int) -> Delta | None:
    """``data`` as a delta from the anchor's bytes (sharing ``prefix`` bytes), if it is small
    (less than half)."""
    old = anchor.data
    suffix = _suffix(old, data, min(len(old), len(data)) - prefix)
    if (len(data) - prefix - suffix) * 2 >= len(data):
        return None
    return Delta(anchor.state_id, prefix, suffix, data[prefix : len(data) - suffix])


class ValidatedState:
    """A whole validated state: its memo tree, model instance, canonical bytes and state_id.

    ``body`` is the request body it was validated from, kept so that a later body that differs
    from it in a few bytes is validated by re-reading only those (see :mod:`._splice`); the
    body's structural index is built on first such use. ``diffs`` caches ``state_diff`` bytes
    against initial states, by their ids.
    """

    __slots__ = (
        "__weakref__",
        "_delta",
        "_shared",
        "anchor",
        "body",
        "data",
        "diffs",
        "index",
        "model",
        "points",
        "root",
        "span",
        "state_id",
    )

    def __init__(
        self,
        root: Memo,
        model: Any,
        data: bytes | None = None,
        reference: ValidatedState | None = None,
    ) -> None:
        self.root = root
        self.model = model
        self.data = data if data is not None else root.canonical()
        if root.canon is None:
            root.canon = self.data
        # The state this one may be a small delta from (edits of edits all point at the
        # first), so that a store can keep the first whole and the others as deltas; the delta
        # itself is worked out only if a store asks for it.
        self.anchor: ValidatedState | None = None
        self._delta: Delta | bool | None = None
        shared = None
        if reference is not None:
            self.anchor = reference.anchor or reference
            old = self.anchor.data
            self._shared = _prefix(old, self.data, min(len(old), len(self.data)))
            shared = self._shared if self.anchor is reference else None
        self.state_id, self.points = _state_hash(self.data, reference, shared)
        self.body: bytes | None = None
        self.span: tuple[int, int] | None = None
        self.index: Any = None
        self.diffs: dict[str, bytes] = {}

    @property
    def dump(self) -> Any:
        return self.root.dump

    @property
    def delta(self) -> Delta | None:
        """How this state's bytes differ from its anchor's, if that is small (else None)."""
        if self._delta is None:
            found = _delta(self.data, self.anchor, self._shared) if self.anchor else None
            self._delta = found if found is not None else False
        return self._delta if isinstance(self._delta, Delta) else None

    def weight(self) -> int:
        """Roughly how many bytes this state keeps alive on its own (data, body, parsed)."""
        return len(self.data) * 9 + (len(self.body) if self.body is not None else 0)


def walk(memo: Memo) -> Iterator[Memo]:
    """Every node of a memo tree, depth first (tests and diagnostics)."""
    yield memo
    children = memo.children
    if children is None:
        return
    for child in children.values() if isinstance(children, dict) else children:
        yield from walk(child)
