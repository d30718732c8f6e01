# reward.py - update-lead-status
import json

import math
import re
from typing import Any

DETAIL_LIMIT = 200
NAME_LIMIT = 64
# The marker our parser and OSWorld's evaluator look for; matched loosely so that no spacing
# or case variant survives either (the frame's own REWARD line is printed by report alone).
REWARD_MARKER = re.compile(r"reward\s*:", re.IGNORECASE)
NAME_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


def clean(text: Any, limit: int = DETAIL_LIMIT) -> str:
    """``text`` as one safe piece of a CHECK line: whitespace collapsed to single spaces, other
    unprintable characters replaced by ``?``, no ``REWARD:`` marker, at most ``limit`` long."""
    try:
        raw = str(text)
    except Exception:  # a __str__ that raises: say so instead of failing the whole report
        raw = "<unprintable " + type(text).__name__ + ">"
    raw = raw[: limit * 8]  # bound the work on huge texts before collapsing them
    one = " ".join(raw.split())
    one = "".join(ch if ch.isprintable() else "?" for ch in one)
    one = REWARD_MARKER.sub("reward=", one)
    return one[:limit]


def describe(exc: BaseException) -> str:
    """An exception as a CHECK detail: its type and message, cleaned."""
    return clean(type(exc).__name__ + ": " + clean(exc, DETAIL_LIMIT * 2))


def check_name(name: Any) -> str:
    """A check's name as one token of safe characters."""
    text = NAME_UNSAFE.sub("_", clean(name, NAME_LIMIT))
    return text or "check"


def points_text(points: float) -> str:
    return str(int(points)) if points.is_integer() else repr(points)


def report(checks: Any) -> None:
    """Print one CHECK line per check and then ``REWARD: <score>``, the last line.

    Score: points passed / all points, when there is at least one point and every guard (a
    0-point check) holds; otherwise 0. A full score is printed ``REWARD: 1.0`` and only when
    every point passed (rounding never turns 0.99999 into a pass). A check that is not a
    ``(name, points >= 0, passed, detail)`` tuple fails the whole reward, with a CHECK line
    naming the problem.
    """
    lines = []
    total = 0.0
    earned = 0.0
    guards_hold = True
    try:
        for name, points, passed, detail in checks:
            weight = float(points)
            if not math.isfinite(weight) or weight < 0:
                raise ValueError(check_name(name) + " has points " + clean(points, 20))
            status = "PASS" if passed else "FAIL"
            lines.append(
                " ".join(["CHECK", check_name(name), points_text(weight), status, clean(detail)])
            )
            total += weight
            if passed:
                earned += weight
            elif weight == 0:
                guards_hold = False
    except Exception as exc:  # the reward's own bug: nothing it checked can be trusted
        lines.append("CHECK malformed_checks 1 FAIL " + describe(exc))
        guards_hold = False
    complete = guards_hold and total > 0 and earned == total
    score = earned / total if guards_hold and total > 0 else 0.0
    for line in lines:
        print(line.rstrip())
    if complete:
        print("REWARD: 1.0")
    else:
        print(f"REWARD: {min(round(score, 4), 0.9999)}")


import re
from collections.abc import Iterable


