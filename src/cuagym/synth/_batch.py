"""The batch runner behind ``cuagym synth``: many tasks, a few at a time, resumable.

Resumability rests on two facts: a task's bundle appears atomically (``Bundle.write``: temp
folder, fsync, rename) and a task's identity is deterministic (same command, same task ids).
So a (re-)run first sweeps temp folders of dead writers, then skips every task that already
has a bundle in ``final/`` or ``rejected/`` and runs the rest. A kill -9 loses at most the
tasks in flight, which the next run redoes from scratch; it can neither duplicate an accepted
tuple (one folder per task id; a second writer's rename fails) nor leave half of one. A task
the machinery failed on (``error``: no bundle, only ``logs/<task_id>/error.log``) is redone by
the next run. A task done earlier by another role backend is refused (:class:`SettingsMismatch`)
unless ``force``, so one folder never silently mixes two backends (DESIGN.md §14). One batch at
a time per output folder (an advisory lock, released by the kernel on kill -9).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Same folder as core's atomic writer uses, so its sweep removes a killed batch's work folder.
from cuagym.core._atomic import TMP_DIR_NAME, remove_if_empty
from cuagym.core.files import folder_lock, sweep_stale
from cuagym.exec import ExecutorName, RayOptions, run_pool
from cuagym.hub import EmbeddedHub, discover_web_apps, serve_hub
from cuagym.sandbox import Limits
from cuagym.synth._backends import RoleBackend
from cuagym.synth._barrier import RoleJails, check_outside
from cuagym.synth._consensus import ConsensusRunner
from cuagym.synth._env_pool import EnvPool
from cuagym.synth._near_miss_run import DEFAULT_NEAR_MISS_BUDGET
from cuagym.synth._orchestrator import Orchestrator, TaskSpec
from cuagym.synth._role_api import RoleApiServer
from cuagym.synth._synth_models import DEFAULT_MAX_ROUNDS, BatchSummary, RoleUsage, TaskOutcome

__all__ = ["BatchBusy", "BatchOptions", "SettingsMismatch", "open_orchestrator", "run_batch"]

LOCK_NAME = ".cuagym-synth.lock"
# A setup that fails every task (no sandbox, no hub) should stop, not burn through the list.
MAX_CONSECUTIVE_ERRORS = 8


class BatchBusy(RuntimeError):
    """Another ``cuagym synth`` holds this output folder."""


class SettingsMismatch(ValueError):
    """Tasks of this batch were done earlier with another role backend (pass ``force``)."""


@dataclass
class BatchOptions:
    out: Path
    workers: int = 2
    max_rounds: int = DEFAULT_MAX_ROUNDS
    role_timeout_s: float = 600.0
    script_timeout_s: float = 120.0
    #: C7's bound on the near misses tried per tuple (0: C7 is not run)
    near_miss_budget: int = DEFAULT_NEAR_MISS_BUDGET
    role_limits: Limits | None = None
    env_provider: str = "local"
    env_options: dict[str, Any] = field(default_factory=dict)
    #: reset and reuse the environments of finished tasks (``_env_pool``; local provider)
    reuse_envs: bool = True
    hub: EmbeddedHub | None = None
    on_start: Callable[[TaskSpec], None] | None = None
    on_done: Callable[[TaskOutcome], None] | None = None
    #: ``ray``: each worker is a Ray actor with its own hub, role API and orchestrator
    executor: ExecutorName = "local"
    ray: RayOptions | None = None
    #: what Ray actors build their backend with (a picklable recipe; default: the backend)
    backend_factory: Callable[[], RoleBackend] | None = None
    #: keep tasks done earlier with another role backend or model instead of refusing
    force: bool = False
    #: the llm backend's model (``provider:name``), compared with earlier tuples' meta.json
    model: str | None = None


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:32] or "host"


def _lock(out: Path) -> contextlib.AbstractContextManager[None]:
    return folder_lock(
        out, LOCK_NAME, lambda: BatchBusy(f"another cuagym synth is writing to {out}")
    )


def done_tasks(out: Path) -> dict[str, str]:
    """Task ids that already have a bundle, -> "accepted" or "rejected"."""
    found: dict[str, str] = {}
    for kind, status in (("rejected", "rejected"), ("final", "accepted")):
        folder = out / kind
        if folder.is_dir():
            for entry in folder.iterdir():
                if entry.is_dir():
                    found[entry.name] = status
    return found


def _earlier(
    out: Path, task_id: str, status: str
) -> tuple[TaskOutcome, tuple[str | None, str | None]]:
    """An outcome of an earlier run, from its bundle's meta.json (for the totals), and the
    role backend and model that made it (None where its meta.json does not say)."""
    folder = out / ("final" if status == "accepted" else "rejected") / task_id
    rounds, usage, backend, model = 0, RoleUsage(), None, None
    with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        backend = meta.get("backend") if isinstance(meta.get("backend"), str) else None
        model = meta.get("model") if isinstance(meta.get("model"), str) else None
        rounds = int(meta.get("rounds", 0))
        usage = RoleUsage(
            tokens_in=int(meta.get("tokens_in", 0)),
            tokens_out=int(meta.get("tokens_out", 0)),
            cost_usd=float(meta.get("cost_usd", 0.0)),
        )
    outcome = TaskOutcome(
        task_id=task_id, status="skipped", rounds=rounds, bundle=str(folder), usage=usage,
        detail=status,
    )  # fmt: skip
    return outcome, (backend, model)


@contextlib.asynccontextmanager
async def _hub(given: EmbeddedHub | None, specs: Sequence[TaskSpec]) -> AsyncIterator[Any]:
    if given is not None:
        yield given
        return
    web = {a.app_id: a for a in discover_web_apps()}
    wanted = {a for s in specs for a in s.task.apps if a in web}
    if not wanted:
        yield None
        return
    async with serve_hub([web[a] for a in sorted(wanted)]) as hub:
        yield hub


async def run_batch(
    specs: Sequence[TaskSpec], backend: RoleBackend, options: BatchOptions
) -> tuple[BatchSummary, list[TaskOutcome]]:
    """Run every task of ``specs`` not already done in ``options.out``; return the totals."""
    out = options.out
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with _lock(out):
        sweep_stale(out)
        done = done_tasks(out)
        outcomes: list[TaskOutcome] = []
        todo: list[TaskSpec] = []
        others: list[str] = []  # done earlier by another backend or model
        now = f"{backend.name}" + (f" {options.model}" if options.model else "")
        for spec in specs:
            if spec.task.task_id in done:
                outcome, (by, model) = _earlier(out, spec.task.task_id, done[spec.task.task_id])
                outcomes.append(outcome)
                other_model = bool(options.model and model and model != options.model)
                if (by is not None and by != backend.name) or other_model:
                    made = f"{by}" + (f" {model}" if model else "")
                    others.append(f"{spec.task.task_id} by {made}")
            else:
                todo.append(spec)
        if others and not options.force:
            raise SettingsMismatch(
                f"{out} holds {len(others)} tuple(s) of these tasks made with another role "
                f"backend or model ({others[0]}; now {now}): use another --out, or --force to "
                "keep them and add the rest"
            )
        if options.on_done:
            for outcome in outcomes:
                options.on_done(outcome)
        if todo:
            outcomes += await _run_todo(todo, backend, options)
        wall = time.perf_counter() - start
    return summarize(specs, outcomes, wall), outcomes


@contextlib.asynccontextmanager
async def open_orchestrator(
    specs: Sequence[TaskSpec], backend: RoleBackend, options: BatchOptions
) -> AsyncIterator[Orchestrator]:
    """An orchestrator with everything it runs on: the hub (when ``specs`` use web apps and
    ``options.hub`` is None), the role-API server, the role jails, the consensus runner, and
    a private work folder under ``options.out`` removed on exit. For ``run_batch`` and for
    callers that run single rounds (the teacher filter's refinements)."""
    out = options.out
    tmp = out / TMP_DIR_NAME
    tmp.mkdir(parents=True, exist_ok=True)
    work = tmp / f"work.{_host()}.{os.getpid()}.{secrets.token_hex(4)}"
    work.mkdir(mode=0o700)
    try:
        async with (
            _hub(options.hub, specs) as hub,
            RoleApiServer().serve() as api,
            contextlib.AsyncExitStack() as stack,
        ):
            jails = RoleJails(
                api_url=api.url, limits=options.role_limits, with_package=backend.needs_package,
                reuse=backend.reuse_jails, warm_modules=backend.warm_modules(),
            )  # fmt: skip
            stack.push_async_callback(jails.close)
            check_outside(work, jails.binds)
            # Two environments per task in flight, of the few shapes (apps) a batch mixes,
            # wait between tasks (_env_pool).
            pool = EnvPool(max_idle=6 * max(1, options.workers) if options.reuse_envs else 0)
            stack.push_async_callback(pool.close)
            consensus = ConsensusRunner(
                hub=hub, env_provider=options.env_provider, env_options=options.env_options,
                script_timeout_s=options.script_timeout_s,
                near_miss_budget=options.near_miss_budget, env_pool=pool,
            )  # fmt: skip
            yield Orchestrator(
                backend=backend, consensus=consensus, jails=jails, api=api, out=out,
                work_root=work, max_rounds=options.max_rounds,
                role_timeout_s=options.role_timeout_s, env_provider=options.env_provider,
                env_options=options.env_options,
            )  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)
        remove_if_empty(tmp)  # only when empty: another writer may be using it


