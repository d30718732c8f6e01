"""Job pools: where the jobs of ``cuagym rollout``, ``synth`` and ``verify`` run.

:func:`run_pool` runs jobs on ``workers`` workers made from a :class:`WorkerSpec`, in this
process (``local``) or as Ray actors (``ray``, :class:`RayOptions`), and returns each job's
result or exception in job order (:class:`JobFailed` for a job whose worker kept dying).
:func:`actor_runner` is the event loop a Ray actor runs its coroutines on (the RL loop's
environment actors use it too). It sits below every package that runs jobs and imports nothing
else of cuagym.
"""

from cuagym.exec._jobs import JobFailed, PoolWorker, WorkerSpec
from cuagym.exec._pool import EXECUTORS, ExecutorName, run_pool
from cuagym.exec._ray import RayOptions, actor_runner

__all__ = [
    "EXECUTORS",
    "ExecutorName",
    "JobFailed",
    "PoolWorker",
    "RayOptions",
    "WorkerSpec",
    "actor_runner",
    "run_pool",
]
