"""REVIEW.md: the Discriminator's verdict on one round, as a model that renders to Markdown.

REVIEW.md is the only thing that crosses the information barrier from Discriminator to
Generator (spec: failed conditions, observed (r_init, r_gold), forbidden patterns hit, free-text
advice), and the accepting round's REVIEW.md ships in the bundle. It must read well for a person
or a model and parse back exactly, so:

* structured parts are Markdown tables whose cells escape ``\\``, ``|`` and newlines;
* free text sits between HTML-comment markers (invisible when rendered), so a heading inside
  the Discriminator's advice cannot be mistaken for the next section.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cuagym.core._near_misses import (
    AcceptedNearMiss,
    AllowedNearMiss,
    NearMissReport,
    TriedNearMiss,
)
from cuagym.core._reward_output import Check, RewardOutput, _number
from cuagym.core._task import TaskId

__all__ = [
    "CONDITION_IDS",
    "CONDITION_TEXT",
    "REQUIRED_OK",
    "ConditionId",
    "ConditionResult",
    "ConditionStatus",
    "ForbiddenHit",
    "Review",
    "Verdict",
]

ConditionId = Literal["C1", "C2", "C3", "C4", "C5", "C6", "C7"]
ConditionStatus = Literal["ok", "failed", "not_run"]
Verdict = Literal["PASS", "FAIL"]
CONDITION_IDS: tuple[ConditionId, ...] = ("C1", "C2", "C3", "C4", "C5", "C6", "C7")
#: The paper's five and our C6 must hold; C7 must not fail. It is "not run" where no gold state
#: was scored 1.0 (then C3 fails) and in a REVIEW.md written before C7 existed.
REQUIRED_OK: tuple[ConditionId, ...] = ("C1", "C2", "C3", "C4", "C5", "C6")
CONDITION_TEXT: dict[ConditionId, str] = {
    "C1": "initial_setup.py runs clean on V_init",
    "C2": "golden_patch.py runs clean on V_gold (after setup)",
    "C3": "r(V_gold) = 1.0",
    "C4": "r(V_init) = 0.0",
    "C5": "reward.py has no forbidden pattern",
    "C6": "r is deterministic (same score on a second run of each state)",
    "C7": "r scores every near miss of the gold state below 1.0",
}
_STATUS_WORD: dict[ConditionStatus, str] = {"ok": "ok", "failed": "failed", "not_run": "not run"}
_WORD_STATUS: dict[str, ConditionStatus] = {v: k for k, v in _STATUS_WORD.items()}

_H_CONDITIONS = "## Conditions"
_H_GOLD = "## Score on the golden state"
_H_INIT = "## Score on the initial state"
_H_FORBIDDEN = "## Forbidden patterns"
_H_NEAR = "## Near misses (C7)"
_H_FEEDBACK = "## Feedback for the Generator"
_H_SUMMARY = "## Reward summary"
_FREE_TEXT = {"feedback": "cuagym:feedback", "reward_summary": "cuagym:reward-summary"}


class ConditionResult(BaseModel):
    """One consensus condition as the Orchestrator observed it."""

    model_config = ConfigDict(frozen=True)

    status: ConditionStatus = "not_run"
    detail: str = ""

    @property
    def ok(self) -> bool | None:
        """The ``cuagym verify`` form: True, False, or None when it could not run."""
        return None if self.status == "not_run" else self.status == "ok"

    @classmethod
    def of(cls, ok: bool | None, detail: str = "") -> ConditionResult:
        status: ConditionStatus = "not_run" if ok is None else ("ok" if ok else "failed")
        return cls(status=status, detail=detail)


class ForbiddenHit(BaseModel):
    """A scanner violation in reward.py, shaped like ``cuagym scan --json`` reports it."""

    model_config = ConfigDict(frozen=True)

    pattern: str = Field(min_length=1)
    line: int = Field(ge=0)
    message: str = ""


def _all_conditions(data: Any) -> Any:
    if isinstance(data, dict):
        given = data.get("conditions") or {}
        if isinstance(given, Mapping):
            # A condition the Orchestrator did not reach is "not run", not an error.
            data = {**data, "conditions": dict(given)}
            for cid in CONDITION_IDS:
                data["conditions"].setdefault(cid, ConditionResult())
    return data


class Review(BaseModel):
    """The content of REVIEW.md. ``verdict`` defaults to what the conditions say."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)

    task_id: TaskId
    round: int = Field(ge=1)
    verdict: Verdict = "FAIL"
    conditions: dict[ConditionId, ConditionResult] = Field(default_factory=dict)
    r_init: float | None = Field(default=None, ge=0.0, le=1.0)
    r_gold: float | None = Field(default=None, ge=0.0, le=1.0)
    checks_gold: list[Check] = Field(default_factory=list)
    checks_init: list[Check] = Field(default_factory=list)
    forbidden: list[ForbiddenHit] = Field(default_factory=list)
    feedback: str = Field(default="", description="Free-text advice for the Generator.")
    reward_summary: str = Field(default="", description="What reward.py checks, in prose.")
    near_misses: NearMissReport | None = Field(
        default=None, description="C7's near misses: each tried one with its score, and allowed"
    )

    @model_validator(mode="before")
    @classmethod
    def _fill(cls, data: Any) -> Any:
        data = _all_conditions(data)
        if isinstance(data, dict) and "verdict" not in data:
            conditions = data["conditions"]
            passed = all(_status(conditions[c]) == "ok" for c in REQUIRED_OK)
            passed = passed and _status(conditions["C7"]) != "failed"
            data = {**data, "verdict": "PASS" if passed else "FAIL"}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Review:
        missing = [c for c in CONDITION_IDS if c not in self.conditions]
        if missing:
            raise ValueError(f"conditions {missing} missing")
        all_ok = all(self.conditions[c].status == "ok" for c in REQUIRED_OK)
        all_ok = all_ok and self.conditions["C7"].status != "failed"
        if (self.verdict == "PASS") != all_ok:
            raise ValueError(
                f"verdict {self.verdict} contradicts the conditions: PASS iff C1-C6 are all ok "
                "and C7 did not fail"
            )
        accepted = self.near_misses is not None and self.near_misses.accepted
        if accepted and self.conditions["C7"].status == "ok":
            raise ValueError("C7 is ok but a near miss scored 1.0")
        if self.conditions["C3"].status == "ok" and self.r_gold != 1.0:
            raise ValueError(f"C3 is ok but r_gold is {self.r_gold}")
        if self.conditions["C4"].status == "ok" and self.r_init != 0.0:
            raise ValueError(f"C4 is ok but r_init is {self.r_init}")
        if self.forbidden and self.conditions["C5"].status == "ok":
            raise ValueError("C5 is ok but forbidden patterns were hit")
        for field, marker in _FREE_TEXT.items():
            text: str = getattr(self, field)
            if "<!-- cuagym:" in text or "<!-- /cuagym:" in text:
                raise ValueError(f"{field} may not contain the REVIEW.md marker '{marker}'")
        return self

    @classmethod
    def from_outputs(
        cls,
        *,
        task_id: str,
        round: int,
        conditions: Mapping[ConditionId, ConditionResult],
        gold: RewardOutput | None = None,
        init: RewardOutput | None = None,
        forbidden: Iterable[ForbiddenHit] = (),
        feedback: str = "",
        reward_summary: str = "",
        near_misses: NearMissReport | None = None,
    ) -> Review:
        """Build a review from the parsed reward outputs on each state; verdict is derived."""
        return cls.model_validate(
            {
                "task_id": task_id,
                "round": round,
                "conditions": dict(conditions),
                "r_gold": gold.reward if gold else None,
                "r_init": init.reward if init else None,
                "checks_gold": list(gold.checks) if gold else [],
                "checks_init": list(init.checks) if init else [],
                "forbidden": list(forbidden),
                "feedback": feedback,
                "reward_summary": reward_summary,
                "near_misses": near_misses,
            }
        )

    def verify_conditions(self) -> dict[str, dict[str, Any]]:
        """Conditions in the ``cuagym verify --json`` form: ``{"C1": {"ok", "detail"}, ...}``."""
        return {c: {"ok": r.ok, "detail": r.detail} for c, r in self.conditions.items()}

    def render(self) -> str:
        """REVIEW.md as Markdown."""
        out = [
            f"# REVIEW: {self.task_id}",
            "",
            f"- verdict: **{self.verdict}**",
            f"- round: {self.round}",
            f"- r_init: {_r(self.r_init)}",
            f"- r_gold: {_r(self.r_gold)}",
            "",
            _H_CONDITIONS,
            "",
            _row(["condition", "requirement", "status", "detail"]),
            "|---|---|---|---|",
        ]
        for cid in CONDITION_IDS:
            res = self.conditions[cid]
            out.append(_row([cid, CONDITION_TEXT[cid], _STATUS_WORD[res.status], res.detail]))
        for heading, r, checks in (
            (_H_GOLD, f"r_gold = {_r(self.r_gold)}", self.checks_gold),
            (_H_INIT, f"r_init = {_r(self.r_init)}", self.checks_init),
        ):
            out += ["", f"{heading} ({r})", ""]
            out += _checks_table(checks)
        out += ["", _H_FORBIDDEN, ""]
        if self.forbidden:
            out += [_row(["pattern", "line", "message"]), "|---|---|---|"]
            out += [_row([h.pattern, str(h.line), h.message]) for h in self.forbidden]
        else:
            out.append("_None found._")
        out += ["", _H_NEAR, "", *_near_miss_table(self.near_misses)]
        for heading, field in ((_H_FEEDBACK, "feedback"), (_H_SUMMARY, "reward_summary")):
            marker = _FREE_TEXT[field]
            out += ["", heading, "", f"<!-- {marker} -->", getattr(self, field)]
            out.append(f"<!-- /{marker} -->")
        return "\n".join(out) + "\n"

    @classmethod
    def parse(cls, text: str) -> Review:
        """Read a REVIEW.md written by :meth:`render`. Raises ValueError naming what is wrong."""
        data: dict[str, Any] = {}
        for field, marker in _FREE_TEXT.items():
            text, data[field] = _cut_free_text(text, marker)
        section = ""
        rows: dict[str, list[list[str]]] = {}
        # Split on "\n" only: str.splitlines() also breaks at \x0c, \x1c, \u2028..., which
        # a cell may hold unescaped.
        for lineno, raw in enumerate(text.split("\n"), start=1):
            line = raw.removesuffix("\r")
            if line.startswith("# REVIEW: "):
                data["task_id"] = line.removeprefix("# REVIEW: ").strip()
            elif line.startswith("## "):
                section = _section_of(line, lineno)
            elif not section and line.startswith("- ") and ": " in line:
                key, value = line[2:].split(": ", 1)
                data[key.strip()] = _header_value(key.strip(), value.strip(), lineno)
            elif line.startswith("|") and not line.startswith("|---"):
                rows.setdefault(section, []).append(_split_row(line, lineno))
        try:
            data["conditions"] = {
                r[0]: {"status": _WORD_STATUS[r[2]], "detail": r[3]}
                for r in _body(rows, _H_CONDITIONS, 4)
            }
            data["checks_gold"] = [_check(r) for r in _body(rows, _H_GOLD, 4)]
            data["checks_init"] = [_check(r) for r in _body(rows, _H_INIT, 4)]
            data["forbidden"] = [
                {"pattern": r[0], "line": int(r[1]), "message": r[2]}
                for r in _body(rows, _H_FORBIDDEN, 3)
            ]
            if _H_NEAR in rows:
                data["near_misses"] = _parse_near_misses(_body(rows, _H_NEAR, 4))
        except (KeyError, ValueError) as exc:
            raise ValueError(f"REVIEW.md: bad table cell: {exc}") from exc
        return cls.model_validate(data)


