"""The consensus conditions C1-C7 as small named checks over what the runner observed.

In the style of Gymnasium's ``check_env``: each condition is one function with a telling name
that returns ``ConditionOutcome(ok, detail)``. They are pure (results in, verdict out), so each
can be tested for failing on every input it must reject, without a sandbox; the runner in
``_consensus`` only gathers the observations. ``ok=None`` means the condition could not run
because its inputs are missing (e.g. C3 when golden_patch.py crashed), never "unsure".

Details are written for the Generator/Discriminator to act on, and are reproducible: no
timings, session ids or memory addresses, so verifying a bundle twice gives the same text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cuagym.core import Check, RewardOutput, parse_reward_output
from cuagym.core.near_misses import NearMissReport
from cuagym.sandbox import ScriptResult
from cuagym.synth._consensus_models import ConditionOutcome, RewardRun, StateName
from cuagym.synth._scan_models import ScanReport

__all__ = [
    "check_gold_scores_one",
    "check_init_scores_zero",
    "check_near_misses",
    "check_no_forbidden_patterns",
    "check_patch_runs",
    "check_reward_deterministic",
    "check_setup_runs",
    "make_reward_run",
    "script_failure",
]

_ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
_READ_ONLY = "Read-only file system"
_ENV = {"init": "V_init", "gold": "V_gold"}


def _gist(stderr: str, limit: int = 300) -> str:
    """The last line of stderr (the exception, for a traceback), made reproducible."""
    lines = [line.strip() for line in stderr.strip().splitlines() if line.strip()]
    if not lines:
        return ""
    text = _ADDRESS.sub("0x…", lines[-1])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def script_failure(result: ScriptResult) -> str | None:
    """Why a script did not run clean (timeout, resource limit, non-zero exit), or None."""
    if result.timed_out:
        # Whole seconds, so the detail reads the same on every verify; no stderr gist: its
        # last line is the sandbox's own note of the timeout.
        return f"timed out after {result.duration_s:.0f} s"
    if result.limit is not None:
        why = f"stopped by the {result.limit} limit (exit code {result.exit_code})"
    elif result.exit_code != 0:
        why = f"exit code {result.exit_code}"
    else:
        return None
    gist = _gist(result.stderr)
    return f"{why}: {gist}" if gist else why


def check_setup_runs(on_init: ScriptResult, on_gold: ScriptResult) -> ConditionOutcome:
    """C1: initial_setup.py runs clean on V_init (and on V_gold, where C2 builds on it)."""
    bad_init, bad_gold = script_failure(on_init), script_failure(on_gold)
    if bad_init is None and bad_gold is None:
        return ConditionOutcome(ok=True, detail="initial_setup.py ran clean on V_init and V_gold")
    if bad_init == bad_gold:
        return ConditionOutcome(
            ok=False, detail=f"initial_setup.py on V_init and V_gold: {bad_init}"
        )
    parts = [
        f"on {env}: {why or 'ran clean'}"
        for env, why in (("V_init", bad_init), ("V_gold", bad_gold))
    ]
    return ConditionOutcome(ok=False, detail="initial_setup.py " + "; ".join(parts))


def check_patch_runs(result: ScriptResult | None) -> ConditionOutcome:
    """C2: golden_patch.py runs clean on V_gold after initial_setup.py; None if setup failed."""
    if result is None:
        return ConditionOutcome(ok=None, detail="not run: initial_setup.py failed on V_gold")
    why = script_failure(result)
    if why is None:
        return ConditionOutcome(ok=True, detail="golden_patch.py ran clean on V_gold")
    return ConditionOutcome(ok=False, detail=f"golden_patch.py on V_gold: {why}")


def make_reward_run(
    state: StateName,
    index: int,
    result: ScriptResult,
    *,
    home_changes: Sequence[str] = (),
    hub_changes: Sequence[str] = (),
) -> RewardRun:
    """Parse one reward run and list every way it broke the reward.py contract (§2)."""
    problems: list[str] = []
    why = script_failure(result)
    if why is not None:
        problems.append(why)
    if _READ_ONLY in result.stderr:
        # The home is mounted read-only for reward.py: the write failed, but it was attempted.
        problems.append("tried to write into /home/user (read-only for reward.py)")
    if home_changes:
        problems.append(
            "wrote into /home/user: "
            + ", ".join(home_changes[:5])
            + (f" (+{len(home_changes) - 5} more)" if len(home_changes) > 5 else "")
        )
    if hub_changes:
        problems.append("changed the hub state of " + ", ".join(hub_changes))
    parsed = parse_reward_output(result.stdout)
    output = RewardOutput(
        checks=parsed.checks, reward=parsed.reward, errors=[*parsed.errors, *problems]
    )
    return RewardRun(
        state=state,
        index=index,
        exit_code=result.exit_code,
        timed_out=result.timed_out,
        stdout=result.stdout,
        stderr=result.stderr,
        output=output,
        problems=problems,
    )


def _contract_detail(run: RewardRun) -> str:
    if run.timed_out and run.problems:
        # The cause first: the missing output of a killed script follows from it.
        return f"reward.py on {_ENV[run.state]} {run.problems[0]}"
    errors = run.output.errors
    shown = "; ".join(errors[:3]) + (f"; (+{len(errors) - 3} more)" if len(errors) > 3 else "")
    return f"reward.py broke the output contract on {_ENV[run.state]}: {shown}"


def _names(checks: Sequence[Check]) -> str:
    return ", ".join(c.name for c in checks[:6]) + (" …" if len(checks) > 6 else "")


def _score_check(run: RewardRun | None, why_not: str, want: float) -> ConditionOutcome:
    if run is None:
        return ConditionOutcome(ok=None, detail=f"not run: {why_not}")
    env = _ENV[run.state]
    if not run.follows_contract:
        return ConditionOutcome(ok=False, detail=_contract_detail(run))
    r = run.reward
    if r == want:
        return ConditionOutcome(ok=True, detail=f"r({env}) = {r!r}")
    detail = f"r({env}) = {r!r}, want {want!r}"
    # Name the checks that made the difference: the Discriminator's (or Generator's) lead.
    culprits = [c for c in run.output.checks if c.points > 0 and c.passed != (want == 1.0)]
    if culprits:
        verb = "failed" if want == 1.0 else "passed"
        detail += f"; {verb} checks: {_names(culprits)}"
    return ConditionOutcome(ok=False, detail=detail)


def check_gold_scores_one(run: RewardRun | None, why_not: str = "") -> ConditionOutcome:
    """C3: r(V_gold) = 1.0, printed by a run that follows the reward.py contract."""
    return _score_check(run, why_not or "V_gold was not built", 1.0)


def check_init_scores_zero(run: RewardRun | None, why_not: str = "") -> ConditionOutcome:
    """C4: r(V_init) = 0.0, printed by a run that follows the reward.py contract."""
    return _score_check(run, why_not or "V_init was not built", 0.0)


def check_no_forbidden_patterns(report: ScanReport) -> ConditionOutcome:
    """C5: the scanner finds no forbidden pattern in reward.py."""
    if report.ok:
        return ConditionOutcome(ok=True, detail="no forbidden pattern")
    hits = [f"{v.pattern} (line {v.line})" for v in report.violations]
    shown = ", ".join(hits[:6]) + (f" (+{len(hits) - 6} more)" if len(hits) > 6 else "")
    return ConditionOutcome(ok=False, detail=f"forbidden patterns: {shown}")


def _scoring(output: RewardOutput) -> list[tuple[str, float, bool]]:
    # Details are free text (a reward may print a timestamp there); names, points and verdicts
    # are what scores a state.
    return [(c.name, c.points, c.passed) for c in output.checks]


def _first_difference(a: RewardOutput, b: RewardOutput) -> str | None:
    # Named, not quoted: the differing values are random by nature, and the detail must read
    # the same each time the bundle is verified (the values are in the report's runs).
    if a.reward != b.reward:
        return "the score differs between runs"
    sa, sb = _scoring(a), _scoring(b)
    if sa == sb:
        return None
    if len(sa) != len(sb):
        return "the number of checks differs between runs"
    for x, y in zip(sa, sb, strict=True):
        if x[0] != y[0]:
            return f"check {x[0]} is {y[0]} in another run"
        if x[1] != y[1]:
            return f"the points of check {x[0]} differ between runs"
        if x[2] != y[2]:
            return f"check {x[0]} passes in one run and fails in the other"
    return None  # pragma: no cover - sa != sb implies a difference above


def check_reward_deterministic(runs: Sequence[RewardRun]) -> ConditionOutcome:
    """C6: two runs on the same (restored) state score it the same.

    Compared per state: the REWARD value and the scoring of every CHECK line (name, points,
    verdict). Equal endpoint scores are not enough: a reward with random weights gives 1.0 on
    gold and 0.0 on init every time, yet a random score to any partially solved state.
    None when no state has two runs that printed a score.
    """
    by_state: dict[str, list[RewardRun]] = {}
    for run in runs:
        by_state.setdefault(run.state, []).append(run)
    differences: list[str] = []
    compared: list[str] = []
    for state in ("init", "gold"):
        pair = sorted(by_state.get(state, []), key=lambda r: r.index)
        if len(pair) < 2:
            continue
        first, second = pair[0].output, pair[1].output
        diff = _first_difference(first, second)
        if diff is not None:
            differences.append(f"{_ENV[state]}: {diff}")
        elif first.reward is not None:
            compared.append(f"r({_ENV[state]}) = {first.reward!r} twice")
    if differences:
        return ConditionOutcome(
            ok=False, detail="reward.py is not deterministic: " + "; ".join(differences)
        )
    if not compared:
        return ConditionOutcome(ok=None, detail="not run: no state was scored by reward.py")
    # A state scored once: its first run timed out (a second would only hang as long).
    notes = [
        f"{_ENV[s]} not built" if not by_state.get(s) else f"{_ENV[s]} scored once (timed out)"
        for s in ("init", "gold")
        if len(by_state.get(s, [])) < 2
    ]
    note = f" ({'; '.join(notes)})" if notes else ""
    return ConditionOutcome(ok=True, detail="; ".join(compared) + note)


def check_near_misses(report: NearMissReport | None, why_not: str = "") -> ConditionOutcome:
    """C7: the reward scores every tried near miss of the gold state below 1.0 (§13).

    None when it could not run (no gold state scored 1.0: C3 decides). The detail names the
    accepted near misses as states, never how the golden patch made the gold one."""
    if report is None:
        return ConditionOutcome(ok=None, detail=f"not run: {why_not or 'no gold state to vary'}")
    if report.accepted:
        shown = "; ".join(a.state for a in report.accepted[:3])
        more = f" (+{len(report.accepted) - 3} more)" if len(report.accepted) > 3 else ""
        return ConditionOutcome(
            ok=False,
            detail=f"{len(report.accepted)} of {report.tried} near misses scored 1.0: "
            f"{shown}{more}",
        )
    allowed = f", {len(report.allowed)} allowed" if report.allowed else ""
    return ConditionOutcome(
        ok=True, detail=f"{report.tried} near misses all scored below 1.0{allowed}"
    )
