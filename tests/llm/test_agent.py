"""The agent loop driving a RoleSession-like fake with the real RoleApi behind it: files written,
tools called, budgets enforced, refusals and bad calls told to the model as tool errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuagym.llm import AgentLoop, PriceTable, Tool, ToolSpec
from cuagym.llm._agent import check_arguments
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi, ScriptedRequest
from cuagym.synth._llm_roles import role_tools
from cuagym.synth._tasklog import TaskLog
from tests.llm.fakes import FakeTime, scripted_client, session

PRICES = PriceTable(models={"scripted-double": {"input": 2.0, "output": 10.0}})  # type: ignore[dict-item]


def events(folder: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]


async def test_generator_writes_runs_and_reads_state(tmp_path: Path) -> None:
    log = TaskLog(tmp_path / "log")
    sess, envs = session("generator", log, {"task_config.json": "{}", "SKILL.md": "skill"})
    api = ScriptedChatApi(
        [
            Reply(calls=[Call("read_file", {"name": "SKILL.md"})], tokens_in=1000, tokens_out=100),
            Reply(
                calls=[
                    Call(
                        "write_file", {"name": "initial_setup.py", "content": "WRITE a.txt hello"}
                    ),
                    Call(
                        "write_file", {"name": "golden_patch.py", "content": "WRITE out.txt done"}
                    ),
                ],
                tokens_in=2000,
                tokens_out=400,
            ),
            Reply(
                calls=[
                    Call("run_script", {"env": "gold", "script": "golden_patch"}),
                    Call("read_state", {"env": "gold", "paths": ["*.txt"]}),
                ],
                tokens_in=3000,
                tokens_out=50,
            ),
            Reply(text="s_init has a.txt; s_gold adds out.txt", tokens_in=4000, tokens_out=20),
        ]
    )
    offered, hidden = role_tools(sess)
    assert {t.spec.name for t in offered} == {
        "read_file",
        "write_file",
        "read_state",
        "run_script",
        "reset_env",
    }
    assert {t.spec.name for t in hidden} == {"run_reward"}
    loop = AgentLoop(scripted_client(api), prices=PRICES, max_turns=10)
    result = await loop.run("SYS", "task", offered, hidden=hidden)
    assert (
        result.stop == "done"
        and result.turns == 4
        and result.tool_calls == 5
        and not result.tool_errors
    )
    assert sess.files["golden_patch.py"] == "WRITE out.txt done"
    assert envs["gold"].runs == [
        ("golden_patch", "WRITE out.txt done")
    ]  # code read from the workspace
    # what the tools answered is what the model saw next
    state = json.loads(api.requests[3].tool_results[1][0])
    assert {f["path"] for f in state["files"]} == {"out.txt"}
    assert api.requests[1].tool_results[0][0] == "skill"
    assert "SyntaxError line 1" in api.requests[2].tool_results[0][0]  # pseudo-code: warned
    assert (result.usage.tokens_in, result.usage.tokens_out) == (10_000, 570)
    assert result.cost_usd == pytest.approx((10_000 * 2 + 570 * 10) / 1e6)
    assert "-> write_file" in result.transcript and "## turn 4" in result.transcript
    assert [e["call"] for e in events(tmp_path / "log") if e["event"] == "api"] == ["run", "state"]


async def test_denied_call_comes_back_as_a_tool_error_and_is_logged(tmp_path: Path) -> None:
    log = TaskLog(tmp_path / "log")
    sess, envs = session("discriminator", log, {"task_config.json": "{}"})
    # The discriminator guesses the generator's tool and an environment that does not exist.
    api = ScriptedChatApi(
        [
            Reply(
                calls=[
                    Call(
                        "run_script", {"env": "gold", "script": "initial_setup", "code": "print(1)"}
                    ),
                    Call("read_state", {"env": "init"}),
                ]
            ),
            Reply(
                calls=[
                    Call("write_file", {"name": "reward.py", "content": "print('REWARD: 0.0')"}),
                    Call("run_reward", {"env": "gold"}),
                ]
            ),
            Reply(text="done"),
        ]
    )
    offered, hidden = role_tools(sess)
    result = await AgentLoop(scripted_client(api), max_turns=5).run(
        "SYS", "task", offered, hidden=hidden
    )
    assert result.stop == "done" and result.tool_errors == 1
    (denied, ok) = api.requests[1].tool_results
    assert denied[1] is True and "denied by the environment API (HTTP 403)" in denied[0]
    assert "may not run scripts" in denied[0] and ok[1] is False
    assert log.denied == 1
    assert [e["what"] for e in events(tmp_path / "log") if e["event"] == "denied"] == [
        "run initial_setup on gold"
    ]
    assert envs["gold"].runs == [("reward", "print('REWARD: 0.0')")]  # only the reward ran
    reward = json.loads(api.requests[2].tool_results[1][0])
    assert reward["reward"]["reward"] == 1.0


async def test_bad_calls_are_answered_not_dropped(tmp_path: Path) -> None:
    sess, _ = session("generator", TaskLog(None), {"SKILL.md": "s"})
    api = ScriptedChatApi(
        [
            Reply(
                calls=[
                    Call("read_file", "{broken"),  # invalid JSON
                    Call("launch_missiles", {}),  # unknown tool
                    Call("read_file", {}),  # missing argument
                    Call("read_state", {"env": "host"}),  # not in the enum
                    Call("read_file", {"name": "../../etc/passwd"}),  # leaves the workspace
                    Call("read_file", {"name": "REVIEW.md"}),  # not there
                ]
            ),
            Reply(text="ok"),
        ]
    )
    offered, hidden = role_tools(sess)
    result = await AgentLoop(scripted_client(api), max_turns=3).run(
        "S", "t", offered, hidden=hidden
    )
    answers = api.requests[1].tool_results
    assert len(answers) == 6 and all(err for _, err in answers) and result.tool_errors == 6
    texts = [t for t, _ in answers]
    assert "could not read the arguments" in texts[0]
    assert "unknown tool 'launch_missiles'" in texts[1]
    assert "missing required argument(s): name" in texts[2]
    assert "must be one of ['init', 'gold']" in texts[3]
    assert "bad file name" in texts[4]
    assert "not in your workspace" in texts[5]


async def test_stops_at_max_turns(tmp_path: Path) -> None:
    sess, _ = session("generator", TaskLog(None), {"SKILL.md": "s"})
    api = ScriptedChatApi(lambda req: Reply(calls=[Call("read_file", {"name": "SKILL.md"})]))
    offered, _ = role_tools(sess)
    result = await AgentLoop(scripted_client(api), max_turns=3).run("S", "t", offered)
    assert result.stop == "max_turns" and result.turns == 3 and len(api.requests) == 3
    assert "max_turns=3" in result.transcript


async def test_time_budget_ends_the_run() -> None:
    fake = FakeTime()

    async def slow(args: dict[str, object]) -> str:
        fake.t += 40  # each call "takes" 40 s
        return "ok"

    tool = Tool(ToolSpec(name="work", description="d"), slow)
    api = ScriptedChatApi(lambda req: Reply(calls=[Call("work", {})]))
    loop = AgentLoop(scripted_client(api, clock=fake.clock()), max_turns=50, time_budget_s=100)
    result = await loop.run("S", "t", [tool])
    assert result.stop == "time_budget" and result.turns == 3


async def test_reminders_until_outputs_exist() -> None:
    written: dict[str, str] = {}

    async def write(args: dict[str, object]) -> str:
        written["out"] = "x"
        return "wrote"

    def script(req: ScriptedRequest) -> Reply:
        if "not written" in json.dumps(req.body["messages"][-1]):
            return Reply(calls=[Call("write", {})])
        return Reply(text="finished")

    async def on_idle() -> str | None:
        return None if written else "You have not written out yet."

    tool = Tool(ToolSpec(name="write", description="d"), write)
    api = ScriptedChatApi(script)
    result = await AgentLoop(scripted_client(api), max_turns=5).run(
        "S", "t", [tool], on_idle=on_idle
    )
    assert result.stop == "done" and result.turns == 3 and written
    assert "[reminder]" in result.transcript


async def test_model_errors_end_the_run_with_usage_so_far() -> None:
    fake = FakeTime()
    api = ScriptedChatApi(
        [
            Reply(text="", calls=[Call("noop", {})], tokens_in=50, tokens_out=5),
            Reply(status=401, error="bad key"),
        ]
    )
    tool = Tool(ToolSpec(name="noop", description="d"), lambda args: _ok())
    loop = AgentLoop(scripted_client(api, clock=fake.clock()), max_turns=5)
    result = await loop.run("S", "t", [tool])
    assert result.stop == "error" and "HTTP 401" in (result.error or "")
    assert result.usage.tokens_in == 50 and result.turns == 2


async def _ok() -> str:
    return "ok"


def test_check_arguments() -> None:
    schema = {
        "type": "object",
        "properties": {"n": {"type": "integer"}, "s": {"type": "string"}},
        "required": ["n"],
        "additionalProperties": False,
    }
    assert check_arguments(schema, {"n": 1}) is None
    assert "type integer" in (check_arguments(schema, {"n": True}) or "")
    assert "unknown argument(s): x" in (check_arguments(schema, {"n": 1, "x": 2}) or "")


async def test_an_unexpected_client_failure_ends_the_run_keeping_usage() -> None:
    def script(req: ScriptedRequest) -> Reply:
        if req.turn == 2:
            raise RuntimeError("transport exploded")
        return Reply(calls=[Call("noop", {})], tokens_in=70, tokens_out=7)

    tool = Tool(ToolSpec(name="noop", description="d"), lambda args: _ok())
    result = await AgentLoop(scripted_client(ScriptedChatApi(script)), max_turns=5).run(
        "S", "t", [tool]
    )
    assert result.stop == "error" and "transport exploded" in (result.error or "")
    assert result.usage.tokens_in == 70