async def _run_todo(
    todo: list[TaskSpec], backend: RoleBackend, options: BatchOptions
) -> list[TaskOutcome]:
    if options.executor != "local":
        return await _run_on_executor(todo, backend, options)
    async with open_orchestrator(todo, backend, options) as orch:
        return await _pool(orch, todo, options)


async def _pool(
    orch: Orchestrator, todo: list[TaskSpec], options: BatchOptions
) -> list[TaskOutcome]:
    queue: asyncio.Queue[TaskSpec] = asyncio.Queue()
    for spec in todo:
        queue.put_nowait(spec)
    results: list[TaskOutcome] = []
    errors_in_a_row = 0
    stop = asyncio.Event()

    async def worker() -> None:
        nonlocal errors_in_a_row
        while not stop.is_set():
            try:
                spec = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            if options.on_start:
                options.on_start(spec)
            t0 = time.perf_counter()
            try:
                outcome = await orch.run_task(spec)
                errors_in_a_row = 0
            except Exception as exc:  # the machinery failed on this task: no bundle, retry later
                errors_in_a_row += 1
                outcome = TaskOutcome(
                    task_id=spec.task.task_id, status="error",
                    wall_s=round(time.perf_counter() - t0, 4),
                    detail=f"{type(exc).__name__}: {exc}",
                )  # fmt: skip
                _log_error(options.out, spec.task.task_id, outcome.detail)
                if errors_in_a_row >= MAX_CONSECUTIVE_ERRORS:
                    stop.set()
            results.append(outcome)
            if options.on_done:
                options.on_done(outcome)

    await asyncio.gather(*(worker() for _ in range(max(1, options.workers))))
    if stop.is_set():
        last = results[-1].detail if results else ""
        raise RuntimeError(
            f"stopped after {MAX_CONSECUTIVE_ERRORS} tasks in a row failed to run "
            f"(not rejected: the machinery failed). Last error: {last}"
        )
    return results


