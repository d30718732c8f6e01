"""Wrong end states of web tasks, scored by the family's real reward.py (issue 10).

A :class:`Mistake` is what an RL policy plausibly does instead of the task: a duplicate action,
a collateral change, the right content in the wrong place or format, a partial completion. It
is applied with the app's own ``_ops`` functions (so the state is one the UI could leave) to the
initial state or to the gold state, and the reward runs as its own ``python`` process against a
live hub, exactly as the consensus check runs it.

The initial and gold states of a (family, seed) come from running ``initial_setup.py`` and
``golden_patch.py`` for real once (:class:`EndStates` caches them); each mistake then gets a
fresh session holding that initial state and its own current state, so many mistakes of one
task cost one reward run each.
"""

from __future__ import annotations

import copy
import fnmatch
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import httpx

from cuagym.core import RewardOutput, TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily
from tests.conftest import LiveHub
from tests.families.family_harness import run_script

__all__ = ["EndStates", "Mistake", "State"]

State = dict[str, Any]


@dataclass(frozen=True)
class Mistake:
    """A wrong end state: ``change`` edits a copy of the ``start`` state in place."""

    family: str
    start: Literal["init", "gold"]
    change: Callable[[State, dict[str, Any]], None]
    bounds: tuple[float, float]  #: (lowest, highest) acceptable reward, always below 1
    fails: str  #: a check (fnmatch glob) that must FAIL on this state: what the reward rejects
    why: str  #: why the state is wrong, in the words of the instruction

    @property
    def name(self) -> str:
        return f"{self.family}-{self.change.__name__}"


@dataclass
class EndStates:
    """Scores end states of one app's tasks on a live hub (see the module docstring)."""

    app: str
    hub: LiveHub
    workdir: Path
    _worlds: dict[tuple[str, int], tuple[State, State]] = field(default_factory=dict, repr=False)

    def _get(self, path: str, sid: str) -> Any:
        r = httpx.get(
            f"{self.hub.url}/{self.app}/{path}",
            params={"sid": sid},
            headers=self.hub.auth,
            timeout=60,
        )
        r.raise_for_status()
        return r.json()

    def _post(self, sid: str, action: str, state: State) -> None:
        r = httpx.post(
            f"{self.hub.url}/{self.app}/post",
            params={"sid": sid},
            headers=self.hub.auth,
            json={"action": action, "state": state},
            timeout=60,
        )
        assert r.status_code == 200, r.text

    def worlds(self, family: TaskFamily, seed: int) -> tuple[State, State]:
        """(initial, gold) of the task, built by its own scripts run for real."""
        key = (family.id, seed)
        if key not in self._worlds:
            scripts = family.generate(family.sample(seed))
            sid = f"worlds-{uuid.uuid4().hex[:12]}"
            home = self.workdir / sid / "home"
            run_script(scripts.initial_setup, self.hub.url, self.hub.token, sid, home)
            run_script(scripts.golden_patch, self.hub.url, self.hub.token, sid, home)
            go = self._get("go", sid)
            self._worlds[key] = (go["initial_state"], go["current_state"])
        return self._worlds[key]

    def score(self, family: TaskFamily, seed: int, mistake: Mistake) -> tuple[RewardOutput, str]:
        """The reward (parsed, and its raw output) on the state ``mistake`` leaves."""
        task: TaskConfig = family.sample(seed)
        initial, gold = self.worlds(family, seed)
        state = copy.deepcopy(initial if mistake.start == "init" else gold)
        mistake.change(state, dict(task.params or {}))
        sid = f"wrong-{uuid.uuid4().hex[:12]}"
        self._post(sid, "set", initial)
        self._post(sid, "set_current", state)
        home = self.workdir / sid / "home"
        out = run_script(family.write_reward(task), self.hub.url, self.hub.token, sid, home)
        output = parse_reward_output(out)
        assert output.ok, (output.errors, out)
        return output, out

    def check(self, family: TaskFamily, seed: int, mistake: Mistake) -> None:
        """Assert the mistake scores within its bounds (< 1) and fails its named check."""
        assert mistake.bounds[1] < 1.0, "a wrong end state must never be allowed 1.0"
        output, out = self.score(family, seed, mistake)
        assert output.reward is not None
        low, high = mistake.bounds
        assert low - 1e-4 <= output.reward <= high + 1e-4, (mistake.why, out)
        failed = [c.name for c in output.checks if not c.passed]
        assert fnmatch.filter(failed, mistake.fails), (mistake.fails, mistake.why, out)
