"""Perturbations of one value, and the rule that says which near misses the instruction allows.

A perturbed value is "nearly right": the same text in another case, with a space taken out or
a word appended (what a substring check lets through), a number off by one, a flag flipped, or
another value that the same key holds elsewhere in the state (another enum value, another
entity's id). Each perturbation is named (``how``) so a description says what was done.

What is *allowed* (not tried, listed with its reason) is deliberately short (numbered as in
docs/near-misses.md, whose rule 5 — no file near misses for a web-only task — lives in
``_near_miss_run``):

1. volatile paths: never mutated at all (the app masks them from every diff);
2. the own identifier of an entity the task adds, time stamps written when an action
   happens (``ts``, ``*At``, ``*_at``, ``created*``, ``updated*``), and counters the app
   advances (``next*``, e.g. the next issue number): the app assigns them, no instruction can
   name them;
3. the case of an e-mail address, and the spacing of a phone number or of a number written
   with digit grouping ("1,705.00"): addresses compare case-insensitively, phone numbers and
   grouped numbers by their digits (locales group digits with spaces);
4. a text or number field of an entity the task adds whose value neither the instruction nor
   its context quotes: its exact form is left free (a message's wording around the asked
   figure, a phone number's spacing, a priority the app fills in). Flags are always tried.
6. a read mark on a message the task leaves untouched, in the direction opening it goes
   (``unread`` true → false, ``read``/``seen`` false → true): a person looking for the task's
   message may open others, and the app marks what is opened. Marking an untouched message
   *unread* is still tried, as is every read mark the task itself sets.

Everything else the gold state changes, or leaves untouched, is something an instruction pins
down, so its near misses are tried.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["allowed_reason", "is_volatile", "perturbations", "show"]

_TIME_KEY = re.compile(r"^(ts|timestamp|time|.*At|.*_at|created.*|updated.*|modified.*)$")
_PHONE = re.compile(r"^\+?[\d\s().-]{7,}$")
# A number written with digit grouping ("1,705.00", "12 500 €"): locales group with spaces.
_GROUPED_NUMBER = re.compile(r"^[-+]?[$€£]?\s?\d{1,3}(?:[,.\s]\d{3})+(?:[.,]\d+)?\s?[%€]?$")
_COUNTER_KEY = re.compile(r"^next[A-Z_]")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
_ID_KEYS = frozenset({"id", "_id", "uuid"})
#: read marks and the value they have before a message is opened (rule 6)
_UNOPENED: dict[str, bool] = {"unread": True, "read": False, "seen": False}


def show(value: Any, limit: int = 60) -> str:
    """A value as a description quotes it: short, one line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_volatile(keys: Iterable[str], volatile: Iterable[str]) -> bool:
    """Does a path (its object keys, outermost first) fall under a volatile name or glob?"""
    keys = list(keys)
    patterns = list(volatile)
    if not patterns:
        return False
    for i, key in enumerate(keys):
        prefix = ".".join(keys[: i + 1])
        for pattern in patterns:
            if key == pattern or fnmatch.fnmatchcase(key, pattern):
                return True
            if fnmatch.fnmatchcase(prefix, pattern):
                return True
    return False


def allowed_reason(
    key: str | None,
    value: Any = None,
    *,
    in_added_entity: bool,
    quoted: str = "",
    untouched: bool = False,
) -> str | None:
    """Why a near miss of ``value`` at ``key`` is free under any reading, or None (rules 2, 4,
    6).

    ``quoted``: the instruction and its context, where a value the task pins down appears;
    ``untouched``: the value is one the task does not change (a collateral near miss)."""
    if untouched and key in _UNOPENED and value is _UNOPENED[key]:
        return (
            "a read mark the app sets when a message is opened; finding the task's message "
            "may open others"
        )
    if key is not None and _COUNTER_KEY.match(key):
        return "a counter the app advances on its own; no instruction can name its value"
    if key is None or not in_added_entity:
        return None
    if key in _ID_KEYS:
        return "the identifier of an entity the task adds is assigned by the app"
    if _TIME_KEY.match(key):
        return "a time stamp written when the action happens; no instruction can name it"
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        text = str(value).strip()
        if not text or text not in quoted:
            return "a field of an added entity whose value the instruction does not quote"
    return None


def _string_perturbations(text: str) -> Iterator[tuple[str, str]]:
    other_case = text.upper() if text != text.upper() else text.lower()
    if other_case != text and not _EMAIL.match(text.strip()):
        yield "case", other_case
    if _PHONE.match(text.strip()) or _GROUPED_NUMBER.match(text.strip()):
        pass  # compared by its digits (rule 3): spacing is free
    elif " " in text.strip():
        yield "whitespace", text.replace(" ", "", 1)
    elif len(text) >= 2:
        yield "whitespace", text[: len(text) // 2] + " " + text[len(text) // 2 :]
    yield "extra", (text + " x") if text else "x"


def perturbations(value: Any, siblings: Iterable[Any] = ()) -> list[tuple[str, Any]]:
    """Every nearly-right variant of ``value``: ``[(how, new_value)]``, none equal to it.

    ``siblings``: other values the same key holds elsewhere in the state (enum values, ids
    of other entities); the first of the same type that differs becomes the ``sibling`` variant.
    """
    out: list[tuple[str, Any]] = []
    if isinstance(value, bool):
        out.append(("flip", not value))
    elif isinstance(value, int | float):
        out += [("plus_one", value + 1), ("minus_one", value - 1)]
    elif isinstance(value, str):
        out += list(_string_perturbations(value))
    elif isinstance(value, list) and value:
        out.append(("drop_one", value[:-1]))
        out.append(("repeat_one", [*value, value[-1]]))
    for other in siblings if not isinstance(value, bool) else ():  # a flag's other is its flip
        if type(other) is type(value) and other != value and not isinstance(other, dict | list):
            out.append(("sibling", other))
            break
    return [(how, new) for how, new in out if new != value or type(new) is not type(value)]
