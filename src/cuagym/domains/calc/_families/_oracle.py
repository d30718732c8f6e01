"""GUI oracles of calc families: they solve a task in LibreOffice Calc with the keyboard.

An oracle knows the task (its params) but changes the world only through ``computer_use``
actions, answered in the model's own text protocol (the rollout loop parses and executes them
like any model's). It reads only the focused window's title, to see whether Calc asks "Keep
current format?" after ctrl+s. It satisfies ``cuagym.agent.Policy`` structurally.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, Literal

from cuagym.core import TaskConfig

__all__ = ["TotalsRowOracle"]


def answer(thought: str, *calls: dict[str, Any]) -> str:
    """An answer in the model's format: one "Action:" sentence, then the calls."""
    blocks = "".join(
        "<tool_call>"
        + json.dumps({"name": "computer_use", "arguments": c}, ensure_ascii=False)
        + "</tool_call>"
        for c in calls
    )
    return f"Action: {thought}\n{blocks}"


class TotalsRowOracle:
    """Solves ``totals-row``: the label and two formulas typed below the last order, saved."""

    name: ClassVar[str] = "oracle"
    coordinate_space: ClassVar[Literal["pixels"]] = "pixels"
    image: ClassVar[None] = None

    def __init__(self, task: TaskConfig) -> None:
        # phases: type (the label), units, revenue, save, confirm[-again], saved
        params = (task.model_extra or {}).get("params") or {}
        self.label = str(params["label"])
        self.last = int(params["n"]) + 1  # the last order's row
        self.function = "SUM" if self.label == "Total" else "AVERAGE"
        self.env: Any = None
        self.phase = "type"

    async def begin(self, task: TaskConfig, env: Any) -> None:
        self.env, self.phase = env, "type"

    async def end(self) -> None:
        self.env = None

    async def _dialog(self) -> bool:
        title = await self.env.window_title() if hasattr(self.env, "window_title") else ""
        return "Calc" not in str(title)

    async def step(self, observation: Any) -> str:
        fn, last = self.function, self.last
        down, up, right = ({"action": "key", "keys": [k]} for k in ("down", "up", "right"))
        # One cell a turn, each committed with Enter (a cell's editor can swallow a key that
        # arrives while it recalculates; the loop's settled screenshot paces the turns).
        if self.phase == "type":
            self.phase = "units"
            return answer(
                "go below the last order in column A and type the label.",
                {"action": "key", "keys": ["ctrl", "home"]},
                {"action": "key", "keys": ["ctrl", "down"]},
                down,
                {"action": "type", "text": f"{self.label}\n"},
            )
        if self.phase == "units":
            self.phase = "revenue"
            return answer(
                "back to the summary row, five cells right to Units, and its formula.",
                up, right, right, right, right, right,
                {"action": "type", "text": f"={fn}(F2:F{last})\n"},
            )  # fmt: skip
        if self.phase == "revenue":
            self.phase = "save"
            return answer(
                "back up and two cells right to Revenue, and its formula.",
                up, right, right,
                {"action": "type", "text": f"={fn}(H2:H{last})\n"},
            )  # fmt: skip
        if self.phase == "save":
            self.phase = "confirm"
            return answer("save the workbook.", {"action": "key", "keys": ["ctrl", "s"]})
        if self.phase in ("confirm", "confirm-again"):
            if await self._dialog():
                self.phase = "saved"
                return answer(
                    "keep the xlsx format (the dialog's default button).",
                    {"action": "key", "keys": ["enter"]},
                    {"action": "wait", "time": 1},
                )
            if self.phase == "confirm":  # the question may still be on its way
                self.phase = "confirm-again"
                return answer("wait for the save to finish.", {"action": "wait", "time": 1})
        if await self._dialog():
            return answer("a dialog is still open: wait for it.", {"action": "wait", "time": 1})
        done = {"action": "terminate", "status": "success"}
        return answer("the row is typed and saved: done.", done)
