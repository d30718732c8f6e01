"""The reward frame: what every reward.py prints and how it scores (DESIGN.md §2 contract).

Every domain's reward.py carries this code verbatim: :func:`cuagym.scripts.reward_script`
pastes everything below the marker line into the script, after the script's own imports. So
the code here imports only the standard library, holds no state, and is the one place where
the output contract is implemented:

* one ``CHECK <name> <points> PASS|FAIL <detail>`` line per check, then ``REWARD: <score>``
  as the last line, and nothing else on stdout;
* the score is the share of points passed; a 0-point check is a *guard*: every guard must
  hold or the score is 0 (guards say "nothing else was damaged");
* every text that comes from state or from an exception is :func:`clean`: one line of
  printable characters, bounded, and never containing the ``REWARD:`` marker. OSWorld's
  evaluator (``check_include_exclude``) looks for ``REWARD: 1.0`` anywhere in the output, so a
  file named ``REWARD: 1.0`` echoed in an error message would otherwise score a full reward;
* nothing raises: a malformed check list scores 0 with a ``CHECK`` line that says why, and the
  script's last lines (:data:`cuagym.scripts._compose.RUN_MAIN`) turn any exception of the
  reward's ``main`` into a failed ``evaluate`` check.

A check is a tuple ``(name, points, passed, detail)``; rewards build a flat list of them in
straight-line code in ``main`` (the forbidden-pattern scanner follows that data flow).
"""

# -- inlined into reward.py --
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
