"""Validate a request body by the bytes it does not share with a body validated before.

A ``set_current`` that edits one message of a 500 KB state sends 500 KB, of which a few bytes
are new. Given an earlier body whose validated state we hold (the *reference*), the common
prefix and suffix of the two state texts (found at ``memcmp`` speed) leave a small window. A
structural index of the reference body (where each field, entry and item of the state model's
decomposition starts and ends) names the smallest subtree that contains the window; only that
subtree is parsed and validated, and the new state is the reference with that subtree replaced.

Why this is exact: outside the window the new text is byte for byte the reference's. If the
bytes of the containing subtree parse as one JSON value, the new document is the reference
document with that one value replaced (JSON is context-free: a value slot takes any value), so
its parse is the reference's parse with that subtree replaced. Anything that does not fit
(the window crosses the envelope, a span does not parse, a duplicate key) raises ``Fallback``
and the caller validates the whole body the ordinary way, which also produces the exact errors.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import orjson

from cuagym.hub._incremental import Fallback, IncrementalValidator, Path
from cuagym.hub._memo import Memo, common_affixes

__all__ = ["Envelope", "Span", "build_index", "common_affixes", "envelope", "splice"]

# JSON whitespace is exactly these four bytes (a regex \s would also take \f and \v).
_WS = rb"[ \t\n\r]*"
_ACTION = rb'"(set|set_current|merge)"'
_HEAD_ACTION_FIRST = re.compile(
    _WS
    + rb"\{"
    + _WS
    + rb'"action"'
    + _WS
    + rb":"
    + _WS
    + _ACTION
    + _WS
    + rb","
    + _WS
    + rb'"state"'
    + _WS
    + rb":"
    + _WS
)
_TAIL_ACTION_FIRST = re.compile(_WS + rb"\}" + _WS + rb"\Z")
_HEAD_STATE_FIRST = re.compile(_WS + rb"\{" + _WS + rb'"state"' + _WS + rb":" + _WS)
_TAIL_STATE_FIRST = re.compile(
    _WS + rb"," + _WS + rb'"action"' + _WS + rb":" + _WS + _ACTION + _WS + rb"\}" + _WS + rb"\Z"
)
_SPACE = re.compile(_WS)
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
_SCALAR = re.compile(rb"[^,:\]}\[{ \t\n\r\"]+")


@dataclass(frozen=True, slots=True)
class Envelope:
    """Where the state sits in a ``{"action": ..., "state": ...}`` body."""

    action: str
    start: int
    end: int


def envelope(body: bytes) -> Envelope | None:
    """The action and the state's span, for the two usual key orders; None otherwise."""
    tail_from = max(0, len(body) - 64)
    head = _HEAD_ACTION_FIRST.match(body)
    if head is not None:
        tail = _TAIL_ACTION_FIRST.search(body, tail_from)
        if tail is not None and tail.start() > head.end():
            return Envelope(head.group(1).decode(), head.end(), _strip_end(body, tail.start()))
        return None
    head = _HEAD_STATE_FIRST.match(body)
    if head is None:
        return None
    tail = _TAIL_STATE_FIRST.search(body, tail_from)
    if tail is None or tail.start() <= head.end():
        return None
    return Envelope(tail.group(1).decode(), head.end(), _strip_end(body, tail.start()))


def _strip_end(body: bytes, end: int) -> int:
    while end > 0 and body[end - 1] in b" \t\n\r":
        end -= 1
    return end


# -- the structural index of a body --------------------------------------------------------
class Span:
    """Where a container's children are in a body, relative to the container's first byte.

    ``keys`` (objects only) in body order, ``key_starts`` where each key's quote is, ``starts``
    and ``ends`` each value's bytes; ``kids`` the index of container children (None: a leaf).
    """

    __slots__ = ("ends", "key_starts", "keys", "kids", "length", "starts")

    def __init__(
        self,
        keys: list[str] | None,
        key_starts: list[int],
        starts: list[int],
        ends: list[int],
        kids: list[Span | None],
        length: int,
    ) -> None:
        self.keys = keys
        self.key_starts = key_starts
        self.starts = starts
        self.ends = ends
        self.kids = kids
        self.length = length


