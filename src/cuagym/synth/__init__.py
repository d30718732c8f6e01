"""Task synthesis: checks that decide whether a generated task is accepted.

``scan_source`` / ``scan_file`` implement condition C5: a reward script must contain no
reward-hacking ("forbidden") pattern. ``PATTERNS`` documents every pattern id they report.

``ConsensusRunner`` checks all six consensus conditions of a tuple in fresh environments
(C1 setup runs, C2 patch runs, C3 r(gold) = 1, C4 r(init) = 0, C5 no forbidden pattern,
C6 deterministic reward); the ``check_*`` functions are the conditions themselves.
"""

from __future__ import annotations

from cuagym.synth._checks import (
    check_gold_scores_one,
    check_init_scores_zero,
    check_no_forbidden_patterns,
    check_patch_runs,
    check_reward_deterministic,
    check_setup_runs,
    make_reward_run,
    script_failure,
)
from cuagym.synth._consensus import ConsensusError, ConsensusRunner, PreparedEnvs
from cuagym.synth._consensus_models import (
    ConditionOutcome,
    ConsensusReport,
    RewardRun,
    StateName,
)
from cuagym.synth._scan import iter_scripts, scan_file, scan_source
from cuagym.synth._scan_models import PATTERNS, ScanReport, Violation

__all__ = [
    "PATTERNS",
    "ConditionOutcome",
    "ConsensusError",
    "ConsensusReport",
    "ConsensusRunner",
    "PreparedEnvs",
    "RewardRun",
    "ScanReport",
    "StateName",
    "Violation",
    "check_gold_scores_one",
    "check_init_scores_zero",
    "check_no_forbidden_patterns",
    "check_patch_runs",
    "check_reward_deterministic",
    "check_setup_runs",
    "iter_scripts",
    "make_reward_run",
    "scan_file",
    "scan_source",
    "script_failure",
]
