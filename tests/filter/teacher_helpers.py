"""Test doubles for the teacher stage, named as such:

* :class:`ScriptedRollouts` — a test double of the rollout layer (no policy acts): it writes
  episode k of a bundle in the DESIGN §6 layout, with the reward and the final screen a test
  chooses per (bundle version, k). The final screen is a real PNG, solid green ("done") or
  solid red ("not done"), so the judge double below has something to look at;
* :class:`RecordedRollouts` — the same test double with a real recorded final state: in a real
  (scripts-only) local environment the bundle's initial_setup.py runs, a script of the test
  stands in for the agent's actions, the bundle's own reward.py scores the final home, and
  ``final/`` is written by the rollout layer's own :func:`~cuagym.agent._final.final_files`;
* :func:`judge_script` — the scripted chat double playing the VLM judge: it derives a fixed
  checklist, and judges by decoding the PNG it was sent and reading its colour;
* :class:`InstallingRefiner` — a test double of the Discriminator's refinement: it returns a
  fixed new reward.py as passing, without running C1-C6 (the real orchestrator's refinements
  are tested in test_refine.py).
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

from cuagym.agent._final import FINAL_HOME, archive_home, final_files
from cuagym.core import Bundle, Episode, EpisodeRecord, TurnRecord, parse_reward_output
from cuagym.core.episode import EpisodeCheck
from cuagym.core.files import INITIAL_SNAPSHOT
from cuagym.domains import start_screen_json
from cuagym.envs import encode_png
from cuagym.envs._local import LocalEnvConfig, LocalEnvironment
from cuagym.filter._judge import CHECKLIST_SYSTEM, JUDGE_SYSTEM
from cuagym.llm.scripted import Reply, ScriptedRequest
from cuagym.synth import Rediscrimination
from cuagym.synth._osworld_config import osworld_config
from cuagym.synth._synth_models import RoleUsage, RoundRecord

GREEN, RED = (0, 160, 60), (200, 30, 30)
CRITERIA = ["The task's target shows the requested change", "Nothing else was changed"]
# (r, colour) of rollout k; None for r is an error episode
Plan = Callable[[Bundle, int], tuple[float | None, tuple[int, int, int]]]
# (the agent's actions of rollout k as a script run in the environment, screen colour)
Acts = Callable[[Bundle, int], tuple[str, tuple[int, int, int]]]


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
        checks = [] if reward is None else [
            EpisodeCheck(name="target", points=1, passed=reward > 0, detail="scripted"),
            EpisodeCheck(name="complete", points=1, passed=reward == 1, detail="scripted"),
        ]  # fmt: skip
        return self._write(b, bundle, k, root, reward, checks, colour, {})

    def _write(
        self,
        b: Bundle,
        bundle: Path,
        k: int,
        root: Path,
        reward: float | None,
        checks: list[EpisodeCheck],
        colour: tuple[int, int, int],
        final: dict[str, bytes],
    ) -> Episode:
        png = screen(colour)
        status = EpisodeRecord.status_for(reward)
        record = EpisodeRecord(
            task_id=b.task_id, k=k, bundle=str(bundle), policy=self.label, status=status,
            ended_by="error" if reward is None else "terminate",
            terminate_status=None if reward is None else "success", steps=1, reward=reward,
            checks=checks, started_at=datetime.now(UTC), screen_size=(64, 48),
        )  # fmt: skip
        turn = TurnRecord(
            t=0, screenshot="screens/0000.png", image_size=(64, 48),
            response="Action: finish.\n<tool_call>{}</tool_call>",
            calls=[{"action": "terminate", "status": "success"}], results=["ok"],
        )  # fmt: skip
        screens = {"screens/0000.png": png, "screens/final.png": png}
        folder = Episode.write(
            root, root / b.task_id / str(k), record, [turn], screens, final=final
        )
        return Episode.load(folder)

    async def aclose(self) -> None:
        return None


# The agent's actions: deduplicate, but with the rows sorted by name, descending (not in order).
REORDERED = """import csv
with open("Documents/contacts.csv", newline="") as fh:
    header, *rows = list(csv.reader(fh))
unique = sorted({r[1]: r for r in rows}.values(), reverse=True)
with open("Documents/contacts.csv", "w", newline="") as fh:
    csv.writer(fh).writerows([header, *unique])
