"""JQL-lite: the issue search language of the search screen.

    assignee = priya AND status = "In Progress" AND labels in (checkout, cart) ORDER BY priority

Clauses are joined with ``AND`` (no OR, no parentheses beyond ``in (...)`` lists). Fields:
``project``, ``assignee``, ``reporter``, ``status``, ``type``, ``priority``, ``labels``
(alias ``label``), ``sprint``, ``parent`` (alias ``epic``) and ``text``. Operators: ``=``,
``!=``, ``~`` (text contains every word), ``in (...)``, ``not in (...)``, ``is EMPTY``,
``is not EMPTY``. Values are bare words or double-quoted strings; ``me`` / ``currentUser()``
stand for the current user and ``openSprints()`` for the active sprints. A query that is only
words (no operator) searches text. Matching is case-insensitive. Searching never changes state.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cuagym.apps.issue_tracker._schema import PRIORITIES

__all__ = ["FIELDS", "JQLError", "Query", "parse", "run"]

State = dict[str, Any]
Issue = dict[str, Any]
Predicate = Callable[[State, Issue], bool]

FIELDS = (
    "project",
    "assignee",
    "reporter",
    "status",
    "type",
    "priority",
    "labels",
    "sprint",
    "parent",
    "text",
)
_ALIASES = {"label": "labels", "epic": "parent", "summary": "text", "issuetype": "type"}
_ORDER_FIELDS = ("key", "priority", "status", "created", "updated", "rank", "assignee", "points")
_TOKEN = re.compile(
    r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<op>!=|=|~|\(|\)|,)|(?P<word>[^\s=!~(),"]+(?:\(\))?))'
)
_EMPTY = {"empty", "null"}


class JQLError(ValueError):
    """A query that can't be understood; the message says where."""


@dataclass(frozen=True)
class Query:
    clauses: tuple[Predicate, ...]
    order: str
    descending: bool

    def matches(self, state: State, issue: Issue) -> bool:
        return all(c(state, issue) for c in self.clauses)


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise JQLError(f"Unexpected character {text[pos]!r} at position {pos + 1}.")
        pos = m.end()
        if m.group("str") is not None:
            out.append(("value", re.sub(r"\\(.)", r"\1", m.group("str")[1:-1])))
        elif m.group("op") is not None:
            out.append(("op", m.group("op")))
        elif m.group("word") is not None:
            out.append(("word", m.group("word")))
    return out


def _user_ids(state: State, value: str) -> set[str | None]:
    low = value.lower()
    if low in ("me", "currentuser()"):
        return {state["currentUser"]}
    if low in _EMPTY or low == "unassigned":
        return {None}
    return {
        u["id"]
        for u in state["users"].values()
        if low in (u["id"].lower(), u["name"].lower(), u["displayName"].lower())
        or low == u["displayName"].split()[0].lower()
    }


def _field_values(state: State, issue: Issue, field: str) -> set[str | None]:
    """The issue's value(s) for ``field``, in every spelling a query may use (lowercased)."""
    if field == "project":
        proj = state["projects"].get(issue["project"], {})
        return {issue["project"].lower(), str(proj.get("name", "")).lower()}
    if field == "status":
        names = {s["id"]: s["name"] for s in state["workflow"]["statuses"]}
        return {issue["status"].lower(), str(names.get(issue["status"], "")).lower()}
    if field == "type":
        return {issue["type"], "sub-task"} if issue["type"] == "subtask" else {issue["type"]}
    if field == "priority":
        return {issue["priority"]}
    if field == "labels":
        return set(issue["labels"]) or {None}
    if field == "sprint":
        sprint = state["sprints"].get(issue["sprint"]) if issue["sprint"] else None
        if sprint is None:
            return {None}
        out: set[str | None] = {sprint["id"].lower(), sprint["name"].lower()}
        if sprint["state"] == "active":
            out.add("opensprints()")
        return out
    if field == "parent":
        return {issue["parent"].lower()} if issue["parent"] else {None}
    raise JQLError(f"Unknown field {field!r}.")  # pragma: no cover


def _text_of(issue: Issue) -> str:
    parts = [issue["key"], issue["title"], issue["description"]]
    parts += [c["body"] for c in issue["comments"]]
    return " ".join(parts).lower()


def _clause(field: str, op: str, values: list[str]) -> Predicate:
    if field == "text":
        if op not in ("~", "="):
            raise JQLError('Use text ~ "words" to search text.')
        words = [w for v in values for w in v.lower().split()]
        return lambda _s, i: all(w in _text_of(i) for w in words)
    if op == "~":
        raise JQLError(f"The ~ operator only works with text, not {field}.")
    if field == "priority":
        for v in values:
            if v.lower() not in PRIORITIES:
                raise JQLError(f"Unknown priority {v!r} (use {', '.join(PRIORITIES)}).")
    negate = op in ("!=", "not in", "is not")

    def pred(state: State, issue: Issue) -> bool:
        if field in ("assignee", "reporter"):
            wanted: set[str | None] = set()
            for v in values:
                wanted |= _user_ids(state, v)
            have: set[str | None] = {issue[field]}
        else:
            wanted = {None if v.lower() in _EMPTY else v.lower() for v in values}
            have = _field_values(state, issue, field)
        hit = bool(wanted & have)
        return not hit if negate else hit

    return pred


