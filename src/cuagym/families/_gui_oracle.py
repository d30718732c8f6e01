"""The machinery of desktop GUI oracles: a solver written as a plan of turns.

A family's GUI oracle (``TaskFamily.oracle``) knows the task's params and changes the world
only through ``computer_use`` actions, answered in the model's text protocol (one "Action:"
sentence, then ``<tool_call>`` blocks) that the rollout loop parses and executes like any
model's. Between turns it may look, read-only, at what a person at the screen sees: the
focused window's title (is the dialog open yet?), the screenshot, and the files' state through
the environment's state API (did the save write what was meant?). It never writes state.

:class:`PlannedOracle` turns that into straight-line code: a subclass writes :meth:`plan`, an
async generator that yields one answer per turn and, between its yields, inspects the
environment to decide what comes next — so waiting for a slow dialog, checking a saved file
and redoing a step are ordinary loops. It satisfies ``cuagym.agent.Policy`` structurally
(domains do not import the agent layer).

Load is the enemy of a GUI solver (≥ 8 rollouts share two cores): nothing here assumes an
action landed or a window appeared in time. :meth:`PlannedOracle.until_title` polls the title
with short ``wait`` turns up to a generous deadline, and plans verify outcomes on the saved
files before they declare success.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar, Literal, cast

from cuagym.core import Environment, GUIEnvironment, Observation, TaskConfig

__all__ = ["OracleStuck", "PlannedOracle", "answer", "call", "key", "params_of"]


def call(action: str, **arguments: Any) -> dict[str, Any]:
    """One ``computer_use`` call's arguments."""
    return {"action": action, **arguments}


def key(*keys: str) -> dict[str, Any]:
    """A key chord (``key("ctrl", "s")``)."""
    return call("key", keys=list(keys))


def answer(thought: str, *calls: dict[str, Any]) -> str:
    """An answer in the model's format: one "Action:" sentence, then the calls."""
    blocks = "".join(
        "<tool_call>"
        + json.dumps({"name": "computer_use", "arguments": c}, ensure_ascii=False)
        + "</tool_call>"
        for c in calls
    )
    return f"Action: {thought}\n{blocks}"


def params_of(task: TaskConfig) -> dict[str, Any]:
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    return params


class OracleStuck(RuntimeError):
    """The GUI did not reach a state the plan needs (a dialog never opened, a save never
    wrote): the plan ends the episode with ``terminate failure`` and says why."""


class PlannedOracle:
    """A GUI oracle whose turns come from :meth:`plan` (see the module docstring)."""

    name: ClassVar[str] = "oracle"
    coordinate_space: ClassVar[Literal["pixels"]] = "pixels"
    image: ClassVar[None] = None
    #: how long a window may take to appear or go away before the plan gives up (seconds)
    patience_s: ClassVar[float] = 60.0
    #: one polling turn's wait (seconds)
    poll_s: ClassVar[float] = 0.5

    def __init__(self, task: TaskConfig) -> None:
        self.task = task
        self.p = params_of(task)
        self._env: GUIEnvironment | None = None
        self.observation: Any = None
        self._plan: AsyncIterator[str] | None = None
        self._done = False

    @property
    def env(self) -> GUIEnvironment:
        """The episode's environment, between ``begin`` and ``end``."""
        if self._env is None:
            raise RuntimeError(f"{type(self).__name__}: no environment before begin()")
        return self._env

    async def begin(self, task: TaskConfig, env: Environment) -> None:
        if not hasattr(env, "window_title"):
            raise TypeError(f"the {type(self).__name__} works a GUI: it needs a GUI environment")
        self._env, self._plan, self._done = cast(GUIEnvironment, env), self._guarded(), False

    async def end(self) -> None:
        if self._plan is not None:
            await self._plan.aclose()  # type: ignore[attr-defined]
        self._env, self._plan = None, None

    async def step(self, observation: Observation) -> str:
        self.observation = observation
        if self._plan is None:
            raise RuntimeError("step() before begin()")
        if self._done:
            return answer("the plan is over.", call("terminate", status="failure"))
        try:
            return await self._plan.__anext__()
        except StopAsyncIteration:
            self._done = True
            return answer("the plan ended without a verdict.", call("terminate", status="failure"))

    async def _guarded(self) -> AsyncIterator[str]:
        try:
            async for turn in self.plan():
                yield turn
        except OracleStuck as exc:
            self._done = True
            yield answer(f"giving up: {exc}", call("terminate", status="failure"))
            return
        self._done = True
        yield answer("the task is done.", call("terminate", status="success"))

    def plan(self) -> AsyncIterator[str]:
        """The turns: yield one answer each; return when the task is done (success), raise
        :class:`OracleStuck` when the GUI will not cooperate (failure)."""
        raise NotImplementedError

    # -- looking at the screen -----------------------------------------------------------------
    async def title(self) -> str:
        return str(await self.env.window_title())

    async def until_title(
        self, wanted: Callable[[str], bool], what: str, patience_s: float | None = None
    ) -> AsyncIterator[str]:
        """Wait turns until the focused window's title satisfies ``wanted``; OracleStuck
        after ``patience_s``. Yields nothing when it already does."""
        deadline = time.monotonic() + (patience_s or self.patience_s)
        while not wanted(await self.title()):
            if time.monotonic() > deadline:
                raise OracleStuck(
                    f"{what} did not show (the focused window is {await self.title()!r})"
                )
            yield answer(f"wait for {what}.", call("wait", time=self.poll_s))

    async def read_file(self, path: str) -> dict[str, Any] | None:
        """The state API's entry of one file of the home (``path`` absolute under /home/user
        or relative to it): kind, size, sha256, parsed view; None when it does not exist."""
        from cuagym.envs import StateQuery

        rel = path.removeprefix("/home/user/")
        state = await self.env.read_state(
            StateQuery(paths=(rel,), text_max_bytes=0, hub=False, parse=True)
        )
        for entry in state.files:
            if entry.path == rel:
                return dict(entry.model_dump())
        return None
