"""Taint labels, abstract values and award events of the reward-script data flow.

A taint is the set of *origins* an expression depends on, through data and through the
conditions that control it. ``STATE`` means "derived from a read of the environment"; the other
labels remember where a constant or an existence probe entered, so that a hacked award can be
explained ("the flag set to True at line 12 decides the points at line 30").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

STATE: Final = "state"


@dataclass(frozen=True, slots=True)
class Exists:
    """An existence probe (os.path.exists, Path.is_file, glob) at ``line``; ``guard`` when it
    only reaches the value as an early-exit guard (``if not exists: sys.exit()``)."""

    line: int
    guard: bool = False


@dataclass(frozen=True, slots=True)
class Lit:
    """A truthy literal: ``kind`` is "bool" or "num"; ``helper`` when it came out of a function
    (its return value or a global it set); ``exc`` when it was set inside an except handler;
    ``loop`` when it was written in a loop body with no test between it and the loop (a flag
    that says only "the loop ran": some item exists, none was compared)."""

    line: int
    kind: str
    helper: bool = False
    exc: bool = False
    loop: bool = False


@dataclass(frozen=True, slots=True)
class Iter:
    """Control dependence on iterating a collection read from state (the loop at ``line``):
    it depends on state, but only on whether the collection has items."""

    line: int


@dataclass(frozen=True, slots=True)
class Param:
    """The value of parameter ``name`` of function ``func``; replaced at each call site."""

    func: str
    name: str


Label = str | Exists | Lit | Param | Iter
Taint = frozenset[Label]
EMPTY: Final[Taint] = frozenset()


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Final = _Unknown()


@dataclass(frozen=True, slots=True)
class Value:
    """Abstract value: its taint and, when known, its constant Python value."""

    taint: Taint = EMPTY
    const: object = UNKNOWN

    def with_taint(self, extra: Taint) -> Value:
        return Value(self.taint | extra, self.const)


Env = dict[str, Value]


def join_taints(items: Iterable[Taint]) -> Taint:
    out: set[Label] = set()
    for t in items:
        out |= t
    return frozenset(out)


def join_envs(a: Env, b: Env) -> Env:
    out: Env = {}
    for name in a.keys() | b.keys():
        va, vb = a.get(name), b.get(name)
        if va is None or vb is None:
            v = va or vb
            assert v is not None
            out[name] = Value(v.taint, UNKNOWN)
        else:
            same = va.const is vb.const or (
                va.const is not UNKNOWN
                and vb.const is not UNKNOWN
                and type(va.const) is type(vb.const)
                and va.const == vb.const
            )
            out[name] = Value(va.taint | vb.taint, va.const if same else UNKNOWN)
    return out


def as_helper(taint: Taint, lines: range | None = None) -> Taint:
    """Mark literals as produced by a helper (all of them, or those on ``lines``)."""
    return frozenset(
        replace(lab, helper=True)
        if isinstance(lab, Lit) and (lines is None or lab.line in lines)
        else lab
        for lab in taint
    )


def as_guard(taint: Taint) -> Taint:
    return frozenset(
        Exists(lab.line, guard=True) if isinstance(lab, Exists) else lab for lab in taint
    )


def substitute(taint: Taint, func: str, mapping: dict[str, Taint]) -> Taint:
    out: set[Label] = set()
    for lab in taint:
        if isinstance(lab, Param) and lab.func == func:
            out |= mapping.get(lab.name, EMPTY)
        else:
            out.add(lab)
    return frozenset(out)


def as_iteration(taint: Taint, line: int) -> Taint:
    """The control dependence a loop over ``taint`` gives its body: state (and parameters,
    which may be state) become :class:`Iter`."""
    if STATE not in taint and not any(isinstance(lab, Param) for lab in taint):
        return taint
    kept = frozenset(lab for lab in taint if lab != STATE and not isinstance(lab, Param))
    return kept | {Iter(line)}


def reads_state(taint: Taint) -> bool:
    """Does a value with ``taint`` depend on environment state? Iterating state counts, except
    for a value that is a flag set for any item of the loop (see :class:`Lit`)."""
    if STATE in taint or any(isinstance(lab, Param) for lab in taint):
        return True
    loop_flags = any(isinstance(lab, Lit) and lab.kind == "bool" and lab.loop for lab in taint)
    return not loop_flags and any(isinstance(lab, Iter) for lab in taint)


def truth(const: object) -> bool | None:
    """Truthiness of a known constant as a *success* signal; None when unknown."""
    if const is UNKNOWN:
        return None
    if isinstance(const, bool) or const is None:
        return bool(const)
    if isinstance(const, int | float):
        return const > 0
    if isinstance(const, str):
        return const.strip().lower() in {"pass", "passed", "ok", "yes", "true", "success"}
    if isinstance(const, tuple | list | dict | set | frozenset):
        return bool(const) or None
    return None


@dataclass(slots=True)
class Event:
    """A place where a value enters the score: a REWARD line, an increment of a score
    variable, a (re)assignment of one, an element of a recorded check list, or a return of a
    scoring helper."""

    kind: str
    var: tuple[str, str]
    line: int
    taint: Taint
    success: bool
    in_except: bool
    key: tuple[int, tuple[int, ...]]


@dataclass
class Collector:
    """What analysing one body produces: its award events, returns and global writes."""

    events: dict[tuple[int, tuple[int, ...]], Event] = field(default_factory=dict)
    returns: list[Value] = field(default_factory=list)
    global_writes: dict[str, Taint] = field(default_factory=dict)

    def add(self, ev: Event) -> None:
        old = self.events.get(ev.key)
        if old is None:
            self.events[ev.key] = ev
        else:
            # The same award reached again (a loop fixpoint round): merge monotonically.
            old.taint |= ev.taint
            old.success = old.success or ev.success
            old.in_except = old.in_except or ev.in_except
            old.line = min(old.line, ev.line)

    def write_global(self, name: str, taint: Taint) -> None:
        self.global_writes[name] = self.global_writes.get(name, EMPTY) | taint


@dataclass(frozen=True)
class Ctx:
    """Where an expression is evaluated: scope, control dependence, handler, output."""

    scope: str
    pc: Taint
    in_except: bool
    col: Collector
    loop_only: bool = False  # directly in a for-loop body, under no test of its own

    def with_pc(self, extra: Taint) -> Ctx:
        return replace(self, pc=self.pc | extra) if extra else self

    def tested(self, extra: Taint) -> Ctx:
        """The context under a test (if, while, match): control dependence, not loop-only."""
        if not extra:
            return self
        return replace(self, pc=self.pc | extra, loop_only=False)


@dataclass(frozen=True)
class Summary:
    ret: Value
    events: dict[tuple[int, tuple[int, ...]], Event]
    global_writes: dict[str, Taint]
