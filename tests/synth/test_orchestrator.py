"""The adversarial loop end to end, in real jails: acceptance, the REVIEW.md feedback loop,
rejection after K rounds, and roles that hang or crash."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from cuagym.core import Bundle
from cuagym.domains import load_domains
from cuagym.synth import sample_tasks
from cuagym.synth._backends import CommandBackend, ProceduralBackend
from cuagym.synth._consensus import ConsensusRunner
from cuagym.synth._synth_models import DEFAULT_MAX_ROUNDS
from tests.synth.synth_helpers import events, requires_jail, run, team_chat

pytestmark = requires_jail

PROCEDURAL_DISC = "python3 -m cuagym.synth.roles procedural-discriminator"
# Fails C1 until a REVIEW.md with a FAIL verdict tells it so; then writes the family's scripts.
LEARNING_GEN = """
if [ -f REVIEW.md ] && grep -q 'verdict: \\*\\*FAIL\\*\\*' REVIEW.md; then
  echo "revising after REVIEW.md"; python3 -m cuagym.synth.roles procedural-generator
else
  printf 'raise SystemExit("setup not written yet")\\n' > initial_setup.py
  printf 'pass\\n' > golden_patch.py
fi
"""
BROKEN_GEN = (
    "printf 'raise SystemExit(3)\\n' > initial_setup.py; printf 'pass\\n' > golden_patch.py"
)
CHEAP_DISC = "printf 'print(\"REWARD: 0.0\")\\n' > reward.py"


async def test_procedural_team_chat_is_accepted_and_reverifies(tmp_path: Path) -> None:
    out = tmp_path / "out"
    summary, outcomes = await run(team_chat(2), ProceduralBackend(), out, workers=2)
    assert (summary.accepted, summary.rejected, summary.errors) == (2, 0, 0)
    assert summary.rounds_mean == 1.0
    for outcome in outcomes:
        assert outcome.status == "accepted" and outcome.bundle is not None
        bundle = Bundle.load(outcome.bundle)
        assert Path(outcome.bundle).parent == out / "final"
        assert bundle.review.verdict == "PASS" and bundle.meta.rounds == 1
        assert bundle.meta.backend == "procedural" and bundle.meta.platform == "web"
        assert bundle.meta.source_pass == "procedural" and bundle.config is not None
        assert {"generator", "discriminator", "prepare", "judge", "total"} <= set(
            bundle.meta.timings_s
        )
        logs = out / "logs" / bundle.task_id
        assert (logs / "round-1-generator.log").read_text().startswith("wrote initial_setup.py")
        assert "reward.py" in (logs / "round-1-discriminator.log").read_text()
    # The bundle stands on its own: C1-C6 again in fresh environments.
    assert outcomes[0].bundle is not None
    bundle = Bundle.load(outcomes[0].bundle)
    assert bundle.initial_setup and bundle.golden_patch and bundle.reward
    async with ConsensusRunner() as runner:
        report = await runner.check(
            bundle.task, bundle.initial_setup, bundle.golden_patch, bundle.reward
        )
    assert report.passed, report.conditions
    assert not (out / ".cuagym-tmp").exists()


async def test_every_domain_with_families_synthesizes(tmp_path: Path) -> None:
    """One task of each installed domain (web and desktop, as they land) is accepted."""
    domains = load_domains()
    ids = [d for d, dom in domains.items() if dom.families and d != "team-chat"]
    if not ids:
        pytest.skip("no domain with families besides team-chat is installed")
    specs = sample_tasks(domains, ids, len(ids), 0)
    _summary, outcomes = await run(specs, ProceduralBackend(), tmp_path / "out", workers=2)
    bad = [(o.task_id, o.status, o.detail) for o in outcomes if o.status != "accepted"]
    assert not bad, bad
    for outcome in outcomes:
        assert outcome.bundle is not None
        Bundle.load(outcome.bundle)


async def test_generator_revises_after_review_and_is_accepted_in_round_two(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out"
    backend = CommandBackend(LEARNING_GEN, PROCEDURAL_DISC)
    _summary, outcomes = await run(team_chat(1), backend, out)
    [outcome] = outcomes
    assert outcome.status == "accepted", outcome
    assert outcome.rounds == 2
    bundle = Bundle.load(outcome.bundle or "")
    assert bundle.meta.rounds == 2 and bundle.meta.backend == "command"
    assert bundle.review.round == 2
    logs = out / "logs" / outcome.task_id
    assert "revising after REVIEW.md" in (logs / "round-2-generator.log").read_text()
    rounds = [e for e in events(out, outcome.task_id) if e["event"] == "round"]
    assert [r["conditions"]["C1"] for r in rounds] == [False, True]
    assert not (out / "rejected").exists()


async def test_task_that_never_converges_is_rejected_after_k_rounds(tmp_path: Path) -> None:
    out = tmp_path / "out"
    backend = CommandBackend(BROKEN_GEN, CHEAP_DISC)
    summary, outcomes = await run(team_chat(1), backend, out)
    [outcome] = outcomes
    assert outcome.status == "rejected" and outcome.rounds == DEFAULT_MAX_ROUNDS == 5
    assert Path(outcome.bundle or "").parent == out / "rejected"
    bundle = Bundle.load(outcome.bundle or "")
    assert bundle.review.verdict == "FAIL" and bundle.review.round == 5
    assert bundle.review.conditions["C1"].status == "failed"
    assert "exit code 3" in bundle.review.conditions["C1"].detail
    assert bundle.meta.rounds == 5
    assert (summary.accepted, summary.rejected, summary.rounds_mean) == (0, 1, 5.0)
    assert not (out / "final").exists()


async def test_hanging_role_is_timed_out_and_fails_its_round(tmp_path: Path) -> None:
    out = tmp_path / "out"
    backend = CommandBackend("sleep 600", CHEAP_DISC)
    start = time.monotonic()
    _summary, outcomes = await run(team_chat(1), backend, out, role_timeout_s=2, max_rounds=2)
    assert time.monotonic() - start < 120
    [outcome] = outcomes
    assert outcome.status == "rejected" and outcome.rounds == 2
    roles = [e for e in events(out, outcome.task_id) if e["event"] == "role"]
    assert [(r["role"], r["timed_out"], r["ok"]) for r in roles] == [("generator", True, False)] * 2
    review = Bundle.load(outcome.bundle or "").review
    assert "the Generator failed: timed out after 2 s" in review.conditions["C1"].detail


@pytest.mark.parametrize(
    ("gen", "disc", "condition", "needle"),
    [
        ("kill -SEGV $$", CHEAP_DISC, "C1", "the Generator failed: exited with code 139"),
        ("echo only one; printf 'pass\\n' > golden_patch.py", CHEAP_DISC, "C1", "missing"),
        (
            "python3 -m cuagym.synth.roles procedural-generator",
            "echo crashed >&2; exit 9",
            "C3",
            "the Discriminator failed: exited with code 9",
        ),
    ],
    ids=["generator-crash", "generator-no-output", "discriminator-crash"],
)
async def test_crashing_role_fails_its_round(
    tmp_path: Path, gen: str, disc: str, condition: str, needle: str
) -> None:
    out = tmp_path / "out"
    _summary, outcomes = await run(team_chat(1), CommandBackend(gen, disc), out, max_rounds=1)
    [outcome] = outcomes
    assert outcome.status == "rejected" and outcome.rounds == 1
    review = Bundle.load(outcome.bundle or "").review
    assert needle in review.conditions[condition].detail
    if condition == "C3":  # the Generator's part still counts: C1 and C2 ran
        assert review.conditions["C1"].status == review.conditions["C2"].status == "ok"
        assert (
            "crashed" in (out / "logs" / outcome.task_id / "round-1-discriminator.log").read_text()
        )


async def test_a_task_the_machinery_failed_on_is_redone_by_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN.md §14 resume: an infrastructure error leaves no bundle, only its error.log, and
    the next run of the same batch redoes the task (it is not counted as done)."""

    async def sandbox_gone(*args: Any, **kwargs: Any) -> Any:
        raise OSError("the sandbox went away")

    out = tmp_path / "out"
    specs = team_chat(1)
    task_id = specs[0].task.task_id
    with monkeypatch.context() as patch:
        patch.setattr(ConsensusRunner, "prepare", sandbox_gone)
        summary, outcomes = await run(specs, ProceduralBackend(), out)
    assert (summary.accepted, summary.errors) == (0, 1) and outcomes[0].status == "error"
    assert "the sandbox went away" in (out / "logs" / task_id / "error.log").read_text()
    summary, outcomes = await run(specs, ProceduralBackend(), out)
    assert (summary.accepted, summary.errors, summary.skipped) == (1, 0, 0)
    assert outcomes[0].status == "accepted" and (out / "final" / task_id).is_dir()