def parse(text: str) -> Query:
    """Parse a JQL-lite query (an empty query matches everything)."""
    tokens = _tokens(text)
    order, descending = "rank", False
    upper = [t[1].upper() if t[0] == "word" else "" for t in tokens]
    for n in range(len(tokens) - 1):
        if upper[n] == "ORDER" and upper[n + 1] == "BY":
            tail = tokens[n + 2 :]
            tokens = tokens[:n]
            if not tail or tail[0][0] != "word" or tail[0][1].lower() not in _ORDER_FIELDS:
                raise JQLError(f"ORDER BY takes one of: {', '.join(_ORDER_FIELDS)}.")
            order = tail[0][1].lower()
            if len(tail) > 1:
                direction = tail[1][1].upper()
                if direction not in ("ASC", "DESC") or len(tail) > 2:
                    raise JQLError("ORDER BY <field> may only be followed by ASC or DESC.")
                descending = direction == "DESC"
            break
    if (
        tokens
        and not any(t[0] == "op" and t[1] in ("=", "!=", "~") for t in tokens)
        and not any(t[0] == "word" and t[1].lower() in ("in", "is") for t in tokens)
    ):
        words = [t[1] for t in tokens]  # plain words: a text search
        return Query((_clause("text", "~", words),), order, descending)
    clauses: list[Predicate] = []
    pos = 0
    while pos < len(tokens):
        clause, pos = _parse_clause(tokens, pos)
        clauses.append(clause)
        if pos < len(tokens):
            if tokens[pos][0] != "word" or tokens[pos][1].upper() != "AND":
                raise JQLError(f"Expected AND before {tokens[pos][1]!r}.")
            pos += 1
            if pos == len(tokens):
                raise JQLError("The query ends with AND.")
    return Query(tuple(clauses), order, descending)


def _parse_clause(tokens: list[tuple[str, str]], pos: int) -> tuple[Predicate, int]:
    kind, name = tokens[pos]
    field = _ALIASES.get(name.lower(), name.lower())
    if kind != "word" or field not in FIELDS:
        raise JQLError(f"Unknown field {name!r} (fields: {', '.join(FIELDS)}).")
    pos += 1
    if pos >= len(tokens):
        raise JQLError(f"{name} needs an operator (=, !=, ~, in, is).")
    kind, word = tokens[pos]
    low = word.lower()
    if kind == "op" and word in ("=", "!=", "~"):
        pos += 1
        if pos >= len(tokens) or tokens[pos][0] == "op":
            raise JQLError(f"{name} {word} needs a value.")
        return _clause(field, word, [tokens[pos][1]]), pos + 1
    if kind == "word" and low == "is":
        op = "is"
        pos += 1
        if pos < len(tokens) and tokens[pos][1].lower() == "not":
            op, pos = "is not", pos + 1
        if pos >= len(tokens) or tokens[pos][1].lower() not in _EMPTY:
            raise JQLError(f"{name} {op} must be followed by EMPTY.")
        return _clause(field, "!=" if op == "is not" else "=", ["empty"]), pos + 1
    op = "in"
    if kind == "word" and low == "not" and pos + 1 < len(tokens):
        op, pos = "not in", pos + 1
        kind, low = tokens[pos][0], tokens[pos][1].lower()
    if kind != "word" or low != "in":
        raise JQLError(f"Unknown operator {word!r} after {name}.")
    pos += 1
    if pos >= len(tokens) or tokens[pos] != ("op", "("):
        raise JQLError(f"{name} {op} needs a list like (a, b).")
    values: list[str] = []
    pos += 1
    while pos < len(tokens) and tokens[pos] != ("op", ")"):
        if tokens[pos][0] != "op":
            values.append(tokens[pos][1])
        elif tokens[pos][1] != ",":
            raise JQLError(f"Unexpected {tokens[pos][1]!r} in a list.")
        pos += 1
    if pos >= len(tokens):
        raise JQLError("A list is missing its closing ')'.")
    if not values:
        raise JQLError("A list needs at least one value.")
    return _clause(field, "!=" if op == "not in" else "=", values), pos + 1


def _sort_key(state: State, order: str) -> Callable[[Issue], Any]:
    statuses = [s["id"] for s in state["workflow"]["statuses"]]

    def key(issue: Issue) -> Any:
        if order == "key":
            return (issue["project"], int(issue["key"].rsplit("-", 1)[1]))
        if order == "priority":
            return PRIORITIES.index(issue["priority"])
        if order == "status":
            return statuses.index(issue["status"]) if issue["status"] in statuses else 99
        if order == "created":
            return issue["createdAt"]
        if order == "updated":
            return issue["updatedAt"]
        if order == "assignee":
            user = state["users"].get(issue["assignee"] or "", {})
            return (issue["assignee"] is None, str(user.get("displayName", "")).lower())
        if order == "points":
            return (issue["storyPoints"] is None, issue["storyPoints"] or 0)
        return (issue["project"], issue["rank"])

    return key


def run(state: State, query: Query) -> list[Issue]:
    """The issues matching ``query``, sorted as it asks (ties broken by key)."""
    hits = [i for i in state["issues"].values() if query.matches(state, i)]
    hits.sort(key=lambda i: (i["project"], int(i["key"].rsplit("-", 1)[1])))
    hits.sort(key=_sort_key(state, query.order), reverse=query.descending)
    return hits
