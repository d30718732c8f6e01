"""Test doubles for the teacher stage, named as such:

* :class:`ScriptedRollouts` — a test double of the rollout layer (no policy acts): it writes
  episode k of a bundle in the DESIGN §6 layout, with the reward and the final screen a test
  chooses per (bundle version, k). The final screen is a real PNG, solid green ("done") or
  solid red ("not done"), so the judge double below has something to look at;
* :func:`judge_script` — the scripted chat double playing the VLM judge: it derives a fixed
  checklist, and judges by decoding the PNG it was sent and reading its colour.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from PIL import Image

from cuagym.core import Bundle, Episode, EpisodeCheck, EpisodeRecord, TurnRecord
from cuagym.core._png import encode_png
from cuagym.filter import CHECKLIST_SYSTEM, JUDGE_SYSTEM
from cuagym.llm.scripted import Reply, ScriptedRequest

GREEN, RED = (0, 160, 60), (200, 30, 30)
CRITERIA = ["The task's target shows the requested change", "Nothing else was changed"]
# (r, colour) of rollout k; None for r is an error episode
Plan = Callable[[Bundle, int], tuple[float | None, tuple[int, int, int]]]


def screen(colour: tuple[int, int, int], size: tuple[int, int] = (64, 48)) -> bytes:
    return encode_png(size[0], size[1], bytes(colour) * (size[0] * size[1]))


class ScriptedRollouts:
    """A test double of the rollout layer (see the module docstring)."""

    label = "scripted-rollouts"

    def __init__(self, plan: Plan, delay_s: float = 0.0) -> None:
        self.plan = plan
        self.delay_s = delay_s  # an episode's duration, for kill tests
        self.runs: list[tuple[str, int, str]] = []  # (task_id, k, reward.py's first line)
        self.fail_on: int | None = None  # raise on this call (a crash in the rollout layer)

    async def run(self, bundle: Path, k: int, root: Path) -> Episode:
        b = Bundle.load(bundle)
        self.runs.append((b.task_id, k, (b.reward or "").splitlines()[0]))
        if self.fail_on is not None and len(self.runs) == self.fail_on:
            raise RuntimeError("the rollout machinery crashed (test double)")
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        reward, colour = self.plan(b, k)
        png = screen(colour)
        status = EpisodeRecord.status_for(reward)
        record = EpisodeRecord(
            task_id=b.task_id, k=k, bundle=str(bundle), policy=self.label, status=status,
            ended_by="error" if reward is None else "terminate",
            terminate_status=None if reward is None else "success", steps=1, reward=reward,
            checks=[] if reward is None else [
                EpisodeCheck(name="target", points=1, passed=reward > 0, detail="scripted"),
                EpisodeCheck(name="complete", points=1, passed=reward == 1, detail="scripted"),
            ],
            started_at=datetime.now(UTC), screen_size=(64, 48),
        )  # fmt: skip
        turn = TurnRecord(
            t=0, screenshot="screens/0000.png", image_size=(64, 48),
            response="Action: finish.\n<tool_call>{}</tool_call>",
            calls=[{"action": "terminate", "status": "success"}], results=["ok"],
        )  # fmt: skip
        screens = {"screens/0000.png": png, "screens/final.png": png}
        folder = Episode.write(root, root / b.task_id / str(k), record, [turn], screens)
        return Episode.load(folder)

    async def aclose(self) -> None:
        return None


def _image_colour(req: ScriptedRequest) -> tuple[int, int, int]:
    for m in req.body["messages"]:
        content = m.get("content")
        if not isinstance(content, list):
            continue
        for block in content:
            data = None
            if block.get("type") == "image_url":
                data = block["image_url"]["url"].split(",", 1)[1]
            elif block.get("type") == "image":
                data = block["source"]["data"]
            if data is not None:
                with Image.open(io.BytesIO(base64.b64decode(data))) as image:
                    r, g, b = image.convert("RGB").getpixel((0, 0))  # type: ignore[misc]
                    return int(r), int(g), int(b)
    raise AssertionError("the judge was sent no image")


def judge_script(req: ScriptedRequest) -> Reply:
    """The scripted judge: a fixed checklist; green screens pass, red ones fail."""
    if req.system == CHECKLIST_SYSTEM:
        return Reply(text=json.dumps({"criteria": CRITERIA}), tokens_in=300, tokens_out=40)
    assert req.system == JUDGE_SYSTEM
    r, g, b = _image_colour(req)
    green = g > 120 and r < 100 and b < 100  # a real screen (grey, white) is not green
    answer = {
        "description": f"The screen is solid {'green' if green else 'red'}.",
        "criteria": [green, True],
        "score": int(green),
    }
    return Reply(text=json.dumps(answer), tokens_in=1200, tokens_out=60)