# Round 1: a reward that scores 1.0 as soon as anything changed (passes C1-C6, fails C7).
# Once its workspace holds a REVIEW.md whose C7 table lists an accepted near miss, the
# family's own reward.
LEARNING_DISC = """
if [ -f REVIEW.md ] && grep -q '| accepted (1.0) |' REVIEW.md; then
  echo "revising after C7"; python3 -m cuagym.synth.roles procedural-discriminator
else
  cat > reward.py <<'PY'
import json, os, urllib.request
req = urllib.request.Request(
    os.environ["CUAGYM_HUB"].rstrip("/") + "/team-chat/go?sid=" + os.environ["CUAGYM_SID"],
    headers={"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")})
with urllib.request.urlopen(req, timeout=60) as resp:
    changed = bool(json.load(resp)["state_diff"])
print("CHECK changed 1 " + ("PASS" if changed else "FAIL"))
print("REWARD: " + ("1.0" if changed else "0.0"))
PY
fi
"""


async def test_a_failing_c7_goes_back_to_the_discriminator(tmp_path: Path) -> None:
    out = tmp_path / "out"
    backend = CommandBackend("python3 -m cuagym.synth.roles procedural-generator", LEARNING_DISC)
    _summary, outcomes = await run(team_chat(1), backend, out)
    [outcome] = outcomes
    assert outcome.status == "accepted" and outcome.rounds == 2, outcome
    rounds = [e for e in events(out, outcome.task_id) if e["event"] == "round"]
    assert [r["conditions"]["C7"] for r in rounds] == [False, True]
    assert all(r["conditions"][c] for r in rounds for c in ("C1", "C2", "C3", "C4", "C6"))
    logs = out / "logs" / outcome.task_id
    assert "revising after C7" in (logs / "round-2-discriminator.log").read_text()
    bundle = Bundle.load(outcome.bundle or "")
    near = bundle.meta.near_misses
    assert near is not None and near.tried > 0 and near.rejected == near.tried
    assert not near.accepted
    assert "## Near misses (C7)" in bundle.review.render()