def _skip_space(buf: bytes, pos: int, end: int) -> int:
    return _SPACE.match(buf, pos, end).end()  # type: ignore[union-attr]


def _skip_value(buf: bytes, pos: int, end: int) -> int:
    """The end of the JSON value starting at ``pos`` (its syntax is checked elsewhere)."""
    first = buf[pos]
    if first == 0x22:
        m = _STRING.match(buf, pos, end)
        if m is None:
            raise Fallback
        return m.end()
    if first in (0x7B, 0x5B):
        depth = 0
        for m in _TOKEN.finditer(buf, pos, end):
            c = buf[m.start()]
            if c == 0x22:
                continue
            if c in (0x7B, 0x5B):
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return m.end()
        raise Fallback
    m = _SCALAR.match(buf, pos, end)
    if m is None:
        raise Fallback
    return m.end()


def _region(
    buf: bytes, start: int, end: int, is_object: bool, after: bool = False, before: bool = False
) -> list[tuple[str, int, int, int]]:
    """``(key, key_start, value_start, value_end)`` of the members in ``buf[start:end]``
    (the key is "" in an array).

    The region holds members and the commas between them and nothing else. ``after``: a
    member precedes the region (so it starts with a comma); ``before``: one follows it (so it
    ends with one, unless it is empty).
    """
    out: list[tuple[str, int, int, int]] = []
    last = "item" if after else ""
    pos = _skip_space(buf, start, end)
    while pos < end:
        if last == "item":
            if buf[pos] != 0x2C:
                raise Fallback
            last = "comma"
            pos = _skip_space(buf, pos + 1, end)
            continue
        key = ""
        key_start = pos
        if is_object:
            m = _STRING.match(buf, pos, end)
            if m is None:
                raise Fallback
            try:
                key = orjson.loads(m.group())
            except orjson.JSONDecodeError:
                raise Fallback from None
            pos = _skip_space(buf, m.end(), end)
            if pos >= end or buf[pos] != 0x3A:
                raise Fallback
            pos = _skip_space(buf, pos + 1, end)
            if pos >= end:
                raise Fallback
        value_end = _skip_value(buf, pos, end)
        out.append((key, key_start, pos, value_end))
        last = "item"
        pos = _skip_space(buf, value_end, end)
    if pos != end or (last == "item" if before else last == "comma"):
        raise Fallback  # a missing comma before what follows, or a dangling one
    return out


def _index(buf: bytes, start: int, end: int, memo: Memo) -> Span:
    """Index the container value ``buf[start:end]`` whose validated memo is ``memo``."""
    children = memo.children
    is_object = isinstance(children, dict)
    if buf[start] != (0x7B if is_object else 0x5B) or buf[end - 1] != (0x7D if is_object else 0x5D):
        raise Fallback
    found = _region(buf, start + 1, end - 1, is_object)
    keys: list[str] | None = [] if is_object else None
    kids: list[Span | None] = []
    if is_object:
        assert isinstance(children, dict) and keys is not None
        for key, *_ in found:
            assert key is not None
            keys.append(key)
        if len(set(keys)) != len(keys) or not children.keys() >= set(keys):
            raise Fallback  # duplicate keys: the parse kept one; positions would lie
        subs = [children[k] for k in keys]
    else:
        assert isinstance(children, list)
        if len(found) != len(children):
            raise Fallback
        subs = children
    for (_, _, vs, ve), sub in zip(found, subs, strict=True):
        kids.append(_index(buf, vs, ve, sub) if sub.children is not None else None)
    return Span(
        keys,
        [f[1] - start for f in found],
        [f[2] - start for f in found],
        [f[3] - start for f in found],
        kids,
        end - start,
    )


def build_index(body: bytes, start: int, end: int, root: Memo) -> Span:
    """The index of the state ``body[start:end]`` validated into ``root``; Fallback if it
    cannot be built (then the body is simply not used as a reference)."""
    return _index(body, start, end, root)


# -- splicing --------------------------------------------------------------------------------
@dataclass
class Spliced:
    """A new root and the index of the new body's state."""

    root: Memo
    index: LazyIndex
    path: Path  # where the replaced subtree is (empty: the root was rebuilt)


