"""The llm backend's non-LLM overhead per round, measured with the scripted chat double.

    sudo .venv/bin/python benchmarks/llm_overhead_bench.py [--n 3] [--turns 8] [--json]

Two measurements; neither calls a model (the double answers in-process, so "model time" below
is the SDK's request building and response parsing plus the double, not a model's latency):

* ``loop``: one role turn of the agent loop (``LlmBackend.run_role``) over an in-memory
  session, ``--turns`` model calls with tool calls writing realistic-size scripts: the loop's
  and the SDK's own cost per turn, no sandbox (runs anywhere);
* ``round``: whole rounds through the real orchestrator (role jails, role API, V_init/V_gold,
  C1-C6) on ``--n`` team-chat tasks, the double playing both roles with the domain family's
  scripts: wall time per round, of which model-call time, i.e. everything but model latency.
  Needs root, bubblewrap and the env image (skipped with a reason otherwise).

Goal (issue 6): non-LLM overhead per round < 2 s. The machine is shared: the load average is
reported with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cuagym.core import TaskConfig
from cuagym.domains import load_domains
from cuagym.llm import PriceTable, make_client
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi, ScriptedRequest
from cuagym.sandbox import ScriptResult
from cuagym.synth import BatchOptions, run_batch, sample_tasks
from cuagym.synth._llm_backend import LlmBackend

PRICES = PriceTable(models={"scripted-double": {"input": 3.0, "output": 15.0}})  # type: ignore[dict-item]


def _client(api: ScriptedChatApi) -> Any:
    client = make_client(
        "openai:scripted-double", api_key="bench", base_url="http://scripted.invalid/v1",
        http_client=api.client(),
    )  # fmt: skip
    client.model_s = 0.0
    inner = client.complete

    async def timed(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return await inner(*args, **kwargs)
        finally:
            client.model_s += time.perf_counter() - t0

    client.complete = timed
    return client


# -- loop: one role turn, in memory -------------------------------------------------------------
@dataclass
class _Api:
    async def state(self, env: str, query: Any = None) -> dict[str, Any]:
        sheet = {"S": [[i, i * 2] for i in range(200)]}
        entry = {"path": "report.xlsx", "kind": "file", "size": 9000, "parsed": {"sheets": sheet}}
        return {"files": [entry]}

    async def run(self, env: str, script: str, code: str, timeout: float | None = None) -> Any:
        return {"exit_code": 0, "stdout": "ok\n", "stderr": "", "timed_out": False}

    async def reset(self, env: str) -> dict[str, Any]:
        return {"success": True}

    async def reward(self, env: str, code: str, timeout: float | None = None) -> Any:
        return {"result": {"exit_code": 0, "stdout": "REWARD: 1.0\n"}, "reward": {"reward": 1.0}}


@dataclass
class _Session:
    role: str = "generator"
    round: int = 1
    timeout_s: float = 600.0
    task: Any = None
    api: _Api = field(default_factory=_Api)
    files: dict[str, str] = field(default_factory=dict)

    async def read_file(self, name: str) -> str | None:
        return self.files.get(name)

    async def write_file(self, name: str, text: str) -> ScriptResult:
        self.files[name] = text
        return ScriptResult(exit_code=0, stdout="", stderr="", timed_out=False, duration_s=0)


async def bench_loop(turns: int, repeats: int, skill: str) -> dict[str, Any]:
    script_text = "import json\n" + "".join(f"ROW_{i} = {i} * 2  # data\n" for i in range(300))

    def script(req: ScriptedRequest) -> Reply:
        if req.turn == 1:
            return Reply(calls=[Call("write_file", {"name": n, "content": script_text})
                                for n in ("initial_setup.py", "golden_patch.py")])  # fmt: skip
        if req.turn < turns:
            run = Call("run_script", {"env": "gold", "script": "golden_patch"})
            return Reply(text="checking", calls=[run, Call("read_state", {"env": "gold"})])
        return Reply(text="done")

    walls, model = [], []
    for _ in range(repeats):
        api = ScriptedChatApi(script)
        client = _client(api)
        backend = LlmBackend("openai:scripted-double", client=client, prices=PRICES)
        session = _Session(files={"task_config.json": '{"task_id": "b"}', "SKILL.md": skill})
        t0 = time.perf_counter()
        turn = await backend.run_role(session)  # type: ignore[arg-type]
        walls.append(time.perf_counter() - t0)
        model.append(client.model_s)
        assert turn.exit_code == 0, turn.transcript[-500:]
    wall = statistics.median(walls)
    return {
        "turns": turns, "repeats": repeats,
        "role_turn_s": round(wall, 4),
        "per_model_call_ms": round(1000 * statistics.median(model) / turns, 2),
        "loop_own_per_turn_ms": round(1000 * (wall - statistics.median(model)) / turns, 2),
    }  # fmt: skip


# -- round: the real orchestrator ---------------------------------------------------------------
_FENCE = re.compile(r"```json\n(.*?)\n```", re.S)


def _both_roles(req: ScriptedRequest) -> Reply:
    first = req.body["messages"][1]["content"]
    task = TaskConfig.model_validate_json(_FENCE.search(first).group(1))  # type: ignore[union-attr]
    family = load_domains()[task.domain].family(str(task.family))
    if req.system.startswith("You are the Generator"):
        s = family.generate(task)
        steps = [
            [Call("write_file", {"name": "initial_setup.py", "content": s.initial_setup}),
             Call("write_file", {"name": "golden_patch.py", "content": s.golden_patch})],
            [Call("run_script", {"env": "gold", "script": "initial_setup"}),
             Call("run_script", {"env": "gold", "script": "golden_patch"})],
            [Call("read_state", {"env": "gold", "paths": ["nothing"]})],
        ]  # fmt: skip
    else:
        steps = [
            [Call("read_state", {"env": "gold", "paths": ["nothing"]}),
             Call("write_file", {"name": "reward.py", "content": family.write_reward(task)})],
            [Call("run_reward", {"env": "gold"}), Call("run_reward", {"env": "init"})],
            [Call("write_file", {"name": "REVIEW.md", "content": "verdict: PASS\n"})],
        ]  # fmt: skip
    if req.turn <= len(steps):
        return Reply(calls=steps[req.turn - 1])
    return Reply(text="finished")


_TIME = re.compile(r"^\[llm\] time: ([\d.]+) s = model ([\d.]+) s \+ tools ([\d.]+) s \((.*)\)")


def _tool_times(logs: Path) -> dict[str, float]:
    """Where the role turns spent their time, from the "[llm] time:" transcript lines."""
    total: dict[str, float] = {}
    for log in logs.rglob("round-*.log"):
        for line in log.read_text().splitlines():
            m = _TIME.match(line)
            if not m:
                continue
            for key, value in (("run_role", m[1]), ("model", m[2]), ("tools", m[3])):
                total[key] = total.get(key, 0.0) + float(value)
            for part in filter(None, m[4].split(", ")):
                name, value = part.rsplit(" ", 1)
                total["tool:" + name] = total.get("tool:" + name, 0.0) + float(value)
    return total


def _jail_missing() -> str | None:
    if os.geteuid() != 0:
        return "the role jails need root"
    if shutil.which("bwrap") is None:
        return "bubblewrap is not installed"
    return None


async def bench_round(n: int) -> dict[str, Any]:
    why = _jail_missing()
    if why:
        return {"skipped": why}
    specs = sample_tasks(load_domains(), ["team-chat"], n, 3)
    api = ScriptedChatApi(_both_roles)
    client = _client(api)
    backend = LlmBackend("openai:scripted-double", client=client, prices=PRICES)
    out = Path(tempfile.mkdtemp(prefix="cuagym-llm-bench-"))
    try:
        t0 = time.perf_counter()
        summary, outcomes = await run_batch(specs, backend, BatchOptions(out=out, workers=1))
        wall = time.perf_counter() - t0
        phases: dict[str, list[float]] = {}
        for o in outcomes:
            meta = json.loads((Path(o.bundle or "") / "meta.json").read_text())
            for k, v in meta.get("timings_s", {}).items():
                phases.setdefault(k, []).append(v)
        tools = _tool_times(out / "logs")
    finally:
        shutil.rmtree(out, ignore_errors=True)
    rounds = sum(o.rounds for o in outcomes) or 1
    return {
        "tasks": n, "accepted": summary.accepted, "rounds": rounds,
        "wall_per_round_s": round(wall / rounds, 3),
        "model_calls_per_round_s": round(client.model_s / rounds, 3),
        "non_llm_overhead_per_round_s": round((wall - client.model_s) / rounds, 3),
        "model_calls": len(api.requests),
        "llm_turn_per_round_s": {k: round(v / rounds, 3) for k, v in tools.items()},
        "phase_mean_s": {k: round(statistics.mean(v), 3) for k, v in sorted(phases.items())},
        "scripted_tokens_per_tuple": {
            "in": summary.tokens_in // max(1, summary.accepted),
            "out": summary.tokens_out // max(1, summary.accepted),
        },
    }  # fmt: skip


async def _main(args: argparse.Namespace) -> dict[str, Any]:
    load = os.getloadavg()
    skill = (Path(__file__).parents[1] / "src/cuagym/domains/team_chat/SKILL.md").read_text()
    result: dict[str, Any] = {"goal_non_llm_overhead_per_round_s": 2.0}
    result["loop"] = await bench_loop(args.turns, args.repeats, skill)
    result["round"] = await bench_round(args.n) if args.n > 0 else {"skipped": "--n 0"}
    result["loadavg_before"] = [round(x, 2) for x in load]
    result["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=3, help="team-chat tasks for the round bench")
    parser.add_argument("--turns", type=int, default=8, help="model calls per loop bench turn")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(_main(args))
    if args.json:
        print(json.dumps(result))
    else:
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
