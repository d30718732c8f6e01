"""``ConsensusRunner``: C1-C7 for one task, observed in fresh environments.

    async with ConsensusRunner() as runner:           # starts an embedded hub for web tasks
        report = await runner.check(task, initial_setup, golden_patch, reward)

The orchestrator splits this in two: :meth:`ConsensusRunner.prepare` builds V_init and V_gold
once per Generator round (C1, C2; both environments in parallel) and keeps them open, so the
Discriminator can read their state; :meth:`ConsensusRunner.judge` scores a reward.py on them
(C3-C7) as often as the Discriminator rewrites it. Every reward run starts from the prepared
snapshot (home and hub session), so no run can influence the next and judging is repeatable.
Both environments also keep the state right after setup as the snapshot ``initial``, which a
reward sees read-only as ``$CUAGYM_INITIAL_HOME`` (to compare everything outside its target).

What counts as passing is decided in ``_checks`` (pure functions); this module only runs
scripts and observes. A failure of the machinery itself (the sandbox does not start, the hub is
unreachable) raises: it says nothing about the task.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, TypeVar

from cuagym.core import TaskConfig
from cuagym.core.files import INITIAL_SNAPSHOT
from cuagym.core.near_misses import NearMissReport
from cuagym.envs import Environment, HubLink, ScriptResult, StateQuery, make_env
from cuagym.hub import EmbeddedHub, discover_web_apps, serve_hub
from cuagym.synth._checks import (
    check_gold_scores_one,
    check_init_scores_zero,
    check_near_misses,
    check_no_forbidden_patterns,
    check_patch_runs,
    check_reward_deterministic,
    check_setup_runs,
    make_reward_run,
    script_failure,
)
from cuagym.synth._consensus_models import (
    ConditionOutcome,
    ConsensusReport,
    RewardRun,
    StateName,
)
from cuagym.synth._env_pool import EnvLease, EnvPool, pool_key
from cuagym.synth._hub_sessions import HubSessions
from cuagym.synth._near_miss_run import DEFAULT_NEAR_MISS_BUDGET, run_near_misses
from cuagym.synth._scan import scan_source
from cuagym.synth._scan_models import ScanReport, Violation

__all__ = ["ConsensusError", "ConsensusRunner", "PreparedEnvs"]

PREPARED_SNAPSHOT = "prepared"
_T = TypeVar("_T")
# The home as compared before/after a reward run: entries with kind, size, mode, hash, target.
_TREE_QUERY = StateQuery(parse=False, hub=False, text_max_bytes=0, hash=True)
HomeTree = dict[str, tuple[str, int, int, str | None, str | None]]


class ConsensusError(RuntimeError):
    """The check cannot be set up for this task (e.g. a web task and no hub to serve it)."""


@dataclass
class PreparedEnvs:
    """V_init and V_gold after C1/C2, kept open (and snapshotted) for judging."""

    task_id: str
    v_init: Environment
    v_gold: Environment
    c1: ConditionOutcome
    c2: ConditionOutcome
    setup_init: ScriptResult
    setup_gold: ScriptResult
    patch: ScriptResult | None
    web_apps: tuple[str, ...] = ()
    timings_s: dict[str, float] = field(default_factory=dict)
    hub: HubSessions | None = None
    #: where the environments came from (a pool takes them back on a clean close)
    leases: tuple[EnvLease, ...] = ()
    _closed: bool = False

    @property
    def init_ready(self) -> bool:
        """V_init holds s_init: initial_setup.py ran clean there."""
        return script_failure(self.setup_init) is None

    @property
    def gold_ready(self) -> bool:
        """V_gold holds s_gold: setup and golden_patch.py both ran clean there."""
        return self.patch is not None and script_failure(self.patch) is None

    def env(self, state: StateName) -> Environment:
        return self.v_init if state == "init" else self.v_gold

    async def close(self, *, reusable: bool = False) -> None:
        """Close both environments, or give them back to their pool when ``reusable`` (the
        caller's work with them ended without an error)."""
        if self._closed:
            return
        self._closed = True
        try:
            if self.leases:
                await asyncio.gather(*(lease.release(reusable) for lease in self.leases))
            else:
                await asyncio.gather(self.v_init.close(), self.v_gold.close())
        finally:
            if self.hub is not None:
                await self.hub.close()

    async def __aenter__(self) -> PreparedEnvs:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, *exc: object) -> None:
        await self.close(reusable=exc_type is None)