def pattern_regex(pattern: str, sep: str) -> "re.Pattern[str]":
    """The compiled form of ``pattern``: anchored at the start, matching the path itself or
    anything below it (the next character is ``sep`` or ``[``)."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^" + re.escape(sep) + "]*")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("(?:" + "".join(out) + ")(?:$|" + re.escape(sep) + "|\\[)", re.DOTALL)


def covered(path: str, patterns: Iterable[str], sep: str = ".") -> bool:
    """Does any of ``patterns`` cover ``path`` (the path itself, or one of its ancestors)?"""
    return any(pattern_regex(p, sep).match(path) is not None for p in patterns)


def uncovered(paths: Iterable[str], allowed: Iterable[str], sep: str = ".") -> list[str]:
    """The paths no pattern of ``allowed`` covers, sorted."""
    allowed = list(allowed)
    return sorted(p for p in paths if not covered(p, allowed, sep))


def listing(items: Iterable[str], limit: int = 5) -> str:
    """The first ``limit`` items and how many more: a CHECK detail that stays short."""
    items = list(items)
    more = len(items) - limit
    head = ", ".join(items[:limit])
    return head + (" and " + str(more) + " more" if more > 0 else "") if items else "none"


import os
from pathlib import Path
from typing import Any

import requests



def hub_state(app: str) -> dict[str, Any]:
    """``GET $CUAGYM_HUB/<app>/go`` for this environment's session: ``initial_state``,
    ``current_state`` and ``state_diff``. Raises when the hub cannot answer (no state, no
    reward)."""
    hub = os.environ["CUAGYM_HUB"].rstrip("/")
    sid = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
    auth = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
    answer = requests.get(hub + "/" + app + "/go", params={"sid": sid}, headers=auth, timeout=30)
    answer.raise_for_status()
    data: dict[str, Any] = answer.json()
    for key in ("initial_state", "current_state", "state_diff"):
        if not isinstance(data.get(key), dict):
            raise ValueError("the hub's /go for " + app + " has no " + key)
    return data


def diff_outside(diff: dict[str, Any], allowed: list[str]) -> list[str]:
    """Paths of ``diff`` that no allowed pattern covers: the changes nobody asked for."""
    return uncovered(diff, allowed, ".")


def records_changed(diff: dict[str, Any], collection: str) -> dict[str, list[str]]:
    """Ids of the records of ``collection`` (a top-level object of id -> record) that the diff
    shows ``added``, ``removed`` or ``changed`` (any field of a record present on both sides)."""
    out: dict[str, list[str]] = {"added": [], "removed": [], "changed": []}
    prefix = collection + "."
    for path, entry in diff.items():
        if not path.startswith(prefix):
            continue
        rest = path[len(prefix) :]
        rid = rest.split(".", 1)[0] if not rest.startswith("[") else rest.split("]", 1)[0] + "]"
        op = entry.get("op") if isinstance(entry, dict) else None
        whole = rid == rest
        kind = op if whole and op in ("added", "removed") else "changed"
        if rid not in out[kind]:
            out[kind].append(rid)
    return {kind: sorted(ids) for kind, ids in out.items()}


from typing import Any


def exact(text: Any) -> str:
    """A text as typed: case and punctuation count; whitespace runs are one space."""
    return " ".join(str(text if text is not None else "").split())


def fold(text: Any) -> str:
    """A text for *finding* records: :func:`exact`, lower case."""
    return exact(text).lower()


def digits(text: Any) -> str:
    return "".join(ch for ch in str(text if text is not None else "") if ch.isdigit())


def lead_id(state: dict[str, Any], first: str, last: str, company: str) -> str | None:
    for lid, lead in state["leads"].items():
        found = (fold(lead["firstName"]), fold(lead["lastName"]), fold(lead["company"]))
        if found == (fold(first), fold(last), fold(company)):
            return str(lid)
    return None


def named(state: dict[str, Any], collection: str, name: str) -> str | None:
    for rid, record in state[collection].items():
        if fold(record.get("name")) == fold(name):
            return str(rid)
    return None


def added(diff: dict[str, Any], collection: str) -> list[str]:
    """Ids of records of a collection that exist now and did not initially."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "added":
            out.append(rest)
    return sorted(out)


def unlike(record: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The keys of ``expected`` whose value in ``record`` differs (a missing key differs)."""
    missing = object()
    return sorted(k for k, v in expected.items() if record.get(k, missing) != v)


def mail_read_marks(mail_initial: dict[str, Any]) -> list[str]:
    """The mailbox paths a cross-app task may change by only reading mail: each thread's
    ``unread`` flag, when the mailbox marks a conversation read on opening it."""
    if not mail_initial["settings"].get("markReadOnOpen"):
        return []
    return ["threads." + t + ".unread" for t in sorted(mail_initial["threads"])]


P = json.loads('{"company": "Frontier Water District", "first": "Theo", "from_rating": "Warm", "from_status": "Nurturing", "last": "Lambert", "rating": "Cold", "status": "Qualified"}')


def main():
    checks = []  # (name, points, passed, detail); 0 points = a guard that must hold
    data = hub_state("crm")
    init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
    lid = lead_id(init, P["first"], P["last"], P["company"])
    lead = cur["leads"].get(lid) or {}
    checks.append(("status", 2, lead.get("status") == P["status"], f"status is {lead.get('status')!r}"))
    checks.append(("rating", 1, lead.get("rating") == P["rating"], f"rating is {lead.get('rating')!r}"))
    # Only these two fields of this lead: no other field, lead, note or task touched.
    extra = diff_outside(diff, [f"leads.{lid}.status", f"leads.{lid}.rating"])
    checks.append(("lead_found", 0, lid is not None, f"lead {lid}"))
    checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
    return checks


try:
    CHECKS = main()
except (Exception, SystemExit) as exc:  # a state too broken to read or inspect scores nothing
    CHECKS = [("evaluate", 1, False, describe(exc))]
report(CHECKS)