#: a window wider than 1/WIDE_WINDOW of the old state is not spliced (see :func:`wide_window`)
WIDE_WINDOW = 2


def wide_window(new: bytes, new_env: Envelope, old: bytes, old_env: Envelope) -> bool:
    """Does most of the state differ between the two bodies (a state new to the session)?

    Then splicing would index the old body and re-read the window member by member, scanning
    it byte by byte in Python; the parsed-state path (one C parse, unchanged subtrees reused,
    the rest validated in batches) is faster, and so is checking this first (two C scans)."""
    size_a = old_env.end - old_env.start
    spans = (old_env.start, old_env.end, new_env.start, new_env.end)
    prefix, suffix = common_affixes(old, new, spans)
    return (size_a - suffix - prefix) * WIDE_WINDOW > size_a


def splice(
    validator: IncrementalValidator,
    new: bytes,
    new_env: Envelope,
    old: bytes,
    old_env: Envelope,
    old_index: Span,
    old_root: Memo,
) -> Spliced | None:
    """Validate ``new``'s state by the window where it differs from ``old``'s.

    Returns None when the two states are byte-identical (the caller reuses the reference).
    """
    size_a = old_env.end - old_env.start
    size_b = new_env.end - new_env.start
    spans = (old_env.start, old_env.end, new_env.start, new_env.end)
    prefix, suffix = common_affixes(old, new, spans)
    if prefix == size_a == size_b:
        return None  # the same state text
    lo, hi = prefix, size_a - suffix  # the window, in the old state's coordinates
    if (hi - lo) * WIDE_WINDOW > size_a:
        raise Fallback  # see :func:`wide_window`
    delta = size_b - size_a
    # Offsets below are relative to the state's first byte (``off`` in the new body).
    off = new_env.start
    # Descend to the deepest container whose one child holds the whole window.
    trail: list[tuple[Span, int, int, Memo]] = []  # (span, absolute start, child i, memo)
    span, base, memo = old_index, 0, old_root
    path: list[str | int] = []
    while True:
        i = bisect.bisect_right(span.starts, lo - base) - 1
        inside = i >= 0 and base + span.starts[i] <= lo and hi <= base + span.ends[i]
        if not inside:
            break
        key: str | int = span.keys[i] if span.keys is not None else i
        child = _child(memo, key)
        trail.append((span, base, i, memo))
        path.append(key)
        kid = span.kids[i]
        if kid is None:  # a leaf holds the window: re-read that one value
            vs, ve = base + span.starts[i], base + span.ends[i]
            try:
                raw = orjson.loads(new[off + vs : off + ve + delta])
            except orjson.JSONDecodeError:
                trail.pop()
                path.pop()
                break
            fresh = validator.node_at(tuple(path)).run(raw, child)
            root = validator.replace(old_root, tuple(path), fresh)
            return Spliced(root, LazyIndex(trail, None, ve - vs + delta, delta), tuple(path))
        span, base, memo = kid, base + span.starts[i], child
    # The container's own brackets must lie outside the window (else: its parent).
    while trail and not (base < lo and hi < base + span.length):
        span, base, _, memo = trail.pop()
        path.pop()
    if not trail:
        raise Fallback  # the window is in the state object itself: validate it whole
    return _splice_container(
        validator, new, off, lo, hi, delta, trail, span, base, memo, path, old_root
    )


def _child(memo: Memo, key: str | int) -> Memo:
    children = memo.children
    if isinstance(children, dict):
        return children[key]  # type: ignore[index]
    assert isinstance(children, list)
    return children[key]  # type: ignore[index]


