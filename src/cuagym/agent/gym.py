"""The rollout loop behind Gymnasium's API: ``cuagym/Task-v0``.

    import gymnasium
    import cuagym.agent.gym  # registers cuagym/Task-v0

    env = gymnasium.make("cuagym/Task-v0", bundle="output/final/calc--totals-row--3")
    obs, info = env.reset()            # {"screenshot": HxWx3 uint8, "instruction": str}
    action = {"action": "key", "keys": ["ctrl", "s"]}
    assert env.action_space.contains(action)
    obs, reward, terminated, truncated, info = env.step(action)

``action_space`` is a :class:`ComputerUseSpace`: ``computer_use`` argument dicts (or whole
calls), validated by the action model, with on-screen coordinates in the policy's coordinate
space; its ``sample()`` draws valid actions. ``step`` also takes the model's raw text (parsed as
DESIGN.md §6 says: a malformed one is a step whose parser error comes back in
``info["feedback"]``), which is how a language model acts; text is outside the space. The
episode is :func:`run_episode` itself, driven from here one turn at a time: setup, start screen,
settled screenshots, coordinate conversion, recovery, the bundle's reward.py on termination
(``reward`` is 0 until then). ``terminated`` when the policy terminates, ``truncated`` at the step
budget; ``info["episode"]`` then holds the episode record (its ``checks``, ``status``). A web
bundle gets an embedded hub for the environment's lifetime. Registered ``nondeterministic``:
a GUI's timing is not seeded.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import string
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from cuagym._extras import needs_extra
from cuagym.agent._loop import EpisodeResult, RolloutOptions
from cuagym.agent._parse import CLOSE_TAG, OPEN_TAG, TOOL_NAME
from cuagym.agent._worker import HubInfo, RolloutEnv
from cuagym.core import Bundle, Environment, ImageSpec, Observation, TaskConfig
from cuagym.core.policy import CoordinateSpace

with needs_extra("gym"):  # a one-line error naming the extra, not an ImportError
    import gymnasium
    import numpy as np
    from gymnasium import spaces

    from cuagym.agent._gym_space import ComputerUseSpace

__all__ = ["ENV_ID", "ComputerUseSpace", "TaskEnv", "register"]

ENV_ID = "cuagym/Task-v0"
_T = TypeVar("_T")
_MAX_TEXT = 16384


class _GymPolicy:
    """The loop's policy whose answers come from ``TaskEnv.step`` (a rendezvous of queues)."""

    name = "gym"

    def __init__(self, space: CoordinateSpace, image: ImageSpec | None) -> None:
        self._space: CoordinateSpace = space
        self._image = image
        self.observations: asyncio.Queue[Observation] = asyncio.Queue()
        self.actions: asyncio.Queue[str] = asyncio.Queue()

    @property
    def coordinate_space(self) -> CoordinateSpace:
        return self._space

    @property
    def image(self) -> ImageSpec | None:
        return self._image

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        return None

    async def step(self, observation: Observation) -> str:
        await self.observations.put(observation)
        return await self.actions.get()

    async def end(self) -> None:
        return None


def _as_text(action: Any) -> str:
    """The model's text, or a ``computer_use`` call (its arguments, or name + arguments)."""
    if isinstance(action, str):
        return action
    if isinstance(action, dict):
        call = action if "arguments" in action else {"name": TOOL_NAME, "arguments": action}
        return OPEN_TAG + json.dumps(call, ensure_ascii=False) + CLOSE_TAG
    raise TypeError(f"an action is the model's text or a computer_use dict, not {type(action)}")