def _status(value: Any) -> Any:
    if isinstance(value, ConditionResult):
        return value.status
    if isinstance(value, Mapping):
        return value.get("status", "not_run")
    return None


def _r(value: float | None) -> str:
    return "n/a" if value is None else repr(value)


def _escape(cell: str) -> str:
    return cell.replace("\\", "\\\\").replace("|", "\\|").replace("\r", "\\r").replace("\n", "\\n")


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(_escape(c) for c in cells) + " |"


def _checks_table(checks: list[Check]) -> list[str]:
    if not checks:
        return ["_No checks reported._"]
    head = [_row(["check", "points", "result", "detail"]), "|---|---|---|---|"]
    return head + [_row([c.name, _number(c.points), c.status, c.detail]) for c in checks]


def _split_row(line: str, lineno: int) -> list[str]:
    """Split ``| a | b |`` on unescaped pipes, undoing :func:`_escape` exactly."""
    cells: list[str] = []
    current: list[str] = []
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            nxt = line[i + 1]
            current.append({"n": "\n", "r": "\r"}.get(nxt, nxt))
            i += 2
            continue
        if ch == "|":
            cells.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    if len(cells) < 2 or "".join(current).strip():
        raise ValueError(f"REVIEW.md line {lineno}: malformed table row {line!r}")
    inner = cells[1:]  # cells[0] is the empty text before the first pipe
    return [c[1:-1] if len(c) >= 2 else c.strip() for c in inner]