async def _timed(timings: dict[str, float], key: str, work: Awaitable[_T]) -> _T:
    start = time.perf_counter()
    try:
        return await work
    finally:
        timings[key] = round(time.perf_counter() - start, 4)


async def _both(
    first: Callable[[], Awaitable[_T]], second: Callable[[], Awaitable[_T]]
) -> tuple[_T, _T]:
    """Run two coroutines in parallel; if one fails, wait for the other, then raise."""
    a, b = await asyncio.gather(first(), second(), return_exceptions=True)
    for outcome in (a, b):
        if isinstance(outcome, BaseException):
            raise outcome
    return a, b  # type: ignore[return-value]


async def _home_tree(env: Environment) -> HomeTree:
    state = await env.read_state(_TREE_QUERY)
    return {f.path: (f.kind, f.size, f.mode, f.sha256, f.target) for f in state.files}


def _tree_changes(before: HomeTree, after: HomeTree) -> list[str]:
    out = [f"added {p}" for p in sorted(after.keys() - before.keys())]
    out += [f"removed {p}" for p in sorted(before.keys() - after.keys())]
    out += [f"changed {p}" for p in sorted(before.keys() & after.keys()) if before[p] != after[p]]
    return out


class ConsensusRunner:
    """Checks C1-C6 for tasks in fresh environments of ``env_provider``.

    ``hub``: the hub web tasks' environments reach; as an async context manager the runner
    starts an embedded one with every installed web app when none is given.
    ``env_options``: keyword arguments of every environment (e.g. ``state_root``, ``limits``).
    ``script_timeout_s``: wall-clock limit of each script run.
    ``near_miss_budget``: C7's bound on the near misses tried per tuple (0: C7 is not run).
    ``env_pool``: started environments to reuse between tasks, reset as good as new (the
    ``local`` provider's only; ``_env_pool``); the caller closes it. Without one, every task
    starts and closes its own.
    """

    def __init__(
        self,
        *,
        hub: EmbeddedHub | None = None,
        env_provider: str = "local",
        env_options: dict[str, Any] | None = None,
        script_timeout_s: float = 120.0,
        near_miss_budget: int = DEFAULT_NEAR_MISS_BUDGET,
        env_pool: EnvPool | None = None,
    ) -> None:
        self.hub = hub
        self.env_pool = env_pool if env_provider == "local" else None
        self.near_miss_budget = near_miss_budget
        self.env_provider = env_provider
        self.env_options = dict(env_options or {})
        self.script_timeout_s = script_timeout_s
        self._stack: contextlib.AsyncExitStack | None = None
        self._installed_web_apps: frozenset[str] | None = None

    async def __aenter__(self) -> ConsensusRunner:
        if self.hub is None:
            self._stack = contextlib.AsyncExitStack()
            self.hub = await self._stack.enter_async_context(serve_hub(discover_web_apps()))
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._stack is not None:
            stack, self._stack = self._stack, None
            self.hub = None
            await stack.aclose()

    # -- which apps need the hub ---------------------------------------------------------------
    def web_apps(self, task: TaskConfig) -> tuple[str, ...]:
        """The task's apps that live in the hub; raises ConsensusError if one is not served."""
        served = set(self.hub.app_ids) if self.hub is not None else set()
        if self._installed_web_apps is None:
            self._installed_web_apps = frozenset(a.app_id for a in discover_web_apps())
        web = [a for a in dict.fromkeys(task.apps) if a in served or a in self._installed_web_apps]
        missing = [a for a in web if a not in served]
        if missing:
            where = "no hub was given" if self.hub is None else "the hub does not serve them"
            raise ConsensusError(
                f"task {task.task_id} uses web app(s) {missing}, but {where}: pass hub= or use "
                "`async with ConsensusRunner() as runner` to start one"
            )
        return tuple(web)

    # -- the two lanes: build an environment, then score it --------------------------------
    def _environments(
        self, task: TaskConfig
    ) -> tuple[dict[StateName, EnvLease], tuple[str, ...], HubSessions | None]:
        """Two environments (new, or pooled ones to reset: :meth:`EnvLease.ready`), each with
        a hub session of its own for web tasks (new, or forgotten by the reset)."""
        web = self.web_apps(task)
        sessions: HubSessions | None = None
        envs: dict[StateName, EnvLease] = {}
        sids: dict[str, str] = {}
        for state in _STATES:
            options: dict[str, Any] = dict(self.env_options)
            if self.env_provider == "local":
                # C3-C7 run the reward ~14 times per tuple: fork it from a warm interpreter;
                # V_gold runs two scripts (setup, golden patch): fork them from another.
                options.setdefault("warm_rewards", True)
                options.setdefault("warm_scripts", True)
            if web:
                assert self.hub is not None
                # Fresh sessions: nothing carries over from another task, round or environment.
                sids[state] = f"cv-{state}-{secrets.token_hex(8)}"
                options["hub"] = HubLink(
                    url=self.hub.url, token=self.hub.token, sid=sids[state], apps=web
                )
            make = functools.partial(make_env, self.env_provider, **options)
            key = pool_key(self.env_provider, options)
            envs[state] = (
                self.env_pool.lease(key, make) if self.env_pool is not None
                else EnvLease(None, key, make())
            )  # fmt: skip
            pooled_sid = getattr(envs[state].env, "sid", None)
            if web and envs[state].reused and isinstance(pooled_sid, str):
                sids[state] = pooled_sid  # its own session, forgotten when it is reset
        if web:
            assert self.hub is not None
            sessions = HubSessions(self.hub.url, self.hub.token, web, sids)
        return envs, web, sessions

    async def _build(
        self,
        state: StateName,
        lease: EnvLease,
        initial_setup: str,
        golden_patch: str,
        hub: HubSessions | None,
        timings: dict[str, float],
        reward: str | None = None,
    ) -> tuple[ScriptResult, ScriptResult | None]:
        """Start ``env``, run setup (and on V_gold the patch), snapshot the home and hub.

        The state right after setup is also the snapshot ``initial`` (on both environments):
        rewards see it read-only as the initial home (``cuagym.core._initial_home``).
        ``reward``, when already known (``check``): its warm runner starts while setup runs."""
        await _timed(timings, f"start_{state}", lease.ready())
        env = lease.env
        prestart = getattr(env, "prestart_reward", None) if reward is not None else None
        early = asyncio.ensure_future(prestart(reward)) if prestart is not None else None
        try:
            return await self._build_scripts(state, env, initial_setup, golden_patch, hub, timings)
        finally:
            if early is not None:  # best effort: a runner that did not start leaves runs cold
                with contextlib.suppress(Exception):
                    await early

    async def _build_scripts(
        self,
        state: StateName,
        env: Environment,
        initial_setup: str,
        golden_patch: str,
        hub: HubSessions | None,
        timings: dict[str, float],
    ) -> tuple[ScriptResult, ScriptResult | None]:
        setup = await _timed(
            timings, f"setup_{state}",
            env.run_script(initial_setup, "initial_setup", self.script_timeout_s),
        )  # fmt: skip
        await env.snapshot(INITIAL_SNAPSHOT)
        patch: ScriptResult | None = None
        if state == "gold" and script_failure(setup) is None:
            patch = await _timed(
                timings, "patch",
                env.run_script(golden_patch, "golden_patch", self.script_timeout_s),
            )  # fmt: skip
        await env.snapshot(PREPARED_SNAPSHOT)
        if hub is not None:
            await hub.snapshot(state)
        return setup, patch

    async def _score(
        self,
        state: StateName,
        env: Environment,
        hub: HubSessions | None,
        reward: str,
        timings: dict[str, float],
    ) -> list[RewardRun]:
        """reward.py twice on ``state``, each time from the prepared snapshot (home and hub)."""
        start = time.perf_counter()
        runs: list[RewardRun] = []
        baseline: HomeTree = {}
        home_changes: list[str] = []
        for index in (1, 2):
            await env.restore(PREPARED_SNAPSHOT)
            if hub is not None:
                stale = await hub.changes(state)  # e.g. a Discriminator's probe since prepare
                if stale:
                    await hub.restore(state, stale)
            if index == 1:
                baseline = await _home_tree(env)
            result = await env.run_script(reward, "reward", self.script_timeout_s)
            # The home is read-only for reward.py in the local provider; the comparison is
            # what catches a write where a provider (or its options) does not enforce that.
            home_changes = _tree_changes(baseline, await _home_tree(env))
            hub_changes = await hub.changes(state) if hub is not None else []
            if hub is not None and hub_changes:
                await hub.restore(state, hub_changes)
            runs.append(
                make_reward_run(
                    state, index, result, home_changes=home_changes, hub_changes=hub_changes
                )
            )
            if result.timed_out:
                break  # a second run would hang as long again: one timeout per script
        if home_changes:
            await env.restore(PREPARED_SNAPSHOT)  # leave the environment as prepared
        timings[f"reward_{state}"] = round(time.perf_counter() - start, 4)
        return runs

    # -- public API ------------------------------------------------------------------------------
    async def prepare(
        self, task: TaskConfig, initial_setup: str, golden_patch: str
    ) -> PreparedEnvs:
        """Build V_init (setup) and V_gold (setup, then patch) in parallel: C1 and C2."""
        leases, web, sessions = self._environments(task)
        timings: dict[str, float] = {}
        start = time.perf_counter()
        try:
            (setup_init, _), (setup_gold, patch) = await _both(
                lambda: self._build(
                    "init", leases["init"], initial_setup, golden_patch, sessions, timings
                ),
                lambda: self._build(
                    "gold", leases["gold"], initial_setup, golden_patch, sessions, timings
                ),
            )
        except BaseException:
            await _release_all(leases, sessions, reusable=False)
            raise
        timings["prepare"] = round(time.perf_counter() - start, 4)
        return _prepared(task, leases, setup_init, setup_gold, patch, web, sessions, timings)

    async def judge(self, task: TaskConfig, prepared: PreparedEnvs, reward: str) -> ConsensusReport:
        """Score ``reward`` on both prepared states (twice each) and scan it: C3-C6."""
        if prepared.task_id != task.task_id:
            raise ConsensusError(
                f"environments of {prepared.task_id} given to judge {task.task_id}"
            )
        timings: dict[str, float] = {}
        start = time.perf_counter()
        scan = _start_scan(reward, timings)

        async def score(state: StateName, ready: bool) -> list[RewardRun]:
            if not ready:
                return []
            return await self._score(state, prepared.env(state), prepared.hub, reward, timings)

        try:
            init_runs, gold_runs = await _both(
                lambda: score("init", prepared.init_ready),
                lambda: score("gold", prepared.gold_ready),
            )
            near = await self._near_misses(task, prepared, reward, gold_runs, timings)
        finally:
            violations = await scan
        timings["judge"] = round(time.perf_counter() - start, 4)
        return _report(prepared, init_runs, gold_runs, violations, timings, near)

    async def _near_misses(
        self,
        task: TaskConfig,
        prepared: PreparedEnvs,
        reward: str,
        gold_runs: list[RewardRun],
        timings: dict[str, float],
    ) -> NearMissReport | None:
        """C7 on V_gold, when the reward scored it 1.0 within the contract (else C3 fails and
        near misses of it say nothing)."""
        gold = _judged(gold_runs)
        if self.near_miss_budget <= 0 or gold is None:
            return None
        if not gold.follows_contract or gold.reward != 1.0 or not prepared.init_ready:
            return None
        return await run_near_misses(
            prepared.task_id,
            prepared.v_init,
            prepared.v_gold,
            prepared.hub,
            reward,
            snapshot=PREPARED_SNAPSHOT,
            quoted=f"{task.instruction}\n{task.context}",
            budget=self.near_miss_budget,
            timeout_s=self.script_timeout_s,
            timings=timings,
            home_free=bool(task.apps) and len(self.web_apps(task)) == len(set(task.apps)),
        )

    async def check(
        self, task: TaskConfig, initial_setup: str, golden_patch: str, reward: str
    ) -> ConsensusReport:
        """The whole consensus check of one tuple, in fresh environments closed afterwards.

        Same result as prepare + judge + close, pipelined: V_init is scored as soon as it is
        built, while V_gold is still running golden_patch.py.
        """
        leases, web, sessions = self._environments(task)
        timings: dict[str, float] = {}
        start = time.perf_counter()
        scan = _start_scan(reward, timings)
        finished = False

        async def lane(
            state: StateName,
        ) -> tuple[ScriptResult, ScriptResult | None, list[RewardRun]]:
            setup, patch = await self._build(
                state, leases[state], initial_setup, golden_patch, sessions, timings, reward
            )
            ready = script_failure(setup) is None and (
                state == "init" or (patch is not None and script_failure(patch) is None)
            )
            env = leases[state].env
            runs = await self._score(state, env, sessions, reward, timings) if ready else []
            return setup, patch, runs

        try:
            (setup_init, _, init_runs), (setup_gold, patch, gold_runs) = await _both(
                lambda: lane("init"), lambda: lane("gold")
            )
            prepared = _prepared(
                task, leases, setup_init, setup_gold, patch, web, sessions, timings
            )
            near = await self._near_misses(task, prepared, reward, gold_runs, timings)
            finished = True
        finally:
            violations = await scan
            await _release_all(leases, sessions, reusable=finished)
        prepared.hub = None  # closed with the environments
        timings["total"] = round(time.perf_counter() - start, 4)
        return _report(prepared, init_runs, gold_runs, violations, timings, near)