class TaskEnv(gymnasium.Env[dict[str, Any], Any]):
    """One bundle as a Gymnasium environment (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["rgb_array"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        bundle: str | Path,
        *,
        max_steps: int = 50,
        coordinate_space: CoordinateSpace = "pixels",
        image: ImageSpec | None = None,
        screen: tuple[int, int] = (1280, 800),
        options: RolloutOptions | None = None,
        env_options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode {render_mode!r}: only rgb_array")
        self.render_mode = render_mode
        self.bundle_path = str(bundle)
        self.bundle = Bundle.load(bundle)
        self.space: CoordinateSpace = coordinate_space
        self.spec_image = image
        self.screen = screen
        self.options = (options or RolloutOptions()).model_copy(
            update={"max_steps": max_steps, "turn_timeout_s": 1e9, "sampler_retries": 0}
        )
        self.env_options = dict(env_options or {})
        width, height = screen
        instruction = self.bundle.task.instruction
        charset = "".join(sorted(set(string.printable) | set(instruction)))
        self.observation_space = spaces.Dict(
            {
                "screenshot": spaces.Box(0, 255, (height, width, 3), dtype=np.uint8),
                "instruction": spaces.Text(
                    max_length=max(_MAX_TEXT, len(instruction)), charset=charset
                ),
            }
        )
        # Coordinates are pixels of the image the policy is sent (or the 0-1000 grid).
        sent = image.size(width, height) if image is not None else (width, height)
        self.action_space = ComputerUseSpace(sent, coordinate_space)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._stack: contextlib.AsyncExitStack | None = None
        self._rollout: RolloutEnv | None = None
        self._policy: _GymPolicy | None = None
        self._episode: asyncio.Task[EpisodeResult] | None = None
        self._last: np.ndarray[Any, Any] | None = None
        self._closed = False

    # -- plumbing ------------------------------------------------------------------------------
    def _run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    async def _start(self) -> None:
        from cuagym.hub import discover_web_apps, serve_hub

        self._stack = contextlib.AsyncExitStack()
        web = {a.app_id: a for a in discover_web_apps()}
        wanted = sorted(a for a in set(self.bundle.task.apps) if a in web)
        hub = None
        if wanted:
            served = await self._stack.enter_async_context(serve_hub([web[a] for a in wanted]))
            hub = HubInfo(url=served.url, token=served.token, apps=tuple(wanted))
        self._rollout = RolloutEnv(hub=hub, env_options=self.env_options, screen=self.screen)
        await self._rollout.start()
        self._stack.push_async_callback(self._rollout.close)

    async def _abort(self) -> None:
        task, self._episode = self._episode, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(BaseException):
                await task

    async def _begin(self) -> tuple[Observation | None, EpisodeResult | None]:
        await self._abort()
        if self._rollout is None:
            await self._start()
        assert self._rollout is not None
        self._policy = _GymPolicy(self.space, self.spec_image)
        self._episode = asyncio.ensure_future(
            self._rollout.episode(
                self.bundle, self._policy, options=self.options, bundle_path=self.bundle_path
            )
        )
        return await self._next()

    async def _next(self) -> tuple[Observation | None, EpisodeResult | None]:
        """The next observation, or the episode's end (whichever comes first)."""
        assert self._policy is not None and self._episode is not None
        getter = asyncio.ensure_future(self._policy.observations.get())
        done, _ = await asyncio.wait({getter, self._episode}, return_when=asyncio.FIRST_COMPLETED)
        if getter in done:
            return getter.result(), None
        getter.cancel()
        return None, self._episode.result()

    async def _act(self, text: str) -> tuple[Observation | None, EpisodeResult | None]:
        assert self._policy is not None
        await self._policy.actions.put(text)
        return await self._next()

    def _obs(self, png: bytes) -> dict[str, Any]:
        from PIL import Image

        with Image.open(io.BytesIO(png)) as image:
            array = np.asarray(image.convert("RGB"), dtype=np.uint8).copy()
        self._last = array
        return {"screenshot": array, "instruction": self.bundle.task.instruction}

    # -- the Gymnasium API -----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if self._closed:
            raise RuntimeError("the environment is closed")
        obs, result = self._run(self._begin())
        if obs is None:
            assert result is not None
            error = result.record.error or result.record.status
            raise RuntimeError(f"the episode could not start: {error}")
        return self._obs(obs.screenshot), {"t": obs.t, "feedback": obs.feedback}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self._episode is None:
            raise RuntimeError("call reset() before step()")
        obs, result = self._run(self._act(_as_text(action)))
        if obs is not None:
            turn = {"t": obs.t, "feedback": obs.feedback, "results": list(obs.results)}
            return self._obs(obs.screenshot), 0.0, False, False, turn
        assert result is not None
        self._episode = None
        record = result.record
        final = result.screens.get("screens/final.png")
        observation = (
            self._obs(final)
            if final is not None
            else {"screenshot": self._last, "instruction": self.bundle.task.instruction}
        )
        info: dict[str, Any] = {"episode": record.model_dump(mode="json")}
        terminated = record.ended_by == "terminate"
        return observation, float(record.reward or 0.0), terminated, not terminated, info

    def render(self) -> np.ndarray[Any, Any] | None:
        return None if self._last is None else self._last.copy()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True

        async def shut() -> None:
            await self._abort()
            if self._stack is not None:
                await self._stack.aclose()

        try:
            self._run(shut())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=30)
            self._loop.close()
        super().close()


def register() -> None:
    """Register ``cuagym/Task-v0`` (idempotent)."""
    if ENV_ID not in gymnasium.registry:
        # By path: gymnasium's creator protocol takes keyword arguments only.
        gymnasium.register(ENV_ID, entry_point="cuagym.agent.gym:TaskEnv", nondeterministic=True)


register()
