"""The checked-in bundle corpus: each bundle gives exactly its expected condition vector.

Bundles that must pass live under ``bundles/final/``, bundles that must fail under
``bundles/rejected/``; each failing one targets one condition (see ``bundle_corpus.EXPECTED``
and ``bundles/README.md``) and its detail must name the reason.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.core.review import CONDITION_IDS
from cuagym.synth import ConsensusReport
from cuagym.synth._consensus import ConsensusRunner
from tests.synth.bundle_corpus import PASS, ROOT, bundle_folder, cases, meta_for

CASES = cases()
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")


def test_corpus_shape() -> None:
    final = [c for c in CASES.values() if c.expected == PASS]
    rejected = [c for c in CASES.values() if c.expected != PASS]
    assert len(final) >= 6 and len(rejected) >= 14
    assert {c.task.domain for c in final} >= {"calc", "writer", "files", "team-chat", "crm"}
    # Every condition is the target of some bundle, desktop and web.
    for i, cid in enumerate(CONDITION_IDS):
        assert any(c.expected[i] is False for c in rejected), cid
    assert any(c.web for c in rejected) and any(not c.web for c in rejected)
    on_disk = {p.name for kind in ("final", "rejected") for p in (ROOT / kind).iterdir()}
    assert on_disk == set(CASES), "regenerate: python -m tests.synth.bundle_corpus"


@pytest.mark.parametrize("task_id", sorted(CASES))
def test_checked_in_bundle_matches_its_source(task_id: str) -> None:
    """The bundles on disk are what bundle_corpus builds (REVIEW.md aside: a run's output)."""
    case = CASES[task_id]
    bundle = Bundle.load(bundle_folder(task_id))
    assert bundle.task == case.task
    assert bundle.meta == meta_for(case)
    assert (bundle.initial_setup, bundle.golden_patch, bundle.reward) == (
        case.initial_setup,
        case.golden_patch,
        case.reward,
    )
    assert bundle.kind == ("final" if case.expected == PASS else "rejected")


@pytest.fixture(scope="module")
def reports() -> dict[str, ConsensusReport]:
    """Every bundle verified once, two at a time, with one embedded hub."""

    async def verify_all() -> dict[str, ConsensusReport]:
        gate = asyncio.Semaphore(2)
        async with ConsensusRunner() as runner:

            async def one(task_id: str) -> tuple[str, ConsensusReport]:
                b = Bundle.load(bundle_folder(task_id))
                assert b.initial_setup and b.golden_patch and b.reward
                async with gate:
                    return task_id, await runner.check(
                        b.task, b.initial_setup, b.golden_patch, b.reward
                    )

            return dict(await asyncio.gather(*(one(t) for t in sorted(CASES))))

    return asyncio.run(verify_all())


@needs_root
@pytest.mark.slow
@pytest.mark.parametrize("task_id", sorted(CASES))
def test_condition_vector(reports: dict[str, ConsensusReport], task_id: str) -> None:
    case, report = CASES[task_id], reports[task_id]
    got = tuple(report.conditions[c].ok for c in CONDITION_IDS)
    details = {c: report.conditions[c].detail for c in CONDITION_IDS}
    assert got == case.expected, details
    assert report.passed is (case.expected == PASS)
    for cid, reason in case.reasons:
        assert reason in details[cid], (cid, details[cid])
    if report.conditions["C3"].ok:
        assert report.r_gold == 1.0
    if report.conditions["C4"].ok:
        assert report.r_init == 0.0
    # The REVIEW.md this result renders to is valid and says the same.
    review = report.to_review()
    assert review.verify_conditions() == {
        c: {"ok": report.conditions[c].ok, "detail": details[c]} for c in CONDITION_IDS
    }
    assert (review.verdict == "PASS") is report.passed


@needs_root
@pytest.mark.slow
def test_reward_runs_are_recorded(reports: dict[str, ConsensusReport]) -> None:
    report = reports["calc-total-row"]
    assert [(r.state, r.index) for r in report.runs] == [
        ("init", 1),
        ("init", 2),
        ("gold", 1),
        ("gold", 2),
    ]
    assert all(r.follows_contract for r in report.runs)
    assert {"setup_init", "setup_gold", "patch", "reward_init", "reward_gold", "scan", "total"} <= (
        set(report.timings_s)
    )
    # The hub-writing reward's second gold run saw the state put back: it scored 1.0 again.
    hub = reports["fail-contract-hub-write-web"]
    assert [r.reward for r in hub.runs if r.state == "gold"] == [1.0, 1.0]
    assert all("changed the hub state of team-chat" in r.problems for r in hub.runs)


def test_bundles_folder_is_documented() -> None:
    readme = (Path(__file__).parent / "bundles" / "README.md").read_text(encoding="utf-8")
    for task_id in CASES:
        assert task_id in readme, task_id