_STATES: tuple[StateName, StateName] = ("init", "gold")


def _start_scan(reward: str, timings: dict[str, float]) -> asyncio.Future[list[Violation]]:
    """C5's scan as CPU work in a thread, overlapping the sandboxed runs."""

    def scan() -> list[Violation]:
        return scan_source(reward, "reward.py").violations

    return asyncio.ensure_future(_timed(timings, "scan", asyncio.to_thread(scan)))


async def _release_all(
    leases: dict[StateName, EnvLease], sessions: HubSessions | None, *, reusable: bool
) -> None:
    try:
        await asyncio.gather(*(lease.release(reusable) for lease in leases.values()))
    finally:
        if sessions is not None:
            await sessions.close()


def _prepared(
    task: TaskConfig,
    leases: dict[StateName, EnvLease],
    setup_init: ScriptResult,
    setup_gold: ScriptResult,
    patch: ScriptResult | None,
    web: tuple[str, ...],
    sessions: HubSessions | None,
    timings: dict[str, float],
) -> PreparedEnvs:
    return PreparedEnvs(
        task_id=task.task_id,
        v_init=leases["init"].env,
        v_gold=leases["gold"].env,
        c1=check_setup_runs(setup_init, setup_gold),
        c2=check_patch_runs(patch),
        setup_init=setup_init,
        setup_gold=setup_gold,
        patch=patch,
        web_apps=web,
        timings_s=timings,
        hub=sessions,
        leases=(leases["init"], leases["gold"]),
    )