def _splice_container(
    validator: IncrementalValidator,
    new: bytes,
    off: int,
    lo: int,
    hi: int,
    delta: int,
    trail: list[tuple[Span, int, int, Memo]],
    span: Span,
    base: int,
    memo: Memo,
    path: list[str | int],
    old_root: Memo,
) -> Spliced:
    """The window spans several members of one container (or its separators): keep the
    members wholly before and after it, re-read the ones in between."""
    is_object = span.keys is not None
    n = len(span.starts)
    head = bisect.bisect_right(span.ends, lo - base)  # members that end before the window
    firsts = span.key_starts if is_object else span.starts
    tail = n - bisect.bisect_left(firsts, hi - base)  # members that start after it
    tail = min(tail, n - head)
    region_start = base + (span.ends[head - 1] if head else 1)
    region_end = base + (firsts[n - tail] if tail else span.length - 1) + delta
    if region_end < region_start:
        raise Fallback
    found = _region(new, off + region_start, off + region_end, is_object, head > 0, tail > 0)
    node = validator.node_at(tuple(path))
    item = node.item  # type: ignore[union-attr]
    children = memo.children
    kids: list[Span | None] = []
    middle: list[Memo] = []
    for _, _, vs, ve in found:
        try:
            raw = orjson.loads(new[vs:ve])
        except orjson.JSONDecodeError:
            raise Fallback from None
        middle.append(item.run(raw, None))
    if is_object:
        assert isinstance(children, dict) and span.keys is not None
        keys = span.keys[:head] + [f[0] for f in found] + span.keys[n - tail :]
        if len(set(keys)) != len(keys):
            raise Fallback
        old_kids = [children[k] for k in span.keys]
        members = old_kids[:head] + middle + old_kids[n - tail :]
        new_children: dict[str, Memo] | list[Memo] = dict(zip(keys, members, strict=True))
        values = {k: m.value for k, m in zip(keys, members, strict=True)}
        dumps = {k: m.dump for k, m in zip(keys, members, strict=True)}
        fresh = Memo(values, dumps, None, new_children)
    else:
        assert isinstance(children, list)
        members = children[:head] + middle + children[n - tail :]
        fresh = Memo([m.value for m in members], [m.dump for m in members], None, members)
    for (_, _, vs, ve), sub in zip(found, middle, strict=True):
        kids.append(_index(new, vs, ve, sub) if sub.children is not None else None)

    def merged(old: list[int], middle: list[int]) -> list[int]:
        return old[:head] + middle + [x + delta for x in old[n - tail :]]

    new_span = Span(
        span.keys[:head] + [f[0] for f in found] + span.keys[n - tail :]
        if span.keys is not None
        else None,
        merged(span.key_starts, [f[1] - off - base for f in found]),
        merged(span.starts, [f[2] - off - base for f in found]),
        merged(span.ends, [f[3] - off - base for f in found]),
        span.kids[:head] + kids + span.kids[n - tail :],
        span.length + delta,
    )
    root = validator.replace(old_root, tuple(path), fresh)
    return Spliced(root, LazyIndex(trail, new_span, span.length + delta, delta), tuple(path))


def _reindex(
    trail: list[tuple[Span, int, int, Memo]], innermost: Span | None, length: int, delta: int
) -> Span:
    """The new body's index: the old one with the spans along ``trail`` updated."""
    child, child_length = innermost, length
    for span, _, i, _ in reversed(trail):
        ends = span.ends[: i + 1] + [x + delta for x in span.ends[i + 1 :]]
        ends[i] = span.starts[i] + child_length
        starts = span.starts[: i + 1] + [x + delta for x in span.starts[i + 1 :]]
        key_starts = span.key_starts[: i + 1] + [x + delta for x in span.key_starts[i + 1 :]]
        kids = list(span.kids)
        kids[i] = child
        child = Span(span.keys, key_starts, starts, ends, kids, span.length + delta)
        child_length = span.length + delta
    assert child is not None
    return child


class LazyIndex:
    """The new body's index, derived from the reference's only if the body is ever used as a
    reference itself (most are not). Holds index nodes, never states."""

    __slots__ = ("_args",)

    def __init__(
        self,
        trail: list[tuple[Span, int, int, Memo]],
        innermost: Span | None,
        length: int,
        delta: int,
    ) -> None:
        self._args = ([(span, i) for span, _, i, _ in trail], innermost, length, delta)

    def build(self) -> Span:
        spans, innermost, length, delta = self._args
        return _reindex([(span, 0, i, None) for span, i in spans], innermost, length, delta)  # type: ignore[misc]
