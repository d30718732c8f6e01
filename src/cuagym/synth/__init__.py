"""Task synthesis (DESIGN.md §4-5, §13): Generator and Discriminator rounds until a tuple passes.

* :func:`sample_tasks`, :func:`load_tasks_file` — the tasks of ``cuagym synth``;
  :func:`make_backend` — the roles' backend (procedural, command, llm: :class:`RoleBackend`);
* :func:`run_batch` — the resumable batch (:class:`BatchOptions`); :class:`Orchestrator` runs
  one task's rounds, checking the consensus conditions C1-C7 in fresh environments
  (``_consensus``, ``_checks``, near misses in ``_near_miss_*``);
* :func:`scan_file`, :func:`iter_scripts` — condition C5: no reward-hacking pattern
  (``_scan_models.PATTERNS`` lists every pattern id);
* :func:`verify_bundles` — ``cuagym verify``; :func:`export_osworld` — ``cuagym export osworld``.
"""

from __future__ import annotations

from cuagym.synth._backends import RoleBackend, UnknownBackend, make_backend
from cuagym.synth._barrier import package_binds
from cuagym.synth._batch import (
    BatchBusy,
    BatchOptions,
    SettingsMismatch,
    open_orchestrator,
    run_batch,
)
from cuagym.synth._consensus import ConsensusError
from cuagym.synth._consensus_models import ConsensusReport
from cuagym.synth._orchestrator import Orchestrator, Rediscrimination, TaskSpec
from cuagym.synth._scan import iter_scripts, scan_file
from cuagym.synth._scan_models import ScanReport
from cuagym.synth._synth_models import BatchSummary, TaskOutcome
from cuagym.synth._tasks import TaskFileError, domains_with_families, load_tasks_file, sample_tasks
from cuagym.synth._verify import verify_bundles

__all__ = [
    "BatchBusy",
    "BatchOptions",
    "BatchSummary",
    "ConsensusError",
    "ConsensusReport",
    "Orchestrator",
    "Rediscrimination",
    "RoleBackend",
    "ScanReport",
    "SettingsMismatch",
    "TaskFileError",
    "TaskOutcome",
    "TaskSpec",
    "UnknownBackend",
    "domains_with_families",
    "iter_scripts",
    "load_tasks_file",
    "make_backend",
    "open_orchestrator",
    "package_binds",
    "run_batch",
    "sample_tasks",
    "scan_file",
    "verify_bundles",
]
