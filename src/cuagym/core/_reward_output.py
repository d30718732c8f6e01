"""Parse what reward.py prints, enforcing the output contract of DESIGN.md §2.

The contract: one line per check, ``CHECK <name> <points> PASS|FAIL <detail>``, and as the last
line ``REWARD: <float in [0,1]>``. Anything else is a contract violation and is reported in
``errors`` rather than skipped, so a sloppy reward is caught in the round that wrote it.

Two rules go beyond the letter of the contract because OSWorld scores a bundle with a substring
test (``check_include_exclude`` with ``include: ["REWARD: 1.0"]``, see ``_osworld``):

* a full reward must be written so that the line starts ``REWARD: 1.0`` (``1.0``, ``1.00``...;
  ``REWARD: 1`` would score 1 here and 0 in OSWorld);
* no line but the last may contain ``REWARD:`` at all, or a CHECK detail could make OSWorld
  read a pass that the reward did not give.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Check", "RewardOutput", "parse_reward_output"]

CheckName = Annotated[str, Field(pattern=r"^\S+$", description="One token, no whitespace.")]
_FLOAT = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_CHECK = re.compile(rf"^CHECK (\S+) ({_FLOAT}) (PASS|FAIL)(?: (.*))?$")
_REWARD = re.compile(rf"^REWARD: ({_FLOAT})$")


class Check(BaseModel):
    """One ``CHECK`` line: a criterion, its weight and whether the state met it."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)

    name: CheckName
    points: float = Field(ge=0.0)
    passed: bool
    detail: str = ""

    @property
    def status(self) -> Literal["PASS", "FAIL"]:
        return "PASS" if self.passed else "FAIL"

    def line(self) -> str:
        """The line reward.py prints for this check."""
        text = f"CHECK {self.name} {_number(self.points)} {self.status}"
        return f"{text} {self.detail}" if self.detail else text


class RewardOutput(BaseModel):
    """The parsed output. ``reward`` is None unless the final line is a valid REWARD line."""

    model_config = ConfigDict(frozen=True)

    checks: list[Check] = Field(default_factory=list)
    reward: float | None = None
    errors: list[str] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the output follows the contract: a reward and no errors."""
        return self.reward is not None and not self.errors

    @property
    def points_passed(self) -> float:
        return sum(c.points for c in self.checks if c.passed)

    @property
    def points_total(self) -> float:
        return sum(c.points for c in self.checks)


def _number(value: float) -> str:
    """Points as a reward writes them: ``2`` rather than ``2.0``, else Python's repr."""
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def _parse_check(line: str, lineno: int, errors: list[str]) -> Check | None:
    match = _CHECK.match(line)
    if match is None:
        errors.append(
            f"line {lineno}: malformed CHECK line (want 'CHECK <name> <points> PASS|FAIL "
            f"<detail>'): {line!r}"
        )
        return None
    name, points_text, status, detail = match.groups()
    points = float(points_text)
    if not math.isfinite(points) or points < 0:
        errors.append(f"line {lineno}: CHECK {name}: points must be a finite number >= 0")
        return None
    return Check(name=name, points=points, passed=status == "PASS", detail=detail or "")


def _parse_reward(line: str, lineno: int, errors: list[str]) -> float | None:
    match = _REWARD.match(line)
    if match is None:
        errors.append(f"line {lineno}: malformed REWARD line (want 'REWARD: <float>'): {line!r}")
        return None
    value = float(match.group(1))
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        errors.append(f"line {lineno}: REWARD {match.group(1)} is outside [0, 1]")
        return None
    if value == 1.0 and not line.startswith("REWARD: 1.0"):
        errors.append(
            f"line {lineno}: write a full reward as 'REWARD: 1.0' (got {line!r}); OSWorld "
            "matches that text"
        )
        return None
    return value


def parse_reward_output(stdout: str) -> RewardOutput:
    """Parse reward.py's stdout. Never raises; every violation is listed in ``errors``."""
    lines = [line.rstrip() for line in stdout.splitlines()]
    while lines and not lines[-1]:
        lines.pop()  # trailing blank lines are harmless
    errors: list[str] = []
    checks: list[Check] = []
    early_reward = False
    if not lines:
        return RewardOutput(errors=["no output: the last line must be 'REWARD: <float>'"])
    last = len(lines)
    for lineno, line in enumerate(lines[:-1], start=1):
        if not line:
            continue
        if line.startswith("CHECK"):
            check = _parse_check(line, lineno, errors)
            if check is not None:
                checks.append(check)
            if "REWARD:" in line:
                errors.append(f"line {lineno}: only the final line may contain 'REWARD:'")
        elif line.startswith("REWARD"):
            early_reward = True
            errors.append(f"line {lineno}: REWARD line is not the last line")
        else:
            errors.append(f"line {lineno}: unexpected output (not CHECK or REWARD): {line!r}")
            if "REWARD:" in line:
                errors.append(f"line {lineno}: only the final line may contain 'REWARD:'")
    reward: float | None = None
    if lines[-1].startswith("REWARD"):
        reward = _parse_reward(lines[-1], last, errors)
    else:
        errors.append(f"line {last}: the last line must be 'REWARD: <float>', got {lines[-1]!r}")
        if lines[-1].startswith("CHECK"):
            check = _parse_check(lines[-1], last, errors)
            if check is not None:
                checks.append(check)
    if early_reward:
        reward = None  # two REWARD lines: which one counts is ambiguous, so none does
    return RewardOutput(checks=checks, reward=reward, errors=errors)