def _log_error(out: Path, task_id: str, detail: str) -> None:
    folder = out / "logs" / task_id
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "error.log").write_text(detail + "\n", encoding="utf-8")


def summarize(
    specs: Sequence[TaskSpec], outcomes: Sequence[TaskOutcome], wall_s: float
) -> BatchSummary:
    """Totals over the whole batch (earlier runs' bundles included); rate of this run only."""
    domain_of = {s.task.task_id: s.task.domain for s in specs}
    summary = BatchSummary(wall_s=round(wall_s, 3))
    rounds: list[int] = []
    new_accepted = 0
    usage = RoleUsage()
    for o in outcomes:
        status = o.detail if o.status == "skipped" else o.status
        if o.status == "skipped":
            summary.skipped += 1
        if status == "accepted":
            summary.accepted += 1
            new_accepted += o.status == "accepted"
        elif status == "rejected":
            summary.rejected += 1
        elif status == "error":
            summary.errors += 1
        if status in ("accepted", "rejected"):
            rounds.append(o.rounds)
            usage = usage + o.usage
        per = summary.by_domain.setdefault(domain_of.get(o.task_id, "?"), {})
        per[status] = per.get(status, 0) + 1
    summary.rounds_mean = round(sum(rounds) / len(rounds), 3) if rounds else 0.0
    summary.tokens_in, summary.tokens_out = usage.tokens_in, usage.tokens_out
    summary.cost_usd = round(usage.cost_usd, 6)
    summary.tuples_per_hour = round(new_accepted * 3600.0 / wall_s, 1) if wall_s > 0 else 0.0
    return summary


