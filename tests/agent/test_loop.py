"""The episode loop on a real GUI environment: recovery of every kind (DESIGN.md §6).

The openai policy speaks its real SDK to the scripted test double; the environment is a real
sandbox with its own Xvfb display and the file manager open on the home folder.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cuagym.agent import PolicyConfig, RolloutEnv, RolloutOptions, make_policies
from cuagym.core import Bundle, Episode
from cuagym.llm.scripted import Reply, ScriptedChatApi, ScriptedRequest

pytestmark = [
    pytest.mark.gui,
    pytest.mark.slow,
    pytest.mark.skipif(
        not (shutil.which("Xvfb") and shutil.which("pcmanfm") and shutil.which("xdotool")),
        reason="needs xvfb, xdotool and pcmanfm (make test installs them)",
    ),
]

BUNDLE = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final" / "files-csv-dedupe"


def block(arguments: Any, name: str = "computer_use") -> str:
    return "<tool_call>" + json.dumps({"name": name, "arguments": arguments}) + "</tool_call>"


CLICK = {"action": "left_click", "coordinate": [300, 200]}
MALFORMED: list[tuple[str, str]] = [
    ("I will just think about it.", "No tool call found"),
    ("Action: click.\n<tool_call>" + json.dumps({"name": "computer_use", "arguments": CLICK}),
     "Block 1: <tool_call> is not closed"),
    ("Action: click.\n<tool_call>{not json}</tool_call>", "Block 1: the content is not valid JSON"),
    ("Action: click.\n" + block(CLICK) + "<tool_call>[1, 2]</tool_call>",
     "Block 2: the content must be a JSON object"),
    ("Action: click.\n" + block(CLICK, name="computer"), 'Block 1: "name" must be "computer_use"'),
    ("Action: click.\n" + block({"action": "left_click", "coordinate": "middle"}),
     "Block 1: left_click: coordinate must be [x, y]"),
    ("Action: stop.\n" + block({"action": "terminate", "status": "success"}) + block(CLICK),
     "Block 2: no call may follow terminate"),
    ("Action: many.\n" + block({"action": "screenshot"}) * 11, "Block 11: more than 10"),
    ("Action: click.\n" + block(CLICK) + "\nand then I will wait", "Text after block 1"),
]  # fmt: skip
SCRIPT = [
    *(Reply(text=text) for text, _ in MALFORMED),
    # A call the parser accepts but the environment cannot run: the rest of the turn is not run.
    Reply(text="Action: type.\n" + block({"action": "type", "text": "a\x00b"}) + block(CLICK)),
    Reply(
        text="Action: look around.\n"
        + block({"action": "mouse_move", "coordinate": [10, 10]})
        + block({"action": "wait", "time": 0.1})
        + block({"action": "screenshot"})
        + block({"action": "call_user", "text": "Which file?"})
    ),
    Reply(text="Action: give up.\n" + block({"action": "terminate", "status": "failure"})),
]


def policies(api: ScriptedChatApi) -> Any:
    cfg = PolicyConfig(policy="openai:scripted-double", base_url="http://double.invalid/v1")
    return make_policies(cfg, http_client=api.client(), api_key="test")


async def test_recovery_from_malformed_answers_failed_actions_and_sampler_faults(
    tmp_path: Path,
) -> None:
    bundle = Bundle.load(BUNDLE)
    options = RolloutOptions(max_steps=20, turn_timeout_s=3, backoff_s=0.01)
    async with RolloutEnv() as env:
        # 1. Every malformation of DESIGN.md §6, a failing action, loop-handled actions.
        api = ScriptedChatApi(SCRIPT)
        made = policies(api)
        result = await env.episode(bundle, made(bundle.task), options=options, bundle_path="b")
        await made.aclose()
        # 2. 500, 500, a reset connection, then a hang past the turn timeout: retried.
        seen = {"n": 0}

        def flaky(req: ScriptedRequest) -> Reply:
            seen["n"] += 1
            faults = {1: Reply(status=500), 2: Reply(status=502), 3: Reply(fault="reset"),
                      5: Reply(fault="hang", hang_s=30)}  # fmt: skip
            if seen["n"] in faults:
                return faults[seen["n"]]
            if req.turn == 1:
                return Reply(text="Action: click.\n" + block(CLICK))
            return Reply(
                text="Action: done.\n" + block({"action": "terminate", "status": "success"})
            )

        made = policies(ScriptedChatApi(flaky))
        retried = await env.episode(bundle, made(bundle.task), options=options, k=1)
        await made.aclose()
        # 3. A server that never recovers: status error after 5 retries, never scored.
        made = policies(ScriptedChatApi(lambda req: Reply(status=500, error="down")))
        broken = await env.episode(bundle, made(bundle.task), options=options, k=2)
        await made.aclose()

    rec, turns = result.record, result.turns
    assert (rec.steps, rec.format_errors, rec.action_errors) == (len(SCRIPT), len(MALFORMED), 1)
    assert (rec.ended_by, rec.terminate_status, rec.status) == ("terminate", "failure", "failure")
    assert rec.reward == 0.0 and rec.checks, "the bundle's reward.py scored the final state"
    for t, (_, message) in enumerate(MALFORMED):
        assert turns[t].error is not None and message in turns[t].error, (t, turns[t].error)
        assert turns[t].calls == [] and turns[t].results == []
        assert turns[t + 1].feedback == turns[t].error, "the next turn shows the parser's error"
    failing = turns[len(MALFORMED)]
    assert failing.error is None and len(failing.calls) == 2
    assert len(failing.results) == 1 and failing.results[0].startswith("error: ")
    after = turns[len(MALFORMED) + 1]
    assert after.feedback is not None and after.feedback.startswith("Action 1 (type) failed")
    assert after.results == ["ok"] * 4
    assert turns[-1].feedback == options.user_reply, "call_user is answered by the loop"
    assert all(t.image_size == (1288, 812) for t in turns), "openai's default: Qwen's resize"
    assert rec.screen_size == (1280, 800)

    assert retried.record.sampler_retries == 4 and retried.record.steps == 2
    assert retried.record.status in ("success", "failure") and retried.record.reward is not None

    b = broken.record
    assert (b.status, b.ended_by, b.reward, b.sampler_retries) == ("error", "error", None, 5)
    assert "after 5 retries" in str(b.error) and b.steps == 0

    folder = result.write(tmp_path)
    loaded = Episode.load(folder)
    assert loaded.record == rec and len(loaded.turns) == rec.steps
    assert loaded.final_screenshot_path is not None
    assert broken.write(tmp_path).name == "2"