"""


def dedupe_acts(bundle: Bundle, k: int) -> tuple[str, tuple[int, int, int]]:
    """For files-csv-dedupe: rollouts 0 and 1 reorder the rows (the judge sees a red screen),
    2 and 3 do the task (golden_patch.py, green). Its reward gives 0.5, 0.5, 1, 1 (mean 0.75
    against a judge's 0.5: refine); an all-or-nothing refinement 0, 0, 1, 1."""
    assert bundle.golden_patch is not None
    return (REORDERED, RED) if k < 2 else (bundle.golden_patch, GREEN)


class RecordedRollouts(ScriptedRollouts):
    """The rollout layer's test double with a real recorded final state (desktop bundles: no
    hub). Per episode, a fresh scripts-only local environment (a real jail): initial_setup.py,
    the initial snapshot and its archive, as a rollout takes them; the test's script for
    rollout k in place of the agent's actions; the bundle's reward.py on the final home (r is
    what it prints, its CHECK lines the checks); ``final/`` as a rollout writes it. Rollouts in
    ``no_final`` are written without ``final/`` (as episodes from before it existed), those in
    ``damaged`` with a final home archive cut short (a recording damaged on disk)."""

    label = "recorded-rollouts"

    def __init__(
        self,
        acts: Acts,
        no_final: frozenset[int] = frozenset(),
        damaged: frozenset[int] = frozenset(),
    ) -> None:
        super().__init__(plan=lambda b, k: (None, RED))  # never asked: run() is replaced
        self.acts = acts
        self.no_final = no_final
        self.damaged = damaged

    async def run(self, bundle: Path, k: int, root: Path) -> Episode:
        b = Bundle.load(bundle)
        assert b.initial_setup is not None and b.reward is not None
        self.runs.append((b.task_id, k, b.reward.splitlines()[0]))
        actions, colour = self.acts(b, k)
        env = LocalEnvironment(LocalEnvConfig())
        await env.start()
        try:
            await _script(env, b.initial_setup, "initial_setup")
            await env.snapshot(INITIAL_SNAPSHOT)
            initial = await asyncio.to_thread(archive_home, env.home)
            await _script(env, actions, "agent_actions")
            scored = await env.run_script(b.reward, "reward", 60)
            parsed = parse_reward_output(scored.stdout)
            assert parsed.reward is not None, scored.stderr
            checks = [
                EpisodeCheck(name=c.name, points=c.points, passed=c.passed, detail=c.detail)
                for c in parsed.checks
            ]
            final = {} if k in self.no_final else await final_files(env, b.task.apps, initial)
            if k in self.damaged:
                final[FINAL_HOME] = final[FINAL_HOME][: len(final[FINAL_HOME]) // 2]
        finally:
            await env.close()
        if self.fail_on is not None and len(self.runs) == self.fail_on:
            raise RuntimeError("the rollout machinery crashed (test double)")
        return self._write(b, bundle, k, root, parsed.reward, checks, colour, final)


async def _script(env: LocalEnvironment, code: str, role: str) -> None:
    done = await env.run_script(code, role, 60)
    assert done.exit_code == 0 and not done.timed_out, (role, done.stderr)


class InstallingRefiner:
    """A test double of the refinement (:class:`~cuagym.filter._refine.Refiner`): every call returns
    ``reward`` as a refinement that passed, with the bundle's own REVIEW.md and an OSWorld
    config built around the new reward the way synthesis builds it. Nothing is verified."""

    def __init__(self, reward: str) -> None:
        self.reward = reward
        self.calls: list[str] = []  # the feedback of each call

    async def refine(self, bundle: Bundle, feedback: str, *, round: int) -> Rediscrimination:
        assert bundle.initial_setup is not None
        self.calls.append(feedback)
        config = osworld_config(
            bundle.task, initial_setup=bundle.initial_setup, reward=self.reward, web_apps=(),
            start=start_screen_json(bundle.task),
        )  # fmt: skip
        return Rediscrimination(
            record=RoundRecord(round=round, passed=True), review=bundle.review,
            reward=self.reward, usage=RoleUsage(), timings_s={}, config=config,
        )  # fmt: skip

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
