"""TEACHER_REVIEW.md: what the Discriminator reads when teacher rollouts and its reward disagree.

It holds only what may cross the barrier to the Discriminator: the acceptance checklist
(derived from the instruction), and per rollout the judge's description of the final screen,
r, r_vlm and the CHECK lines of the Discriminator's own reward.py. Never the Generator's
scripts, never the agent's actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from cuagym.filter._decision import DELTA_TOLERANCE
from cuagym.filter._teacher_records import PassRecord, RefinementRecord, RolloutScore

__all__ = ["disagreeing", "teacher_review"]


def disagreeing(rollouts: list[RolloutScore], delta: float) -> list[RolloutScore]:
    """Scored rollouts whose r and r_vlm differ by at least δ (with a mean gap ≥ δ there is
    always at least one)."""
    return [
        x
        for x in rollouts
        if x.judgement is not None
        and x.reward is not None
        and abs(x.reward - x.judgement.score) >= delta - DELTA_TOLERANCE
    ]


def _check_lines(x: RolloutScore) -> list[str]:
    return [
        f"CHECK {c.name} {c.points:g} {'PASS' if c.passed else 'FAIL'} {c.detail}".rstrip()
        for c in x.checks
    ]


def _rollout_section(x: RolloutScore) -> list[str]:
    assert x.judgement is not None
    judged = ", ".join(
        f"{i} {'yes' if ok else 'no'}" for i, ok in enumerate(x.judgement.criteria, 1)
    )
    lines = [
        f"### Rollout {x.k}: r = {x.reward:g}, r_vlm = {x.judgement.score}",
        "",
        f"Final screen, as the judge describes it: {x.judgement.description}",
        "",
        f"Checklist as judged: {judged}",
        "",
        "Your reward's checks on the final state:",
        "```",
        *(_check_lines(x) or ["(no CHECK lines)"]),
        f"REWARD: {x.reward:g}",
        "```",
        "",
    ]
    return lines


def teacher_review(
    task_id: str,
    last: PassRecord,
    *,
    policy: str,
    judge: str,
    delta: float,
    criteria: list[str],
    failed: Sequence[RefinementRecord] = (),
) -> str:
    """The review of pass ``last`` (a ``refine`` decision), plus earlier failed attempts."""
    assert last.mean_r_vlm is not None
    gap = abs(last.mean_r - last.mean_r_vlm)
    lines = [
        f"# Teacher review of reward.py — task {task_id}",
        "",
        f"{len(last.r)} teacher rollouts ({policy}) were scored by your reward.py (r) and, "
        f"independently, by a judge ({judge}) that sees only the instruction, the checklist "
        "below and the final screen (r_vlm, 0 or 1).",
        "",
        f"mean r = {last.mean_r:.3f}, mean r_vlm = {last.mean_r_vlm:.3f}: they differ by "
        f"{gap:.3f} ≥ δ = {delta:g}. Either the reward is too narrow (it fails states that "
        "carry out the instruction), too loose (it passes states that do not), or the "
        "instruction underspecifies what counts as done.",
        "",
        "## Acceptance checklist (derived from the instruction)",
        *(f"{i}. {c}" for i, c in enumerate(criteria, 1)),
        "",
        "## Rollouts where r and r_vlm disagree",
        "",
    ]
    apart = disagreeing(last.rollouts, delta)
    for x in apart:
        lines += _rollout_section(x)
    others = [x for x in last.rollouts if x not in apart]
    if others:
        lines += ["## The other rollouts", "", "| rollout | r | r_vlm |", "|---|---|---|"]
        for x in others:
            r = f"{x.reward:g}" if x.reward is not None else "error"
            v = str(x.judgement.score) if x.judgement is not None else "-"
            lines.append(f"| {x.k} | {r} | {v} |")
        lines.append("")
    for attempt in failed:
        lines += [
            f"## Your refinement {attempt.index} did not pass the consensus checks",
            "",
            *(f"- {f}" for f in attempt.failed or [attempt.discriminator or "(no detail)"]),
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"
