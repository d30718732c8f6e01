"""REVIEW.md: render to Markdown, parse back to the same Review, refuse contradictions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from cuagym.core import Check, Review
from cuagym.core.near_misses import AcceptedNearMiss, AllowedNearMiss, NearMissReport, TriedNearMiss
from cuagym.core.review import CONDITION_IDS, ConditionResult, ForbiddenHit
from tests.core.bundle_examples import failing_review, passing_review


def test_passing_review_renders_and_parses_back() -> None:
    review = passing_review()
    text = review.render()
    assert review.verdict == "PASS"
    assert "- verdict: **PASS**" in text
    assert "| C3 | r(V_gold) = 1.0 | ok | r_gold = 1.0 |" in text
    assert "| total_value | 2 | PASS | total is 1200 |" in text
    assert Review.parse(text) == review


def test_failing_review_round_trips_with_not_run_conditions() -> None:
    review = failing_review()
    assert review.verdict == "FAIL"
    assert review.conditions["C3"].status == "not_run"
    assert review.r_gold is None and review.r_init == 0.0
    text = review.render()
    assert "| C3 | r(V_gold) = 1.0 | not run |  |" in text
    assert "- r_gold: n/a" in text
    assert Review.parse(text) == review


def test_forbidden_patterns_round_trip() -> None:
    review = Review(
        task_id="t1",
        round=1,
        conditions={"C5": ConditionResult(status="failed", detail="2 violations")},
        forbidden=[
            ForbiddenHit(pattern="hardcoded_success", line=12, message="returns 1.0 | blind"),
            ForbiddenHit(pattern="subprocess", line=3, message="import subprocess"),
        ],
    )
    assert Review.parse(review.render()) == review


def test_verify_form_of_conditions() -> None:
    form = failing_review().verify_conditions()
    assert list(form) == list(CONDITION_IDS)
    assert form["C1"]["ok"] is True and form["C2"]["ok"] is False and form["C3"]["ok"] is None


def test_verdict_must_agree_with_conditions() -> None:
    with pytest.raises(ValidationError, match="contradicts"):
        Review(task_id="t1", round=1, verdict="PASS")
    all_ok = {c: ConditionResult(status="ok") for c in CONDITION_IDS}
    with pytest.raises(ValidationError, match="contradicts"):
        Review(task_id="t1", round=1, verdict="FAIL", conditions=all_ok, r_gold=1.0, r_init=0.0)


def test_conditions_must_agree_with_observations() -> None:
    with pytest.raises(ValidationError, match="C3 is ok but r_gold"):
        Review(task_id="t1", round=1, conditions={"C3": ConditionResult(status="ok")})
    with pytest.raises(ValidationError, match="C4 is ok but r_init"):
        Review(task_id="t1", round=1, r_init=0.5, conditions={"C4": ConditionResult(status="ok")})
    with pytest.raises(ValidationError, match="C5 is ok but forbidden"):
        Review(
            task_id="t1",
            round=1,
            conditions={"C5": ConditionResult(status="ok")},
            forbidden=[ForbiddenHit(pattern="subprocess", line=1)],
        )


def test_free_text_may_not_forge_a_marker() -> None:
    with pytest.raises(ValidationError, match="marker"):
        Review(task_id="t1", round=1, feedback="x\n<!-- /cuagym:feedback -->\ny")


def test_parse_errors_are_clear() -> None:
    with pytest.raises(ValueError, match="feedback block is missing"):
        Review.parse("# REVIEW: t1\n")
    text = failing_review().render().replace("| C2 | ", "| C2 | extra | ", 1)
    with pytest.raises(ValueError, match="has 5 cells, want 4"):
        Review.parse(text)
    text = failing_review().render().replace("- round: 5", "- round: five")
    with pytest.raises(ValueError, match="bad round"):
        Review.parse(text)


_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=40).filter(
    lambda s: "<!--" not in s
)
_checks = st.lists(
    st.builds(
        Check,
        name=st.from_regex(r"\A[A-Za-z0-9_|\\.-]{1,12}\Z"),
        points=st.floats(min_value=0, max_value=100, allow_nan=False, allow_infinity=False),
        passed=st.booleans(),
        detail=_text,
    ),
    max_size=4,
)


@settings(max_examples=100, deadline=None)
@given(
    checks_gold=_checks,
    checks_init=_checks,
    details=st.lists(_text, min_size=7, max_size=7),
    feedback=_text,
    summary=_text,
    r_init=st.none() | st.floats(min_value=0, max_value=1),
)
def test_any_review_round_trips(
    checks_gold: list[Check],
    checks_init: list[Check],
    details: list[str],
    feedback: str,
    summary: str,
    r_init: float | None,
) -> None:
    conditions = {
        c: ConditionResult(status="failed" if c == "C1" else "not_run", detail=d)
        for c, d in zip(CONDITION_IDS, details, strict=True)
    }
    review = Review(
        task_id="t-1",
        round=3,
        conditions=conditions,
        r_init=r_init,
        checks_gold=checks_gold,
        checks_init=checks_init,
        feedback=feedback,
        reward_summary=summary,
    )
    assert Review.parse(review.render()) == review


def _near_misses(accepted: bool) -> NearMissReport:
    tried = [
        TriedNearMiss(
            kind="partial", path="mail: threads[id=t1].labels", state="left as | was", reward=0.5
        ),
        TriedNearMiss(
            kind="perturb",
            path="a.xlsx: S!B2",
            state="B2 is 42 instead of 41",
            reward=1.0 if accepted else 0.0,
        ),
    ]
    return NearMissReport(
        tried=2,
        rejected=1 if accepted else 2,
        allowed=[AllowedNearMiss(kind="perturb", path="mail: x.id", why="assigned by the app")],
        accepted=[
            AcceptedNearMiss(kind="perturb", path="a.xlsx: S!B2", state=tried[1].state, reward=1.0)
        ]
        if accepted
        else [],
        results=tried,
    )


def test_near_miss_table_round_trips_and_a_failing_c7_fails_the_review() -> None:
    conditions = {c: ConditionResult(status="ok") for c in CONDITION_IDS}
    conditions["C7"] = ConditionResult(status="failed", detail="1 of 2 near misses scored 1.0")
    review = Review(
        task_id="t1",
        round=2,
        conditions=conditions,
        r_gold=1.0,
        r_init=0.0,
        near_misses=_near_misses(accepted=True),
    )
    assert review.verdict == "FAIL"
    text = review.render()
    assert "## Near misses (C7)" in text and "accepted (1.0)" in text and "allowed" in text
    parsed = Review.parse(text)
    assert parsed.near_misses is not None
    assert parsed.near_misses.accepted == review.near_misses.accepted  # type: ignore[union-attr]
    assert parsed.near_misses.results == review.near_misses.results  # type: ignore[union-attr]
    assert parsed.near_misses.allowed == review.near_misses.allowed  # type: ignore[union-attr]


def test_c7_ok_cannot_hide_an_accepted_near_miss() -> None:
    conditions = {c: ConditionResult(status="ok") for c in CONDITION_IDS}
    with pytest.raises(ValidationError, match="C7 is ok but a near miss"):
        Review(
            task_id="t1",
            round=1,
            conditions=conditions,
            r_gold=1.0,
            r_init=0.0,
            near_misses=_near_misses(accepted=True),
        )


def test_a_review_from_before_c7_still_passes() -> None:
    """REVIEW.md written before C7 has no C7 row: it is 'not run', and PASS stays valid."""
    conditions = {c: ConditionResult(status="ok") for c in CONDITION_IDS if c != "C7"}
    review = Review(task_id="t1", round=1, conditions=conditions, r_gold=1.0, r_init=0.0)
    assert review.verdict == "PASS" and review.conditions["C7"].status == "not_run"
    old = "\n".join(line for line in review.render().splitlines() if not line.startswith("| C7"))
    assert Review.parse(old + "\n").verdict == "PASS"
