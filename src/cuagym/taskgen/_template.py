"""Slot templates and tokens: what the dedup checks compare.

An instruction's *slot template* is its wording with the slot fillers taken out: quoted text,
names, numbers, dates, addresses, paths, file names, cell references, channel and issue keys —
and, for a procedural task, every value of its ``params`` that appears in the text. Two
instructions with the same template are one sentence frame filled twice ("Star the email from
<> with the subject <>."), which the spec allows three times per app.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

__all__ = ["SLOT", "slot_template", "slot_values", "tokens"]

SLOT = "<>"

_PATTERNS = [
    re.compile(p)
    for p in (
        r"“[^”]*”|\"[^\"\n]*\"|(?<!\w)‘[^’]*’(?!\w)",  # quoted text
        r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",  # e-mail addresses
        r"https?://\S+",  # URLs
        r"(?:~|/home|/tmp|/root)?(?:/[\w.@+-]+)+/?|~",  # paths
        r"\b[\w-]+\.(?:[a-z][a-z0-9]{1,4})\b",  # file names
        r"#[0-9A-Fa-f]{6}\b",  # colours
        r"[#@][\w-]+|:[a-z_+-]+:",  # channels, handles, emoji
        r"\b[A-Z][A-Z0-9]*-\d+\b",  # issue keys
        r"\$?\b[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?\b|\b[A-Z]{1,3}:[A-Z]{1,3}\b",  # cells
        r"(?:[$€£¥]\s?)?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|[kKmM]\b))?",  # numbers, money, percent
    )
]
# A capitalised word is a name unless it starts a sentence (after . ! ? : ; a newline or the
# start) — the frame's own words are lower case there.
_NAME = re.compile(r"(?<![.!?:;\n]\s)(?<!^)\b[A-Z][\w'’&.-]*")
# A sign or prefix left beside a slot ($<>, #<>, .<>) belongs to it; so do the separators
# between adjacent slots.
_SLOT_RUN = re.compile(r"[$€£¥#@:.]?<>(?:[\s,/&()+:.-]*[$€£¥#@:.]?<>)*:?")
_TOKEN = re.compile(r"\w+", re.UNICODE)
_WORD = re.compile(r"\w")


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens (the 4-gram check's unit)."""
    return _TOKEN.findall(text.lower())


def slot_values(params: Any) -> Iterator[str]:
    """Every string or number in a params tree, as text (the fillers of a procedural task)."""
    if isinstance(params, dict):
        for value in params.values():
            yield from slot_values(value)
    elif isinstance(params, list | tuple):
        for value in params:
            yield from slot_values(value)
    elif isinstance(params, bool) or params is None:
        return
    elif isinstance(params, int | float | str):
        text = str(params).strip()
        if len(text) >= 2 or text.isdigit():
            yield text


def _is_word(text: str, at: int) -> bool:
    return 0 <= at < len(text) and _WORD.match(text[at]) is not None


def _replace_whole(text: str, values: list[str]) -> str:
    r"""``text`` with each whole-word occurrence of ``values`` replaced by the slot: what
    ``re.sub(r"(?<!\w)(?:v1|v2|...)(?!\w)", SLOT, text)`` gives, scanning left to right and
    preferring the earlier value at one position, without compiling a pattern per call
    (fillers differ from task to task, so such patterns never hit ``re``'s cache)."""
    hits: list[tuple[int, int, int]] = []  # (start, rank, end)
    for rank, value in enumerate(values):
        at = text.find(value)
        while at >= 0:
            end = at + len(value)
            if not _is_word(text, at - 1) and not _is_word(text, end):
                hits.append((at, rank, end))
            at = text.find(value, at + 1)
    if not hits:
        return text
    hits.sort()
    parts: list[str] = []
    done = 0
    for start, _, end in hits:
        if start < done:
            continue  # inside a replacement already made (or a later value at the same start)
        parts += [text[done:start], SLOT]
        done = end
    parts.append(text[done:])
    return "".join(parts)


def slot_template(text: str, fillers: Any = None) -> str:
    """The sentence frame of ``text``: fillers replaced by ``<>``, runs of slots merged,
    case and spacing normalised. ``fillers``: a params tree whose values are slots too."""
    out = text
    values = sorted(set(slot_values(fillers)), key=len, reverse=True) if fillers else []
    values = [v for v in values if v in text]
    if values:
        out = _replace_whole(out, values)
    for pattern in _PATTERNS:
        out = pattern.sub(SLOT, out)
    out = _NAME.sub(SLOT, out)
    out = _SLOT_RUN.sub(SLOT, out)
    return re.sub(r"\s+", " ", out).strip().lower()
