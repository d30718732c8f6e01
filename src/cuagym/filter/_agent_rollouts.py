"""Teacher rollouts through the rollout layer (:mod:`cuagym.agent`, DESIGN.md §6).

A pool of reusable GUI environments (:class:`~cuagym.agent.RolloutEnv`: its own display and hub
session each, restored to a clean home before every episode), at most ``workers`` of them,
started on first use; one embedded hub for the web apps the corpus uses; one policy per
episode from :func:`~cuagym.agent.make_policies`. Each episode is written atomically to
``root/<task_id>/<k>/``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cuagym.agent import (
    HubInfo,
    NoOracle,
    Policies,
    PolicyConfig,
    RolloutEnv,
    RolloutOptions,
    make_policies,
)
from cuagym.core import Bundle, Episode, TaskConfig

__all__ = ["AgentRollouts", "NoOracle"]


class AgentRollouts:
    """A :class:`~cuagym.filter._rollouts.RolloutRunner` over ``cuagym.agent``."""

    def __init__(
        self,
        policy: PolicyConfig,
        *,
        tasks: Sequence[TaskConfig] = (),
        workers: int = 1,
        options: RolloutOptions | None = None,
        env_options: dict[str, Any] | None = None,
        screen: tuple[int, int] = (1280, 800),
        policies: Policies | None = None,
    ) -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        policy.require_installed()  # a bad name or a missing SDK fails before any env starts
        self.config = policy
        self.label = policy.policy
        self.workers = workers
        self.options = options or RolloutOptions()
        self.env_options = dict(env_options or {})
        self.screen = screen
        self.policies = policies or make_policies(policy)
        self._apps = sorted({a for t in tasks for a in t.apps})
        self._stack = contextlib.AsyncExitStack()
        self._hub: HubInfo | None = None
        self._hub_started = False
        self._idle: asyncio.Queue[RolloutEnv] = asyncio.Queue()
        self._envs: list[RolloutEnv] = []
        self._lock = asyncio.Lock()

    async def _start_hub(self) -> HubInfo | None:
        from cuagym.hub import discover_web_apps, serve_hub

        web = {a.app_id: a for a in discover_web_apps()}
        wanted = [a for a in self._apps if a in web]
        if not wanted:
            return None
        hub = await self._stack.enter_async_context(serve_hub([web[a] for a in wanted]))
        return HubInfo(url=hub.url, token=hub.token, apps=tuple(wanted))

    async def _env(self) -> RolloutEnv:
        async with self._lock:
            if not self._hub_started:
                self._hub = await self._start_hub()
                self._hub_started = True
            if self._idle.empty() and len(self._envs) < self.workers:
                env = RolloutEnv(hub=self._hub, env_options=self.env_options, screen=self.screen)
                await env.start()
                self._envs.append(env)
                return env
        return await self._idle.get()

    async def run(self, bundle: Path, k: int, root: Path) -> Episode:
        loaded = Bundle.load(bundle)
        policy = self.policies(loaded.task)  # NoOracle: the tuple stays undecided, said why
        env = await self._env()
        try:
            result = await env.episode(
                loaded, policy, k=k, options=self.options, bundle_path=str(bundle)
            )
        finally:
            self._idle.put_nowait(env)
        folder = await asyncio.to_thread(result.write, root, replace=True)
        return Episode.load(folder)

    async def aclose(self) -> None:
        try:
            await asyncio.gather(*(e.close() for e in self._envs), return_exceptions=True)
            await self.policies.aclose()
        finally:
            await self._stack.aclose()
