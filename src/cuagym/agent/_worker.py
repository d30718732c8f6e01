"""A rollout worker: one GUI environment reused across episodes, and the policy client.

The environment is started once (its sandbox, its own Xvfb display, its hub session) and
snapshotted clean; each episode restores that snapshot (which also closes the previous
episode's windows) and resets the environment's hub session for every web app, so an episode
finds the seed state and a browser context of its own (the environment's Chromium is kept
running across episodes, but each window opens in a fresh, empty context: no cookies,
storage, cache or history of an earlier episode): nothing carries over from the one before,
and parallel workers never share a display, a home or a session. After an episode
that ended in ``error`` (the machinery may be what failed) and every ``recycle_after``
episodes (frozen layers accumulate), the environment is replaced by a fresh one.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from cuagym.agent._loop import EpisodeResult, RolloutOptions, run_episode
from cuagym.agent._policies import Policies, PolicyConfig, make_policies
from cuagym.agent._start import WebSession
from cuagym.core import Bundle, GUIEnvironment, Policy

__all__ = ["CLEAN_SNAPSHOT", "HubInfo", "RolloutEnv", "RolloutJob", "RolloutWorkerSpec"]

#: The environment's home right after it started (before any task's setup).
CLEAN_SNAPSHOT = "clean"


@dataclass(frozen=True)
class HubInfo:
    """A running hub the environments reach: its root URL, token and the apps it serves."""

    url: str
    token: str
    apps: tuple[str, ...]


@dataclass(frozen=True)
class RolloutJob:
    """Rollout ``k`` of the bundle in folder ``bundle``."""

    bundle: str
    k: int
    task_id: str = ""
    domain: str = ""


class RolloutEnv:
    """One reusable GUI environment with its own display and hub session."""

    def __init__(
        self,
        *,
        hub: HubInfo | None = None,
        env_options: dict[str, Any] | None = None,
        screen: tuple[int, int] = (1280, 800),
        recycle_after: int = 100,
    ) -> None:
        self.hub = hub
        self.env_options = dict(env_options or {})
        self.screen = screen
        self.recycle_after = recycle_after
        self.env: GUIEnvironment | None = None
        self.sid: str | None = None
        self._episodes = 0

    async def start(self) -> None:
        from cuagym.envs import HubLink, LocalEnvironment

        options = dict(self.env_options)
        if self.hub is not None:
            self.sid = f"ro-{secrets.token_hex(8)}"
            options["hub"] = HubLink(
                url=self.hub.url, token=self.hub.token, sid=self.sid, apps=self.hub.apps
            )
        env = LocalEnvironment(gui=True, screen=self.screen, **options)
        await env.start()
        try:
            await env.snapshot(CLEAN_SNAPSHOT)
        except BaseException:
            await env.close()
            raise
        self.env, self._episodes = env, 0

    async def close(self) -> None:
        env, self.env = self.env, None
        if env is not None:
            await env.close()

    async def __aenter__(self) -> RolloutEnv:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def episode(
        self,
        bundle: Bundle,
        policy: Policy,
        *,
        k: int = 0,
        options: RolloutOptions | None = None,
        bundle_path: str | None = None,
    ) -> EpisodeResult:
        """One episode of ``bundle`` from the clean state (see the module docstring)."""
        if self.env is None or self._episodes >= self.recycle_after:
            await self.close()
            await self.start()
        env = self.env
        assert env is not None  # start() made it
        self._episodes += 1
        web = None
        if self.hub is not None and self.sid is not None:
            await self._reset_sessions()
            web = WebSession(url=self.hub.url, sid=self.sid, token=self.hub.token)
        result = await run_episode(
            bundle, policy, env, k=k, options=options, web=web,
            restore=CLEAN_SNAPSHOT, bundle_path=bundle_path,
        )  # fmt: skip
        if result.record.status == "error":
            self._episodes = self.recycle_after  # a fresh environment for the next episode
        return result

    async def _reset_sessions(self) -> None:
        """A fresh session in every app: ``reset`` forgets it, it falls back to the seed."""
        assert self.hub is not None and self.sid is not None
        headers = {"Authorization": f"Bearer {self.hub.token}"}
        url = self.hub.url.rstrip("/")
        # No TLS on a plain-http hub: loading the CA store costs ~40 ms of CPU a client.
        verify = not url.startswith("http://")
        async with httpx.AsyncClient(base_url=url, timeout=30, verify=verify) as client:
            for app in self.hub.apps:
                resp = await client.post(
                    f"/{app}/post", params={"sid": self.sid}, json={"action": "reset"},
                    headers=headers,
                )  # fmt: skip
                resp.raise_for_status()


@dataclass
class _RolloutWorker:
    spec: RolloutWorkerSpec
    policies: Policies | None = None
    env: RolloutEnv | None = None

    async def start(self) -> None:
        self.policies = self.spec.make_policies()
        self.env = RolloutEnv(
            hub=self.spec.hub, env_options=self.spec.env_options, screen=self.spec.screen,
            recycle_after=self.spec.recycle_after,
        )  # fmt: skip
        await self.env.start()

    async def run(self, job: RolloutJob) -> EpisodeResult:
        assert self.env is not None and self.policies is not None
        bundle = Bundle.load(job.bundle)
        policy = self.policies(bundle.task)
        return await self.env.episode(
            bundle, policy, k=job.k, options=self.spec.options, bundle_path=job.bundle
        )

    async def close(self) -> None:
        try:
            if self.env is not None:
                await self.env.close()
        finally:
            if self.policies is not None:
                await self.policies.aclose()


@dataclass(frozen=True)
class RolloutWorkerSpec:
    """The recipe of a rollout worker (picklable unless ``policies`` is given)."""

    policy: PolicyConfig
    options: RolloutOptions = field(default_factory=RolloutOptions)
    hub: HubInfo | None = None
    env_options: dict[str, Any] = field(default_factory=dict)
    screen: tuple[int, int] = (1280, 800)
    recycle_after: int = 100
    #: replaces ``make_policies(policy)`` (tests: an SDK client on the scripted double)
    policies: Callable[[], Policies] | None = None

    def make_policies(self) -> Policies:
        return self.policies() if self.policies is not None else make_policies(self.policy)

    def __call__(self) -> _RolloutWorker:
        return _RolloutWorker(self)
