"""The critic verdict and the majority vote over verdicts (DESIGN.md §9, both contracts).

A critic reads a tuple's four elements and answers the nine-field verdict below. The vote:
with V verdicts a tuple passes iff at least ⌈V/2⌉ + 1 are ``keep`` or ``modify_query``; of a
passing vote, more ``modify_query`` than ``keep`` adopts the ``revised_query`` of the most
confident ``modify_query`` verdict, more ``keep`` keeps the original instruction, and a tie is
a reject. The recorded severity is the worst (P0 is worst) any critic gave.

A critic that never produced a valid verdict (malformed twice, or a request the provider
refuses for this tuple) is a :class:`CriticFailure`: it counts as a reject and gives no
severity, since it never judged one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "SEVERITIES",
    "CriticDecision",
    "CriticFailure",
    "CriticVerdict",
    "Severity",
    "VerdictLabel",
    "aggregate",
    "quorum",
    "worst_severity",
]

VerdictLabel = Literal["keep", "modify_query", "reject"]
Severity = Literal["P0", "P1", "P2", "P3"]
# Worst first: the index is the rank (P0 = 0 is the worst).
SEVERITIES: tuple[Severity, ...] = ("P0", "P1", "P2", "P3")


class CriticVerdict(BaseModel):
    """The critic's answer: a JSON object with exactly these nine fields (DESIGN.md §9).

    Strict: a string where a bool belongs, a missing field or an extra one is malformed. One
    rule beyond the field types: a ``modify_query`` verdict must carry a non-empty
    ``revised_query``, or the vote would have nothing to adopt.
    """

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, allow_inf_nan=False)

    verdict: VerdictLabel
    severity: Severity
    can_fix_with_query_only: bool
    query_issues: list[str]
    setup_reward_risks: list[str]
    training_pool_fit: bool
    confidence: float = Field(ge=0.0, le=1.0)
    reasoning_summary: str
    revised_query: str | None

    @model_validator(mode="after")
    def _revised_when_modifying(self) -> CriticVerdict:
        if self.verdict == "modify_query" and not (self.revised_query or "").strip():
            raise ValueError(
                "revised_query must be a non-empty instruction when verdict is modify_query"
            )
        return self


class CriticFailure(BaseModel):
    """A critic that gave no valid verdict: a reject with the reason, and no severity."""

    model_config = ConfigDict(frozen=True)

    critic: str = ""
    reason: str


class CriticDecision(BaseModel):
    """The vote's outcome.

    ``instruction`` is the instruction the tuple carries on: the adopted ``revised_query`` for
    ``modify_query``, the original (when passed to :func:`aggregate`) for ``keep``, and None
    for ``reject``.
    """

    model_config = ConfigDict(frozen=True)

    decision: VerdictLabel
    instruction: str | None
    severity: Severity | None = Field(description="the worst severity any critic gave")
    quorum: int = Field(ge=1, description="⌈V/2⌉ + 1")
    votes: dict[VerdictLabel, int] = Field(description="keep / modify_query / reject counts")
    adopted: int | None = Field(
        None, description="index of the verdict whose revised_query was adopted"
    )
    reason: str = ""


def quorum(v: int) -> int:
    """⌈V/2⌉ + 1: how many keep-or-modify verdicts a tuple needs to pass."""
    if v < 1:
        raise ValueError("the vote needs at least one verdict")
    return -(-v // 2) + 1


def worst_severity(severities: Sequence[Severity]) -> Severity | None:
    """The worst of ``severities`` (P0 is worst), or None when there are none."""
    if not severities:
        return None
    return min(severities, key=SEVERITIES.index)


def aggregate(
    verdicts: Sequence[CriticVerdict | CriticFailure], original: str | None = None
) -> CriticDecision:
    """The majority vote of DESIGN.md §9 over V = len(verdicts) ballots.

    Ties in confidence between ``modify_query`` verdicts go to the earliest (critics are
    numbered in the order they were given), so the vote is deterministic. A ballot that is
    neither a :class:`CriticVerdict` nor a :class:`CriticFailure` (e.g. a plain dict of a
    verdict's fields) is refused with a ``TypeError`` naming it, rather than counted as a reject.
    """
    _check_ballots(verdicts)
    need = quorum(len(verdicts))
    given = [v for v in verdicts if isinstance(v, CriticVerdict)]
    votes: dict[VerdictLabel, int] = {
        label: sum(v.verdict == label for v in given) for label in ("keep", "modify_query")
    }
    votes["reject"] = len(verdicts) - votes["keep"] - votes["modify_query"]
    severity = worst_severity([v.severity for v in given])
    passing = votes["keep"] + votes["modify_query"]

    def decided(
        decision: VerdictLabel, reason: str, instruction: str | None = None, at: int | None = None
    ) -> CriticDecision:
        return CriticDecision(
            decision=decision, instruction=instruction, severity=severity, quorum=need,
            votes=votes, adopted=at, reason=reason,
        )  # fmt: skip

    if passing < need:
        return decided(
            "reject", f"{passing} of {len(verdicts)} keep or modify_query, quorum is {need}"
        )
    if votes["modify_query"] > votes["keep"]:
        at = _most_confident_modify(verdicts)
        chosen = verdicts[at]
        assert isinstance(chosen, CriticVerdict) and chosen.revised_query is not None
        reason = (
            f"{votes['modify_query']} modify_query > {votes['keep']} keep: revised query of "
            f"verdict {at + 1} (confidence {chosen.confidence:g})"
        )
        return decided("modify_query", reason, chosen.revised_query.strip(), at)
    if votes["keep"] > votes["modify_query"]:
        return decided(
            "keep", f"{votes['keep']} keep > {votes['modify_query']} modify_query", original
        )
    return decided("reject", f"tie: {votes['keep']} keep = {votes['modify_query']} modify_query")


def _check_ballots(verdicts: object) -> None:
    if isinstance(verdicts, str | bytes | dict) or not isinstance(verdicts, Sequence):
        raise TypeError(f"aggregate takes a sequence of verdicts, not a {type(verdicts).__name__}")
    for i, v in enumerate(verdicts):
        if not isinstance(v, CriticVerdict | CriticFailure):
            hint = " (validate it first: CriticVerdict.model_validate(...))" * isinstance(v, dict)
            raise TypeError(
                f"verdicts[{i}] is a {type(v).__name__}, not a CriticVerdict or CriticFailure"
                f"{hint}: {v!r:.80}"
            )


def _most_confident_modify(verdicts: Sequence[CriticVerdict | CriticFailure]) -> int:
    best: int | None = None
    for i, v in enumerate(verdicts):
        if not isinstance(v, CriticVerdict) or v.verdict != "modify_query":
            continue
        current = verdicts[best] if best is not None else None
        if not isinstance(current, CriticVerdict) or v.confidence > current.confidence:
            best = i
    assert best is not None
    return best
