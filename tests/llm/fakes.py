"""Fakes for the llm tests: a fake clock, a fake environment behind the real RoleApi, and a
RoleSession-like workspace held in memory. No sandbox, no network."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from cuagym.core import EnvState
from cuagym.core.environment import FileEntry
from cuagym.envs import StateQuery
from cuagym.llm import make_client
from cuagym.llm._retry import Clock
from cuagym.llm.scripted import ScriptedChatApi
from cuagym.sandbox import ScriptResult
from cuagym.synth._role_api import EnvSlot, RoleApi, RoleGrant
from cuagym.synth._tasklog import TaskLog


@dataclass
class FakeTime:
    """Monotonic time that only moves when someone sleeps (or a test says so)."""

    t: float = 1000.0
    sleeps: list[float] = field(default_factory=list)

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += seconds

    def clock(self, seed: int = 0) -> Clock:
        return Clock(now=self.now, sleep=self.sleep, rng=random.Random(seed))


def scripted_client(api: ScriptedChatApi, model: str = "openai:scripted-double", **kw: Any) -> Any:
    base = (
        "http://scripted.invalid/v1" if model.startswith("openai:") else "http://scripted.invalid"
    )
    return make_client(
        model, api_key="sk-test-secret", base_url=base, http_client=api.client(), **kw
    )


class FakeEnv:
    """Enough of an Environment for RoleApi: files in a dict; scripts are 'run' by a rule."""

    def __init__(self, files: dict[str, str] | None = None) -> None:
        self.files = dict(files or {})
        self.runs: list[tuple[str, str]] = []
        self._snaps: dict[str, dict[str, str]] = {}

    async def read_state(self, query: StateQuery | None = None) -> EnvState:
        return EnvState(
            files=[
                FileEntry(path=p, kind="file", size=len(t), text=t) for p, t in self.files.items()
            ]
        )

    async def run_script(self, code: str, role: str, timeout: float | None = None) -> ScriptResult:
        self.runs.append((role, code))
        if role == "reward":
            score = "1.0" if "done" in self.files.get("out.txt", "") else "0.0"
            out = f"CHECK done 1 {'PASS' if score == '1.0' else 'FAIL'} -\nREWARD: {score}\n"
            return ScriptResult(
                exit_code=0, stdout=out, stderr="", timed_out=False, duration_s=0.01
            )
        for line in code.splitlines():  # "WRITE name text" lines stand in for a real script
            if line.startswith("WRITE "):
                _, name, text = line.split(" ", 2)
                self.files[name] = text
        return ScriptResult(exit_code=0, stdout="ok\n", stderr="", timed_out=False, duration_s=0.01)

    async def snapshot(self, name: str | None = None) -> str:
        self._snaps[name or "s"] = dict(self.files)
        return name or "s"

    async def restore(self, snapshot: str | None = None) -> None:
        self.files = dict(self._snaps[snapshot or "s"])


def opened(env: FakeEnv) -> Any:
    async def get() -> Any:
        return env

    return get


@dataclass
class FakeSession:
    """What the llm tools need of a RoleSession, with the real RoleApi behind ``api``."""

    role: str
    api: RoleApi
    round: int = 1
    files: dict[str, str] = field(default_factory=dict)
    timeout_s: float = 600.0
    task: Any = None
    writes: list[str] = field(default_factory=list)

    async def read_file(self, name: str) -> str | None:
        return self.files.get(name)

    async def write_file(self, name: str, text: str) -> ScriptResult:
        self.files[name] = text
        self.writes.append(name)
        return ScriptResult(exit_code=0, stdout="", stderr="", timed_out=False, duration_s=0.0)


def session(
    role: str, log: TaskLog, files: dict[str, str] | None = None
) -> tuple[FakeSession, dict[str, FakeEnv]]:
    envs = {"init": FakeEnv(), "gold": FakeEnv({"out.txt": "done"})}
    slots = {n: EnvSlot(n, opened(e)) for n, e in envs.items()}
    grant = (RoleGrant.generator if role == "generator" else RoleGrant.discriminator)(
        "t-1", 1, slots
    )
    return FakeSession(role, RoleApi(grant, log), files=dict(files or {})), envs
