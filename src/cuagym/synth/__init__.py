"""Task synthesis: checks that decide whether a generated task is accepted.

``scan_source`` / ``scan_file`` implement condition C5: a reward script must contain no
reward-hacking ("forbidden") pattern. ``PATTERNS`` documents every pattern id they report.

``ConsensusRunner`` checks all six consensus conditions of a tuple in fresh environments
(C1 setup runs, C2 patch runs, C3 r(gold) = 1, C4 r(init) = 0, C5 no forbidden pattern,
C6 deterministic reward); the ``check_*`` functions are the conditions themselves.
"""

from __future__ import annotations

from cuagym.synth._backends import (
    PREVIOUS_REWARD,
    TEACHER_REVIEW,
    CommandBackend,
    ProceduralBackend,
    RoleBackend,
    RoleSession,
    RoleTurn,
    UnknownBackend,
    make_backend,
)
from cuagym.synth._barrier import BarrierError, RoleJails
from cuagym.synth._batch import (
    BatchBusy,
    BatchOptions,
    SettingsMismatch,
    open_orchestrator,
    run_batch,
)
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
from cuagym.synth._orchestrator import Orchestrator, Rediscrimination, TaskSpec
from cuagym.synth._osworld_export import (
    ExportError,
    OSWorldExport,
    export_osworld,
    find_bundles,
)
from cuagym.synth._role_api import ApiDenied, EnvSlot, RoleApi, RoleApiServer, RoleGrant
from cuagym.synth._scan import iter_scripts, scan_file, scan_source
from cuagym.synth._scan_models import PATTERNS, ScanReport, Violation
from cuagym.synth._synth_models import (
    DEFAULT_MAX_ROUNDS,
    BatchSummary,
    RoleRun,
    RoleUsage,
    RoundRecord,
    TaskOutcome,
)
from cuagym.synth._tasks import (
    TaskFileError,
    domains_with_families,
    load_tasks_file,
    sample_tasks,
)
from cuagym.synth._verify import verify_bundles

__all__ = [
    "DEFAULT_MAX_ROUNDS",
    "PATTERNS",
    "PREVIOUS_REWARD",
    "TEACHER_REVIEW",
    "ApiDenied",
    "BarrierError",
    "BatchBusy",
    "BatchOptions",
    "BatchSummary",
    "CommandBackend",
    "ConditionOutcome",
    "ConsensusError",
    "ConsensusReport",
    "ConsensusRunner",
    "EnvSlot",
    "ExportError",
    "OSWorldExport",
    "Orchestrator",
    "PreparedEnvs",
    "ProceduralBackend",
    "Rediscrimination",
    "RewardRun",
    "RoleApi",
    "RoleApiServer",
    "RoleBackend",
    "RoleGrant",
    "RoleJails",
    "RoleRun",
    "RoleSession",
    "RoleTurn",
    "RoleUsage",
    "RoundRecord",
    "ScanReport",
    "SettingsMismatch",
    "StateName",
    "TaskFileError",
    "TaskOutcome",
    "TaskSpec",
    "UnknownBackend",
    "Violation",
    "check_gold_scores_one",
    "check_init_scores_zero",
    "check_no_forbidden_patterns",
    "check_patch_runs",
    "check_reward_deterministic",
    "check_setup_runs",
    "domains_with_families",
    "export_osworld",
    "find_bundles",
    "iter_scripts",
    "load_tasks_file",
    "make_backend",
    "make_reward_run",
    "open_orchestrator",
    "run_batch",
    "sample_tasks",
    "scan_file",
    "scan_source",
    "script_failure",
    "verify_bundles",
]
