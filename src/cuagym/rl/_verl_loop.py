"""cuagym as a verl agent loop (verl 0.9, V1 trainer): one episode per ``run()``, one output per
slice.

verl instantiates the loop for every episode of a prompt's group (``rollout.n`` sessions) and
calls ``run(sampling_params, **row)`` with the dataset row ``cuagym export verl`` wrote (the
bundle, the instruction as ``raw_prompt``) plus the group's ``uid`` and the ``session_id``. The
loop plays the episode through cuagym's rollout loop (:class:`cuagym.agent.RolloutEnv`: a
reusable sandboxed GUI environment restored to its clean snapshot before every episode, its
web sessions reset) with a :class:`VerlPolicy` generating through verl's
``server_manager.generate(prompt_ids=…, image_data=…)``; the episode is sliced while it plays
(:class:`IncrementalSlicer`) and ``run()`` returns the slices as ``AgentLoopOutput``s, the
reward and ``reward_extra_info`` on the last.

Over-sampling (DESIGN.md §7): of a prompt's ``rollout.n`` sessions (20 in the paper), the first
``group_size`` (16) in session order whose episode did not end in ``error`` are kept; the others
return no output. The sessions of a prompt run in one verl worker process and join a
:class:`_GroupGate` as they start; each waits there, after its episode, for its siblings.

Environments come from a per-process pool (``executor: local`` — environments in the verl worker
process; ``ray`` — one Ray actor per environment, each with its own embedded hub), created on
the first episode and kept for the process's life.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from cuagym._extras import needs_extra
from cuagym.agent import RolloutEnv, RolloutOptions
from cuagym.agent._loop import EpisodeResult
from cuagym.agent.context import SYSTEM_PROMPT
from cuagym.core import Bundle, ImageSpec
from cuagym.exec import actor_runner
from cuagym.rl._chat import ChatEncoder
from cuagym.rl._verl_config import AGENT_NAME, CONTEXT, NEW_TOKENS_PER_TURN, PROMPT
from cuagym.rl._verl_outputs import IncrementalSlicer
from cuagym.rl._verl_policy import VerlPolicy

with needs_extra("train"):  # verl loads this module in its workers
    from verl.experimental.agent_loop.agent_loop import AgentLoopBase, register

__all__ = ["CuagymAgentLoop", "EnvPool"]

logger = logging.getLogger(__name__)


@dataclass
class _GroupGate:
    """The sessions of one prompt: who started, who finished valid."""

    keep: int
    joined: set[int] = field(default_factory=set)
    valid: dict[int, bool] = field(default_factory=dict)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    async def admit(self, session: int, ok: bool) -> bool:
        self.valid[session] = ok
        if set(self.valid) >= self.joined:
            self.done.set()
        await self.done.wait()
        kept = sorted(s for s, good in self.valid.items() if good)[: self.keep]
        return session in kept


# verl makes a new loop object per episode; what the episodes of one worker process share —
# the groups being over-sampled, the environments, the tokenizer's caches — lives here.
_GATES: dict[str, _GroupGate] = {}
_POOLS: dict[tuple[Any, ...], EnvPool] = {}
_ENCODERS: dict[int, ChatEncoder] = {}


class EnvPool:
    """Rollout environments for one process: ``size`` of them, local or Ray actors."""

    def __init__(self, *, size: int, executor: str, screen: tuple[int, int]) -> None:
        if executor not in ("local", "ray"):
            raise ValueError(f"unknown executor {executor!r}: local or ray")
        self.size, self.executor, self.screen = size, executor, screen
        self._free: asyncio.Queue[Any] = asyncio.Queue()
        self._made = 0
        self._hub: Any = None
        self._hub_cm: Any = None
        self._lock = asyncio.Lock()

    async def _make(self) -> Any:
        if self.executor == "ray":
            import ray

            actor = ray.remote(_EnvActor).options(max_concurrency=1)
            return actor.remote(self.screen)
        from cuagym.agent import RolloutEnv

        async with self._lock:
            if self._hub_cm is None:
                self._hub_cm = _serve_all_web_apps()
                self._hub = await self._hub_cm.__aenter__()
        return RolloutEnv(hub=self._hub, screen=self.screen)

    async def play(self, bundle_path: str, policy: VerlPolicy, *, k: int, options: Any) -> Any:
        """Play one episode; returns the ``EpisodeResult`` (and fills ``policy``)."""
        if self._free.empty() and self._made < self.size:
            self._made += 1
            await self._free.put(await self._make())
        env = await self._free.get()
        try:
            if self.executor == "ray":
                result, played = await env.play.remote(bundle_path, policy, k, options)
                policy.turns, policy.sink = played.turns, played.sink
                return result
            bundle = Bundle.load(bundle_path)
            return await env.episode(bundle, policy, k=k, options=options, bundle_path=bundle_path)
        finally:
            self._free.put_nowait(env)

    async def close(self) -> None:
        """Close every environment (and hub) this pool made. A Ray actor closes its own before
        it is killed: a worker that Ray kills takes only its direct children with it (our
        per-app reapers), so the display and apps below them would outlive it."""
        envs: list[Any] = []
        while not self._free.empty():
            envs.append(self._free.get_nowait())
        self._made -= len(envs)
        for env in envs:
            if self.executor == "ray":
                import ray

                with contextlib.suppress(Exception):  # a dead actor has nothing left to close
                    await env.close.remote()
                ray.kill(env, no_restart=True)
            else:
                await env.close()
        if self._hub_cm is not None:
            cm, self._hub_cm, self._hub = self._hub_cm, None, None
            await cm.__aexit__(None, None, None)


class _EnvActor:
    """A Ray actor holding one rollout environment and its own embedded hub, run on a stock
    asyncio loop in its main thread (``actor_runner``: not Ray's uvloop, whose every
    subprocess start forks the whole actor)."""

    def __init__(self, screen: tuple[int, int]) -> None:
        self.runner = actor_runner()
        self.screen = screen
        self.env: RolloutEnv | None = None
        self._hub_cm: Any = None

    # No ``async def`` here: one coroutine method makes Ray run the whole actor on its loop.
    def play(self, bundle_path: str, policy: VerlPolicy, k: int, options: Any) -> Any:
        return self.runner.run(_play_on(self, bundle_path, policy, k, options))

    def close(self) -> None:
        self.runner.run(_close_on(self))


async def _play_on(
    actor: _EnvActor, bundle_path: str, policy: VerlPolicy, k: int, options: RolloutOptions
) -> tuple[EpisodeResult, VerlPolicy]:
    if actor.env is None:
        actor._hub_cm = _serve_all_web_apps()
        hub = await actor._hub_cm.__aenter__()
        actor.env = RolloutEnv(hub=hub, screen=actor.screen)
    bundle = Bundle.load(bundle_path)
    result = await actor.env.episode(bundle, policy, k=k, options=options, bundle_path=bundle_path)
    return result, policy


async def _close_on(actor: _EnvActor) -> None:
    env, actor.env = actor.env, None
    if env is not None:
        await env.close()
    if actor._hub_cm is not None:
        cm, actor._hub_cm = actor._hub_cm, None
        await cm.__aexit__(None, None, None)


def _serve_all_web_apps() -> Any:
    import contextlib

    from cuagym.agent import HubInfo
    from cuagym.hub import discover_web_apps, serve_hub

    @contextlib.asynccontextmanager
    async def serve() -> Any:
        apps = discover_web_apps()
        if not apps:
            yield None
            return
        async with serve_hub(apps) as hub:
            yield HubInfo(url=hub.url, token=hub.token, apps=tuple(a.app_id for a in apps))

    return serve()


@register(AGENT_NAME)
class CuagymAgentLoop(AgentLoopBase):  # type: ignore[misc]
    """verl's agent loop for cuagym bundles (see the module docstring)."""

    def __init__(
        self,
        *args: Any,
        name: str | None = None,
        max_steps: int = 100,
        interval: int = 10,
        max_new_tokens: int = NEW_TOKENS_PER_TURN,
        group_size: int = 16,
        executor: str = "local",
        env_workers: int = 4,
        screen: tuple[int, int] | list[int] = (1280, 800),
        image_spec: dict[str, Any] | None = None,
        pool: EnvPool | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.max_steps = int(max_steps)
        self.interval = int(interval)
        self.max_new_tokens = int(max_new_tokens)
        self.group_size = int(group_size)
        self.spec = ImageSpec.model_validate(dict(image_spec or {}))
        self.max_prompt = int(self.rollout_config.get("prompt_length", PROMPT) or PROMPT)
        self.max_context = int(self.rollout_config.get("max_model_len", CONTEXT) or CONTEXT)
        self.with_logprobs = bool(self.rollout_config.get("calculate_log_probs", False))
        self.model_name = str(self.config.actor_rollout_ref.model.get("path", "verl"))
        key = (executor, int(env_workers), tuple(screen))
        shared = pool or _POOLS.get(key)
        if shared is None:
            shared = _POOLS[key] = EnvPool(
                size=int(env_workers), executor=executor, screen=(int(screen[0]), int(screen[1]))
            )
        self.pool: EnvPool = shared
        processor = self.processor if self.processor is not None else self.tokenizer
        encoder = _ENCODERS.get(id(processor))
        if encoder is None:
            encoder = _ENCODERS[id(processor)] = ChatEncoder(processor)
        self.encoder = encoder

    async def run(self, sampling_params: dict[str, Any], **kwargs: Any) -> list[Any]:
        uid = str(kwargs.get("uid", ""))
        session = int(kwargs.get("session_id", 0))
        gate = _GATES.setdefault(uid, _GroupGate(keep=self.group_size))
        gate.joined.add(session)  # before any await: every sibling has joined by the first one
        ok = False
        try:
            outputs, ok = await self._episode(sampling_params, session, kwargs)
        finally:
            admitted = await gate.admit(session, ok)
            if set(gate.valid) >= gate.joined:
                _GATES.pop(uid, None)
        return outputs if admitted else []

    async def _episode(
        self, sampling_params: dict[str, Any], session: int, row: dict[str, Any]
    ) -> tuple[list[Any], bool]:
        from cuagym.agent import RolloutOptions

        bundle_path = str(row.get("bundle") or (row.get("extra_info") or {}).get("bundle", ""))
        if not bundle_path:
            raise ValueError("the dataset row names no bundle (write it with cuagym export verl)")
        task = Bundle.load(bundle_path).task
        slicer = IncrementalSlicer(
            task_id=task.task_id,
            k=session,
            instruction=task.instruction,
            system=SYSTEM_PROMPT,
            spec=self.spec,
            encoder=self.encoder,
            interval=self.interval,
            max_prompt=self.max_prompt,
            max_context=self.max_context,
            with_logprobs=self.with_logprobs,
        )
        policy = VerlPolicy(
            self.server_manager,
            self.encoder,
            dict(sampling_params),
            spec=self.spec,
            interval=self.interval,
            max_new_tokens=self.max_new_tokens,
            model_name=self.model_name,
            sink=slicer,
        )
        options = RolloutOptions(max_steps=self.max_steps)
        started = time.perf_counter()
        result = await self.pool.play(bundle_path, policy, k=session, options=options)
        record = result.record
        if record.status == "error" or record.reward is None:
            logger.warning("episode %s/%s ended in error: dropped", record.task_id, session)
            return [], False
        slicer = policy.sink if isinstance(policy.sink, IncrementalSlicer) else slicer
        outputs = slicer.finish(record)
        t_model = sum(t.t_model_s for t in result.turns)
        for o in outputs:
            o.metrics.generate_sequences = t_model
            o.metrics.tool_calls = max(0.0, time.perf_counter() - started - t_model)
        return outputs, True
