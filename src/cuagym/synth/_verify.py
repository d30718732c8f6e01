"""Re-running C1-C7 on bundles (``cuagym verify``), here or on a Ray cluster.

Every bundle is checked in fresh environments. Locally, one embedded hub serves the web apps the
bundles use and ``workers`` checks run at once; with ``executor="ray"`` each worker is an actor
with its own hub and consensus runner.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cuagym.core import Bundle
from cuagym.exec import ExecutorName, RayOptions, run_pool
from cuagym.hub import discover_web_apps, serve_hub
from cuagym.synth._consensus import ConsensusRunner
from cuagym.synth._consensus_models import ConsensusReport
from cuagym.synth._env_pool import EnvPool
from cuagym.synth._near_miss_run import DEFAULT_NEAR_MISS_BUDGET

__all__ = ["verify_bundles"]


def _web_apps(bundles: Sequence[Bundle]) -> tuple[str, ...]:
    web_ids = {app.app_id for app in discover_web_apps()}
    return tuple(sorted({a for b in bundles for a in b.task.apps if a in web_ids}))


async def _check(runner: ConsensusRunner, bundle: Bundle) -> ConsensusReport:
    assert bundle.initial_setup is not None and bundle.golden_patch is not None
    assert bundle.reward is not None
    return await runner.check(bundle.task, bundle.initial_setup, bundle.golden_patch, bundle.reward)


@dataclass(frozen=True)
class _VerifierSpec:
    web_apps: tuple[str, ...]
    script_timeout_s: float
    near_miss_budget: int = DEFAULT_NEAR_MISS_BUDGET

    def __call__(self) -> _Verifier:
        return _Verifier(self.web_apps, self.script_timeout_s, self.near_miss_budget)


class _Verifier:
    def __init__(
        self, web_apps: tuple[str, ...], script_timeout_s: float, near_miss_budget: int
    ) -> None:
        self.web_apps = web_apps
        self.script_timeout_s = script_timeout_s
        self.near_miss_budget = near_miss_budget
        self.stack = contextlib.AsyncExitStack()
        self.pool = EnvPool(max_idle=6)  # one bundle in flight, of a few shapes (apps)
        self.stack.push_async_callback(self.pool.close)
        self.runner = ConsensusRunner(
            script_timeout_s=script_timeout_s, near_miss_budget=near_miss_budget,
            env_pool=self.pool,
        )  # fmt: skip

    async def start(self) -> None:
        if self.web_apps:
            hub = await self.stack.enter_async_context(
                serve_hub(discover_web_apps(list(self.web_apps)))
            )
            self.runner = ConsensusRunner(
                hub=hub,
                script_timeout_s=self.script_timeout_s,
                near_miss_budget=self.near_miss_budget,
                env_pool=self.pool,
            )

    async def run(self, bundle: Bundle) -> ConsensusReport:
        return await _check(self.runner, bundle)

    async def close(self) -> None:
        await self.stack.aclose()


async def verify_bundles(
    bundles: Sequence[Bundle],
    *,
    workers: int = 1,
    executor: ExecutorName = "local",
    ray: RayOptions | None = None,
    script_timeout_s: float = 120.0,
    near_miss_budget: int = DEFAULT_NEAR_MISS_BUDGET,
    on_done: Callable[[ConsensusReport], None] | None = None,
) -> list[ConsensusReport]:
    """C1-C7 of each bundle, in argument order. Raises what made a check unable to run.

    ``script_timeout_s``: the limit of each script run (a hanging reward.py is run once per
    state); ``near_miss_budget``: C7's bound on the near misses tried per bundle (0: C7 is
    not run); ``on_done``: called with each report as it comes (progress).
    """
    web = _web_apps(bundles)
    if executor != "local":

        def done(_: int, result: ConsensusReport | BaseException) -> None:
            if on_done is not None and isinstance(result, ConsensusReport):
                on_done(result)

        spec = _VerifierSpec(web, script_timeout_s, near_miss_budget)
        results = await run_pool(
            spec, list(bundles), workers=workers, executor=executor, ray=ray, on_result=done
        )
        for result in results:
            if isinstance(result, BaseException):
                raise result
        return [r for r in results if isinstance(r, ConsensusReport)]
    gate = asyncio.Semaphore(max(1, workers))

    async def run_all(runner: ConsensusRunner) -> list[ConsensusReport]:
        async def one(bundle: Bundle) -> ConsensusReport:
            async with gate:
                report = await _check(runner, bundle)
            if on_done is not None:
                on_done(report)
            return report

        return list(await asyncio.gather(*(one(b) for b in bundles)))

    # Environments of finished bundles are reset and reused (_env_pool): two per bundle in
    # flight, of the few shapes (apps) a run mixes.
    async with contextlib.AsyncExitStack() as stack:
        pool = EnvPool(max_idle=6 * max(1, workers))
        stack.push_async_callback(pool.close)
        if not web:
            return await run_all(
                ConsensusRunner(
                    script_timeout_s=script_timeout_s, near_miss_budget=near_miss_budget,
                    env_pool=pool,
                )
            )  # fmt: skip
        # One embedded hub for the whole run, serving just the apps these bundles use.
        hub = await stack.enter_async_context(serve_hub(discover_web_apps(list(web))))
        return await run_all(
            ConsensusRunner(
                hub=hub, script_timeout_s=script_timeout_s, near_miss_budget=near_miss_budget,
                env_pool=pool,
            )
        )  # fmt: skip
