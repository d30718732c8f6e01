"""Started environments kept between the tasks of a batch, reset as good as new.

Starting an environment costs its sandbox's supervisor and the warm runners' jails and
interpreters: about 0.3 CPU-s, against 0.07 to reset one (measured on 2 cores, a web task's
setup and four reward runs each way), and a tuple needs two. So ``synth`` and ``verify`` keep
the environments of finished tasks in a pool and hand them to the next task of the same shape
(the same provider options and web apps), reset the way a role's scratch environment is reset:

* its home goes back to the snapshot taken right after it started (the overlay's layers of
  the past task are dropped from the stack: nothing of them shows);
* its hub sessions are forgotten (``reset``: each app then falls back to its seed, as a new
  session does);
* what a run sees besides the home (/tmp, /dev/shm, /opt/task, the views) is per run already,
  and every process a run started was killed at its end (the runners sweep their jails).

An environment is only pooled after a task that ended without an error (a failure of the
machinery may have left it in any state), and it is retired after ``max_uses`` tasks: the
frozen layers and views of past tasks stay on its disk until it closes. ``max_idle`` bounds
how many wait (each holds a uid lease and a few processes); the oldest is closed first.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cuagym.envs import Environment
from cuagym.synth._role_api import reset_hub

__all__ = ["EnvLease", "EnvPool", "pool_key"]

#: The snapshot of a pooled environment's home as it started (before any task).
CLEAN_SNAPSHOT = "pool-clean"


def pool_key(provider: str, options: Mapping[str, Any]) -> str:
    """Environments are interchangeable when made by the same provider with the same options
    but the hub session id (each keeps its own and resets it)."""
    shape = dict(options)
    hub = shape.pop("hub", None)
    if hub is not None:
        shape["hub"] = {"url": str(hub.url), "apps": list(hub.apps)}
    return json.dumps([provider, shape], sort_keys=True, default=repr)


@dataclass
class _Idle:
    env: Environment
    uses: int


@dataclass
class EnvLease:
    """One environment lent to one task: :meth:`ready` before use, :meth:`release` after."""

    pool: EnvPool | None
    key: str
    env: Environment
    uses: int = 0
    _ready: bool = field(default=False, repr=False)

    @property
    def reused(self) -> bool:
        return self.uses > 0

    async def ready(self) -> None:
        """Start a new environment (and snapshot its clean home), or reset a pooled one."""
        if self._ready:
            return
        if self.reused:
            await self.env.restore(CLEAN_SNAPSHOT)
            await reset_hub(self.env)
        else:
            await self.env.start()
            if self.pool is not None:
                await self.env.snapshot(CLEAN_SNAPSHOT)
        self._ready = True

    async def release(self, reusable: bool) -> None:
        """Back to the pool when ``reusable`` (the task ended without an error), else closed."""
        if self.pool is not None and reusable and self._ready:
            await self.pool._give(self.key, self.env, self.uses + 1)
        else:
            await self.env.close()


class EnvPool:
    """Idle environments by shape (see :func:`pool_key`); close it when the batch ends."""

    def __init__(self, *, max_idle: int = 8, max_uses: int = 24) -> None:
        if max_idle < 0 or max_uses < 1:
            raise ValueError("max_idle must be >= 0 and max_uses >= 1")
        self.max_idle = max_idle
        self.max_uses = max_uses
        self._idle: dict[str, list[_Idle]] = {}
        self._order: list[tuple[str, Environment]] = []  # oldest first, for eviction
        self._closed = False
        self.started = 0
        self.reused = 0

    def lease(self, key: str, make: Callable[[], Environment]) -> EnvLease:
        """A pooled environment of this shape (to be reset), or a new one from ``make``."""
        waiting = self._idle.get(key)
        if waiting and not self._closed:
            idle = waiting.pop()
            self._order.remove((key, idle.env))
            self.reused += 1
            return EnvLease(self, key, idle.env, idle.uses)
        self.started += 1
        return EnvLease(None if self._closed else self, key, make())

    async def _give(self, key: str, env: Environment, uses: int) -> None:
        if self._closed or uses >= self.max_uses or self.max_idle == 0:
            await env.close()
            return
        self._idle.setdefault(key, []).append(_Idle(env, uses))
        self._order.append((key, env))
        while len(self._order) > self.max_idle:
            old_key, old = self._order.pop(0)
            self._idle[old_key] = [i for i in self._idle[old_key] if i.env is not old]
            await old.close()

    @property
    def idle(self) -> int:
        return len(self._order)

    async def close(self) -> None:
        """Close every idle environment; environments lent out are closed when released."""
        self._closed = True
        envs = [env for _key, env in self._order]
        self._idle.clear()
        self._order.clear()
        results = await asyncio.gather(*(env.close() for env in envs), return_exceptions=True)
        for result in results:
            if isinstance(result, BaseException) and not isinstance(result, Exception):
                raise result
