"""An instruction's first imperative verb, by a small rule set (no language model).

The paper counts each instruction's first imperative verb, skipping lead-ins such as "I want
to" or "Please" (spec, 지시문의 표면 통계). The rules, in order:

1. **Quotes out.** Spans in double or typographic quotes and backticks (“Q2 Review”, "Notes",
   `report.xlsx`) become one placeholder token: a quoted title never counts as a word.
2. **Clauses.** The instruction is split at sentence ends (``.`` ``!`` ``?`` followed by a space
   or the end, so ``budget.xlsx`` stays whole), at ``;``, at ``:`` and ``,`` followed by a space,
   at line breaks and at free-standing dashes. Clauses are tried in order.
3. **Lead-ins.** At the start of a clause, lead-ins are skipped, repeatedly, longest first:
   request frames ("I want to", "I'd like you to", "Can you", "Could you please", "I need you
   to", "Your task is to"), politeness ("Please", "Kindly"), sequencing ("First", "Then",
   "Next", "Now", "Finally") and fillers ("Go ahead and", "Make sure to", "Let's"). The full list
   is ``LEAD_INS`` in ``_lexicon``.
4. **Candidate.** The clause's next word (lower-cased, surrounding punctuation stripped) is its
   verb when
   a. it is a base form in the verb list ``VERBS`` and the word after it is not a finite
      auxiliary ("Record is missing" has no imperative), or
   b. it is not in the list, is no closed-class word (article, pronoun, preposition,
      conjunction, auxiliary, number) and is followed by what follows an imperative: a
      determiner, an object pronoun, a particle, a quoted span, a number or a path
      ("Reconcile the ledger", "Zip ~/Reports").
   A clause opening with an ``-ing`` or ``-ed`` form ("Using the Sales sheet, …", "Starting from
   row 2, …") is a participle phrase, not an instruction: it is skipped. After a lead-in that
   takes a gerund ("start by", "help me with") an ``-ing`` form is the verb.
5. **Lemma.** The verb is lemmatized (below). An instruction in which no rule finds a verb has
   none (``None``): it is counted apart, never as a verb.

Lemmatization: a table of irregular forms (``IRREGULAR``: wrote → write, built → build); then
suffix rules tried in order, the first result in ``VERBS`` winning: ``-ies``/``-ied`` → ``-y``;
``-ing``/``-ed`` (on a stem with a vowel) → the stem, the stem + ``e`` (tried first when the stem
ends like a silent-e verb: -iz, -at, -v, -c, -g, -ur, -le), the stem with a doubled final
consonant undone (running → run; tried last for l, s, f, z: filling → fill); ``-es`` after s,
x, z, h → the stem; ``-s`` (not -ss, -us, -is) → the stem. A word no rule maps into ``VERBS``
gets the first candidate (a verb outside the list still loses its suffix).
"""

from __future__ import annotations

import re

from cuagym.analysis._lexicon import (
    CLOSED_CLASS,
    FINITE_AUXILIARIES,
    IMPERATIVE_FOLLOWERS,
    IRREGULAR,
    LEAD_INS,
    VERBS,
)

__all__ = ["first_verb", "lemmatize"]

_QUOTED = "\x00q"  # placeholder token for a quoted span (never a word of any language)
_QUOTES = re.compile(r"“[^”]*”|\"[^\"]*\"|`[^`]*`|«[^»]*»|„[^“”]*[“”]")
_CLAUSE_SPLIT = re.compile(r"(?<=[.!?])\s+|[;\n]|[:,](?=\s)|\s[-–—]+\s")
_STRIP = "\"'“”‘’()[]{}<>.,;:!?*_"
_GERUND_LEAD_INS = frozenset(lead for lead in LEAD_INS if lead[-1] in ("by", "with"))
# Lead-ins by their first word, longest first: a clause start is matched against a handful.
_LEADS_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _lead in sorted(LEAD_INS, key=len, reverse=True):
    _LEADS_BY_FIRST.setdefault(_lead[0], []).append(_lead)