def _judged(runs: list[RewardRun]) -> RewardRun | None:
    """The run C3/C4 judge: the first that broke the contract, else the first (a violation in
    either run counts; a different score is C6's business)."""
    return next((r for r in runs if not r.follows_contract), runs[0] if runs else None)


def _report(
    prepared: PreparedEnvs,
    init_runs: list[RewardRun],
    gold_runs: list[RewardRun],
    violations: list[Violation],
    timings: dict[str, float],
    near: NearMissReport | None = None,
) -> ConsensusReport:
    """C1-C7 from what was observed (the verdicts themselves are ``_checks``')."""
    if prepared.c2.ok is None:
        gold_missing = "initial_setup.py failed on V_gold"
    else:
        gold_missing = "golden_patch.py failed on V_gold"
    init_run = init_runs[0] if init_runs else None
    gold_run = gold_runs[0] if gold_runs else None
    conditions: dict[str, ConditionOutcome] = {
        "C1": prepared.c1,
        "C2": prepared.c2,
        "C3": check_gold_scores_one(_judged(gold_runs), gold_missing),
        "C4": check_init_scores_zero(_judged(init_runs), "initial_setup.py failed on V_init"),
        "C5": check_no_forbidden_patterns(ScanReport(path="reward.py", violations=violations)),
        "C6": check_reward_deterministic([*init_runs, *gold_runs]),
        "C7": check_near_misses(near, "C3 did not hold: no gold state scored 1.0"),
    }
    return ConsensusReport(
        task_id=prepared.task_id,
        conditions=conditions,
        r_init=init_run.reward if init_run else None,
        r_gold=gold_run.reward if gold_run else None,
        init_output=init_run.output if init_run else None,
        gold_output=gold_run.output if gold_run else None,
        forbidden=violations,
        passed=ConsensusReport.verdict(conditions),
        timings_s={**prepared.timings_s, **timings},
        runs=[*init_runs, *gold_runs],
        near_misses=near,
    )
