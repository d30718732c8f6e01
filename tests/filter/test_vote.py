"""The critic vote of DESIGN.md §9 against a table of cases: quorum edges for V = 1..6, ties,
confidence ties, every severity, failed critics; and the nine-field verdict's validation."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.filter import aggregate, quorum
from cuagym.filter._critics import parse_verdict
from cuagym.filter._vote import SEVERITIES, CriticFailure, CriticVerdict, worst_severity

ORIGINAL = "Rename the file report.txt to summary.txt."


def v(
    label: str, severity: str = "P3", confidence: float = 0.5, revised: str | None = None
) -> CriticVerdict:
    if label == "modify_query" and revised is None:
        revised = f"revised ({confidence})"
    return CriticVerdict(
        verdict=label,  # type: ignore[arg-type]
        severity=severity,  # type: ignore[arg-type]
        can_fix_with_query_only=label == "modify_query",
        query_issues=[], setup_reward_risks=[], training_pool_fit=label != "reject",
        confidence=confidence, reasoning_summary="table case", revised_query=revised,
    )  # fmt: skip


K, M, R = v("keep"), v("modify_query"), v("reject")
F = CriticFailure(critic="openai:x", reason="malformed verdict, twice")


def test_quorum_is_ceil_half_plus_one() -> None:
    assert [quorum(n) for n in range(1, 9)] == [2, 2, 3, 3, 4, 4, 5, 5]
    with pytest.raises(ValueError):
        quorum(0)


# (ballots, decision, instruction taken from the revised query of ballot index or None)
CASES: list[tuple[str, list[Any], str, str]] = [
    # V = 1: quorum 2 is out of reach, whatever the critic says
    ("V1 keep", [K], "reject", "original-none"),
    ("V1 modify", [M], "reject", "original-none"),
    ("V1 reject", [R], "reject", "original-none"),
    ("V1 failure", [F], "reject", "original-none"),
    # V = 2: quorum 2 — both must pass
    ("V2 keep keep", [K, K], "keep", "original"),
    ("V2 keep reject", [K, R], "reject", "original-none"),
    ("V2 modify modify", [M, M], "modify_query", "revised"),
    ("V2 keep modify tie", [K, M], "reject", "original-none"),
    ("V2 keep failure", [K, F], "reject", "original-none"),
    # V = 3: quorum 3 — unanimity
    ("V3 three keep", [K, K, K], "keep", "original"),
    ("V3 two keep one reject", [K, K, R], "reject", "original-none"),
    ("V3 two modify one keep", [M, M, K], "modify_query", "revised"),
    ("V3 one modify two keep", [M, K, K], "keep", "original"),
    ("V3 two keep one failure", [K, K, F], "reject", "original-none"),
    # V = 4: quorum 3
    ("V4 3 keep 1 reject", [K, K, K, R], "keep", "original"),
    ("V4 2 keep 2 reject", [K, K, R, R], "reject", "original-none"),
    ("V4 2 modify 1 keep 1 reject", [M, M, K, R], "modify_query", "revised"),
    ("V4 2 modify 2 keep tie", [M, M, K, K], "reject", "original-none"),
    ("V4 1 modify 2 keep 1 reject", [M, K, K, R], "keep", "original"),
    ("V4 2 keep 1 modify 1 failure", [K, K, M, F], "keep", "original"),
    ("V4 1 keep 1 modify 2 reject", [K, M, R, R], "reject", "original-none"),
    # V = 5: quorum 4
    ("V5 3 keep 2 reject", [K, K, K, R, R], "reject", "original-none"),
    ("V5 4 keep 1 reject", [K, K, K, K, R], "keep", "original"),
    ("V5 2 modify 2 keep tie", [M, M, K, K, R], "reject", "original-none"),
    ("V5 3 modify 1 keep", [M, M, M, K, R], "modify_query", "revised"),
    ("V5 3 keep 1 modify 1 failure", [K, K, K, M, F], "keep", "original"),
    ("V5 3 modify 2 failure", [M, M, M, F, F], "reject", "original-none"),
    # V = 6: quorum 4
    ("V6 3 keep 3 reject", [K, K, K, R, R, R], "reject", "original-none"),
    ("V6 4 keep 2 reject", [K, K, K, K, R, R], "keep", "original"),
    ("V6 2 modify 2 keep tie", [M, M, K, K, R, R], "reject", "original-none"),
    ("V6 3 modify 1 keep", [M, M, M, K, R, R], "modify_query", "revised"),
    ("V6 3 keep 2 modify", [K, K, K, M, M, R], "keep", "original"),
    ("V6 3 modify 2 keep 1 failure", [M, M, M, K, K, F], "modify_query", "revised"),
    ("V6 3 modify 3 keep tie", [M, M, M, K, K, K], "reject", "original-none"),
]


@pytest.mark.parametrize(("ballots", "decision", "instruction"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])  # fmt: skip
def test_vote_table(ballots: list[Any], decision: str, instruction: str) -> None:
    got = aggregate(ballots, ORIGINAL)
    assert got.decision == decision, got.reason
    assert got.quorum == quorum(len(ballots))
    assert sum(got.votes.values()) == len(ballots)
    assert got.votes["reject"] == sum(
        isinstance(b, CriticFailure) or b.verdict == "reject" for b in ballots
    )
    if instruction == "original":
        assert got.instruction == ORIGINAL and got.adopted is None
    elif instruction == "revised":
        assert got.adopted is not None and got.instruction == ballots[got.adopted].revised_query
    else:
        assert got.instruction is None and got.adopted is None


def test_keep_without_the_original_leaves_the_instruction_unset() -> None:
    assert aggregate([K, K]).instruction is None


def test_the_most_confident_modify_query_wins() -> None:
    low, high = v("modify_query", confidence=0.6), v("modify_query", confidence=0.9)
    got = aggregate([low, high, v("keep"), high.model_copy(update={"confidence": 0.7})])
    assert got.decision == "modify_query" and got.adopted == 1
    assert got.instruction == high.revised_query


def test_confidence_ties_go_to_the_earliest_modify_query() -> None:
    first = v("modify_query", confidence=0.8, revised="first")
    second = v("modify_query", confidence=0.8, revised="second")
    got = aggregate([v("keep", confidence=0.99), first, second])
    assert got.decision == "modify_query" and got.instruction == "first" and got.adopted == 1
    # A keep's confidence never counts, nor a reject's.
    got = aggregate([second, first, v("reject", confidence=1.0), v("modify_query", confidence=0.1)])
    assert got.instruction == "second"


def test_revised_query_is_stripped() -> None:
    got = aggregate([v("modify_query", revised="  do it  \n")] * 2)
    assert got.instruction == "do it"


@pytest.mark.parametrize(
    ("ballots", "worst"),
    [
        ([v("keep", "P3"), v("keep", "P3")], "P3"),
        ([v("keep", "P3"), v("keep", "P2")], "P2"),
        ([v("modify_query", "P1"), v("keep", "P2"), v("keep", "P3")], "P1"),
        # a passing vote still records the rejecting critic's P0
        ([v("keep", "P3"), v("keep", "P3"), v("keep", "P2"), v("reject", "P0")], "P0"),
        ([v("reject", "P2"), F], "P2"),
        ([F, F], None),
    ],
)
def test_the_worst_severity_is_recorded(ballots: list[Any], worst: str | None) -> None:
    assert aggregate(ballots).severity == worst


def test_worst_severity_order() -> None:
    assert SEVERITIES == ("P0", "P1", "P2", "P3")
    assert worst_severity(["P3", "P1", "P2"]) == "P1" and worst_severity([]) is None
    for i, s in enumerate(SEVERITIES):
        assert worst_severity(list(SEVERITIES[i:])) == s


def test_an_empty_vote_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one verdict"):
        aggregate([])


def test_what_is_not_a_verdict_is_refused_by_name() -> None:
    keep = K.model_dump()  # a plain dict of a keep verdict's fields: still not a verdict
    with pytest.raises(TypeError, match=r"verdicts\[1\] is a dict, not a CriticVerdict") as err:
        aggregate([K, keep, K], ORIGINAL)  # type: ignore[list-item]
    assert "CriticVerdict.model_validate" in str(err.value)
    with pytest.raises(TypeError, match=r"verdicts\[0\] is a str"):
        aggregate(["keep", "keep", "keep"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="sequence of verdicts, not a dict"):
        aggregate(keep)  # type: ignore[arg-type]
    # The same ballots, validated, vote as verdicts.
    validated = [CriticVerdict.model_validate(keep)] * 3
    assert aggregate(validated, ORIGINAL).decision == "keep"


# -- the verdict model -----------------------------------------------------------------------------
GOOD: dict[str, Any] = {
    "verdict": "modify_query", "severity": "P1", "can_fix_with_query_only": True,
    "query_issues": ["no target file named"], "setup_reward_risks": [],
    "training_pool_fit": True, "confidence": 0.75,
    "reasoning_summary": "The instruction omits the file name.",
    "revised_query": "Rename Documents/report.txt to summary.txt.",
}  # fmt: skip


def test_a_good_verdict_parses_with_exactly_nine_fields() -> None:
    got, problems = parse_verdict(json.dumps(GOOD))
    assert got is not None and problems == ""
    assert set(CriticVerdict.model_fields) == set(GOOD) and len(GOOD) == 9
    assert got.confidence == 0.75 and got.revised_query == GOOD["revised_query"]
    # integers are numbers; keep/reject may omit the revised query (null)
    ok = {**GOOD, "verdict": "keep", "revised_query": None, "confidence": 1}
    assert parse_verdict(json.dumps(ok))[0] is not None


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"verdict": "accept"}, "verdict"),
        ({"severity": "P4"}, "severity"),
        ({"severity": "p0"}, "severity"),
        ({"can_fix_with_query_only": "yes"}, "can_fix_with_query_only"),
        ({"training_pool_fit": 1}, "training_pool_fit"),
        ({"query_issues": "one issue"}, "query_issues"),
        ({"setup_reward_risks": [1, 2]}, "setup_reward_risks"),
        ({"confidence": 1.5}, "confidence"),
        ({"confidence": -0.1}, "confidence"),
        ({"confidence": "0.9"}, "confidence"),
        ({"confidence": True}, "confidence"),
        ({"reasoning_summary": None}, "reasoning_summary"),
        ({"revised_query": None}, "revised_query must be a non-empty"),
        ({"revised_query": "   "}, "revised_query must be a non-empty"),
        ({"extra_field": 1}, "extra_field"),
    ],
)
def test_malformed_verdicts_name_the_field(change: dict[str, Any], needle: str) -> None:
    got, problems = parse_verdict(json.dumps({**GOOD, **change}))
    assert got is None and needle in problems


def test_a_missing_field_is_malformed() -> None:
    for field in GOOD:
        data = {k: x for k, x in GOOD.items() if k != field}
        got, problems = parse_verdict(json.dumps(data))
        assert got is None and f"- {field}: Field required" in problems


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        (json.dumps(GOOD), True),
        ("```json\n" + json.dumps(GOOD, indent=2) + "\n```", True),
        ("Here is my verdict:\n" + json.dumps(GOOD) + "\nThanks.", True),
        ("I think it is fine.", False),
        ("[" + json.dumps(GOOD) + "]", False),
        (json.dumps(GOOD)[:-1], False),
        (json.dumps({**GOOD, "confidence": "NaN"}).replace('"NaN"', "NaN"), False),
        ("", False),
    ],
)
def test_answer_text_forms(text: str, ok: bool) -> None:
    got, problems = parse_verdict(text)
    assert (got is not None) == ok, problems
    assert bool(problems) != ok


def test_the_verdict_is_frozen_and_strict() -> None:
    got = CriticVerdict.model_validate(GOOD)
    with pytest.raises(ValidationError):
        got.verdict = "keep"  # type: ignore[misc]