def _body(rows: dict[str, list[list[str]]], section: str, width: int) -> list[list[str]]:
    body = rows.get(section, [])[1:]  # the first row is the header
    for row in body:
        if len(row) != width:
            raise ValueError(f"{section!r} row {row!r} has {len(row)} cells, want {width}")
    return body


def _check(row: list[str]) -> dict[str, Any]:
    if row[2] not in ("PASS", "FAIL"):
        raise ValueError(f"check result {row[2]!r} is not PASS or FAIL")
    return {"name": row[0], "points": float(row[1]), "passed": row[2] == "PASS", "detail": row[3]}


def _section_of(line: str, lineno: int) -> str:
    headings = (_H_CONDITIONS, _H_GOLD, _H_INIT, _H_FORBIDDEN, _H_NEAR, _H_FEEDBACK, _H_SUMMARY)
    for heading in headings:
        if line == heading or line.startswith(heading + " "):
            return heading
    raise ValueError(f"REVIEW.md line {lineno}: unknown section {line!r}")


def _header_value(key: str, value: str, lineno: int) -> Any:
    try:
        if key == "verdict":
            return value.strip("*")
        if key == "round":
            return int(value)
        if key in ("r_init", "r_gold"):
            return None if value == "n/a" else float(value)
    except ValueError as exc:
        raise ValueError(f"REVIEW.md line {lineno}: bad {key} {value!r}") from exc
    raise ValueError(f"REVIEW.md line {lineno}: unknown header field {key!r}")