# Only a clause's first words matter (the longest lead-in has 7, then the verb and the word
# after it; lead-ins may repeat): splitting the rest of a 300-word clause would be waste.
_HEAD_WORDS = 24
_NO_UNDOUBLE = frozenset("lsfz")  # "fill", "press", "buzz": the double letter is the stem's
_VOWEL = re.compile(r"[aeiouy]")
_SILENT_E = re.compile(r"(?:iz|[^aeo]at|[^aeiou]v|[^n]c|[^n]g|ur|[bcdfgkpstz]l)$")


def lemmatize(word: str) -> str:
    """The base form of a (verb) word, by the rules in the module docstring."""
    w = word.lower().strip(_STRIP)
    if w in IRREGULAR:
        return IRREGULAR[w]
    if w in VERBS or len(w) <= 3:
        return w
    candidates = _suffix_candidates(w)
    for candidate in candidates:
        if candidate in VERBS:
            return candidate
    return candidates[0] if candidates else w


def _suffix_candidates(w: str) -> list[str]:
    if w.endswith(("ies", "ied")) and len(w) > 4:
        return [w[:-3] + "y"]
    for suffix in ("ing", "ed"):
        stem = w[: -len(suffix)]
        if w.endswith(suffix) and len(stem) >= 2 and _VOWEL.search(stem):
            # A stem ending like a silent-e verb (-iz, -at, -v, -c, -g, -ur, -le) takes its e
            # back first ("normalizing" → "normalize", "saving" → "save").
            out = [stem + "e", stem] if _SILENT_E.search(stem) else [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
                undoubled = stem[:-1]
                # "running" → "run", but "filling" → "fill": for l/s/f/z try the stem first.
                if stem[-1] in _NO_UNDOUBLE:
                    out.append(undoubled)
                else:
                    out.insert(0, undoubled)
            return out
    if w.endswith("es") and w[-3:-2] in ("s", "x", "z", "h") and len(w) > 4:
        return [w[:-2], w[:-1]]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return [w[:-1]]
    return []


def _tokens(clause: str) -> list[str]:
    out = []
    for raw in clause.split(maxsplit=_HEAD_WORDS)[:_HEAD_WORDS]:
        if raw == _QUOTED:
            out.append(raw)
            continue
        token = raw.strip(_STRIP).lower()
        if token:
            out.append(token)
    return out


def _skip_lead_ins(tokens: list[str]) -> tuple[int, bool]:
    """Index of the first token after the lead-ins, and whether the last one takes a gerund."""
    i, gerund = 0, False
    while i < len(tokens):
        for lead in _LEADS_BY_FIRST.get(tokens[i], ()):
            if tuple(tokens[i : i + len(lead)]) == lead:
                i += len(lead)
                gerund = lead in _GERUND_LEAD_INS
                break
        else:
            break
    return i, gerund


def _looks_like_object(token: str) -> bool:
    return (
        token == _QUOTED
        or token in IMPERATIVE_FOLLOWERS
        or token[0].isdigit()
        or token[0] in "/~$#@"
        or token.startswith("./")
    )


def _clause_verb(tokens: list[str]) -> str | None:
    start, gerund = _skip_lead_ins(tokens)
    if start >= len(tokens):
        return None
    word = tokens[start]
    after = tokens[start + 1] if start + 1 < len(tokens) else None
    if word == _QUOTED or not word.replace("'", "").replace("-", "").isalpha():
        return None
    if gerund and word.endswith("ing"):
        return lemmatize(word)
    if word in CLOSED_CLASS:
        return None
    if after in FINITE_AUXILIARIES:
        return None
    if word in VERBS:
        return word
    if word.endswith(("ing", "ed")) or word in IRREGULAR:
        return None  # a participle phrase ("Using the data, ...") or a past-tense statement
    if after is not None and _looks_like_object(after):
        return lemmatize(word)
    return None


def first_verb(instruction: str) -> str | None:
    """The instruction's first imperative verb, lower-case and lemmatized; None without one."""
    text = _QUOTES.sub(f" {_QUOTED} ", instruction)
    for clause in _CLAUSE_SPLIT.split(text):
        tokens = _tokens(clause)
        if not tokens:
            continue
        verb = _clause_verb(tokens)
        if verb is not None:
            return verb
    return None
