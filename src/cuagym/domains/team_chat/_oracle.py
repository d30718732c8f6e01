"""GUI oracles of team-chat families: they solve a task the way a user would, in Chromium.

An oracle knows the task (its params) but changes the world only through the
``computer_use`` actions it answers with, in the model's own text protocol, which the rollout
loop parses and executes like any model's. Between turns it reads the page the browser shows
(where elements are, what they say) through the environment's read-only DevTools view; it
never reads or writes the hub state. It satisfies ``cuagym.agent.Policy`` structurally.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal

from cuagym.core import TaskConfig

__all__ = ["SetChannelTopicOracle"]


def _call(arguments: dict[str, Any]) -> str:
    return (
        "<tool_call>"
        + json.dumps({"name": "computer_use", "arguments": arguments}, ensure_ascii=False)
        + "</tool_call>"
    )


def answer(thought: str, *calls: dict[str, Any]) -> str:
    """An answer in the model's format: one "Action:" sentence, then the calls."""
    return f"Action: {thought}\n" + "".join(_call(c) for c in calls)


def _norm(text: str) -> str:
    return " ".join(text.split())


class SetChannelTopicOracle:
    """Solves ``set-channel-topic``: open the channel, its topic dialog, type, save, check."""

    name: ClassVar[str] = "oracle"
    coordinate_space: ClassVar[Literal["pixels"]] = "pixels"
    image: ClassVar[None] = None
    max_tries: ClassVar[int] = 3

    def __init__(self, task: TaskConfig) -> None:
        params = (task.model_extra or {}).get("params") or {}
        self.channel = str(params["channel"])
        self.topic = str(params["topic"])
        self.env: Any = None
        self.tries = 0

    async def begin(self, task: TaskConfig, env: Any) -> None:
        if not hasattr(env, "find_elements"):
            raise TypeError("the team-chat oracle reads the page: it needs a GUI environment")
        self.env, self.tries = env, 0

    async def end(self) -> None:
        self.env = None

    async def _visible(self, selector: str) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = await self.env.find_elements(selector)
        return [e for e in found if e.get("visible")]

    async def step(self, observation: Any) -> str:
        dialog_input = await self._visible('[data-testid="topic-input"]')
        if dialog_input:
            self.tries += 1
            return answer(
                f"replace the topic with the new one and save it (try {self.tries}).",
                {"action": "triple_click", "coordinate": dialog_input[0]["center"]},
                {"action": "key", "keys": ["ctrl", "a"]},
                {"action": "type", "text": self.topic},
                {"action": "key", "keys": ["enter"]},
            )
        url = await self.env.page_url()
        topic = await self._visible('[data-testid="channel-topic"]')
        here = f'[data-testid="sidebar-channel"][data-channel="{self.channel}"]'
        on_channel = bool(await self._visible(here + ".active"))
        if on_channel and topic:
            if _norm(str(topic[0]["text"])) == _norm(self.topic):
                done = {"action": "terminate", "status": "success"}
                return answer("the topic is set: done.", done)
            if self.tries >= self.max_tries:
                return answer(
                    "the topic would not save: give up.",
                    {"action": "terminate", "status": "failure"},
                )
            return answer(
                f"open the topic editor of #{self.channel}.",
                {"action": "left_click", "coordinate": topic[0]["center"]},
            )
        links = await self._visible(here)
        if links:
            return answer(
                f"open #{self.channel} from the sidebar.",
                {"action": "left_click", "coordinate": links[0]["center"]},
            )
        return answer(
            f"#{self.channel} is not in view ({url}); wait for the page.",
            {"action": "wait", "time": 1},
        )