# -- the same tasks on another executor (one orchestrator per worker) ---------------------------
@dataclass(frozen=True)
class _WorkerSpec:
    """The recipe of a synthesis worker: picklable, so a Ray actor can build one."""

    backend: RoleBackend | None
    backend_factory: Callable[[], RoleBackend] | None
    out: Path
    web_apps: tuple[str, ...]
    max_rounds: int
    role_timeout_s: float
    script_timeout_s: float
    role_limits: Limits | None
    env_provider: str
    env_options: dict[str, Any]
    near_miss_budget: int = DEFAULT_NEAR_MISS_BUDGET
    reuse_envs: bool = True

    def __call__(self) -> _Worker:
        return _Worker(self)


class _Worker:
    """A hub, a role API, jails and an orchestrator of its own; one task at a time."""

    def __init__(self, spec: _WorkerSpec) -> None:
        self.spec = spec
        self.stack = contextlib.AsyncExitStack()
        self.orch: Orchestrator | None = None
        self.work: Path | None = None

    async def start(self) -> None:
        spec = self.spec
        backend = spec.backend_factory() if spec.backend_factory else spec.backend
        assert backend is not None
        hub = None
        if spec.web_apps:
            hub = await self.stack.enter_async_context(
                serve_hub(discover_web_apps(list(spec.web_apps)))
            )
        api = await self.stack.enter_async_context(RoleApiServer().serve())
        tmp = spec.out / TMP_DIR_NAME
        tmp.mkdir(parents=True, exist_ok=True)
        self.work = tmp / f"work.{_host()}.{os.getpid()}.{secrets.token_hex(4)}"
        self.work.mkdir(mode=0o700)
        jails = RoleJails(
            api_url=api.url, limits=spec.role_limits, with_package=backend.needs_package,
            reuse=backend.reuse_jails, warm_modules=backend.warm_modules(),
        )  # fmt: skip
        self.stack.push_async_callback(jails.close)
        check_outside(self.work, jails.binds)
        pool = EnvPool(max_idle=6 if spec.reuse_envs else 0)  # a few shapes of one task
        self.stack.push_async_callback(pool.close)
        consensus = ConsensusRunner(
            hub=hub, env_provider=spec.env_provider, env_options=spec.env_options,
            script_timeout_s=spec.script_timeout_s, near_miss_budget=spec.near_miss_budget,
            env_pool=pool,
        )  # fmt: skip
        self.orch = Orchestrator(
            backend=backend, consensus=consensus, jails=jails, api=api, out=spec.out,
            work_root=self.work, max_rounds=spec.max_rounds, role_timeout_s=spec.role_timeout_s,
            env_provider=spec.env_provider, env_options=spec.env_options,
        )  # fmt: skip

    async def run(self, task: TaskSpec) -> TaskOutcome:
        assert self.orch is not None
        return await self.orch.run_task(task)

    async def close(self) -> None:
        try:
            await self.stack.aclose()
        finally:
            if self.work is not None:
                shutil.rmtree(self.work, ignore_errors=True)
                remove_if_empty(self.work.parent)


async def _run_on_executor(
    todo: list[TaskSpec], backend: RoleBackend, options: BatchOptions
) -> list[TaskOutcome]:
    web = {a.app_id for a in discover_web_apps()}
    spec = _WorkerSpec(
        backend=None if options.backend_factory else backend,
        backend_factory=options.backend_factory, out=options.out,
        web_apps=tuple(sorted({a for t in todo for a in t.task.apps if a in web})),
        max_rounds=options.max_rounds, role_timeout_s=options.role_timeout_s,
        script_timeout_s=options.script_timeout_s, role_limits=options.role_limits,
        env_provider=options.env_provider, env_options=options.env_options,
        near_miss_budget=options.near_miss_budget, reuse_envs=options.reuse_envs,
    )  # fmt: skip
    results: list[TaskOutcome] = []

    def done(i: int, outcome: TaskOutcome | BaseException) -> None:
        if not isinstance(outcome, TaskOutcome):
            detail = f"{type(outcome).__name__}: {outcome}"
            outcome = TaskOutcome(task_id=todo[i].task.task_id, status="error", detail=detail)
            _log_error(options.out, todo[i].task.task_id, detail)
        results.append(outcome)
        if options.on_done:
            options.on_done(outcome)

    if options.on_start:
        for task in todo:
            options.on_start(task)
    await run_pool(
        spec, todo, workers=options.workers, executor=options.executor, ray=options.ray,
        on_result=done,
    )  # fmt: skip
    return results