def _cut_free_text(text: str, marker: str) -> tuple[str, str]:
    begin, end = f"<!-- {marker} -->\n", f"\n<!-- /{marker} -->"
    start = text.find(begin)
    stop = text.find(end, start + len(begin)) if start >= 0 else -1
    if start < 0 or stop < 0:
        raise ValueError(f"REVIEW.md: the {marker} block is missing or unterminated")
    body = text[start + len(begin) : stop]
    return text[:start] + text[stop + len(end) :], body


def _near_miss_table(report: NearMissReport | None) -> list[str]:
    """C7's table: every tried near miss (its score) and every allowed one (its reason)."""
    if report is None:
        return ["_Not checked._"]
    head = [
        f"Tried {report.tried}, rejected {report.rejected}, accepted {len(report.accepted)}, "
        f"allowed {len(report.allowed)} (derived {report.derived}).",
        "",
    ]
    rows = [_row(["kind", "path", "result", "state / why allowed"]), "|---|---|---|---|"]
    for t in report.results:
        verdict = "accepted" if t.reward == 1.0 else "rejected"
        rows.append(_row([t.kind, t.path, f"{verdict} ({_r(t.reward)})", t.state]))
    rows += [_row([a.kind, a.path, "allowed", a.why]) for a in report.allowed]
    return head + (rows if len(rows) > 2 else ["_No near miss could be derived._"])


def _parse_near_misses(body: list[list[str]]) -> NearMissReport:
    results: list[TriedNearMiss] = []
    allowed: list[AllowedNearMiss] = []
    for kind, path, result, text in body:
        if result == "allowed":
            allowed.append(
                AllowedNearMiss.model_validate({"kind": kind, "path": path, "why": text})
            )
            continue
        score = result.split("(", 1)[1].rstrip(")") if "(" in result else "n/a"
        reward = None if score == "n/a" else float(score)
        results.append(
            TriedNearMiss.model_validate(
                {"kind": kind, "path": path, "state": text, "reward": reward}
            )
        )
    accepted = [
        AcceptedNearMiss(kind=t.kind, path=t.path, state=t.state, reward=1.0)
        for t in results
        if t.reward == 1.0
    ]
    return NearMissReport(
        tried=len(results),
        rejected=len(results) - len(accepted),
        allowed=allowed,
        accepted=accepted,
        results=results,
    )
