"""``cuagym rollout`` end to end: episodes on disk, a killed batch resumes, isolation, the viewer.

The model is the scripted test double of an OpenAI-compatible server, served over HTTP
(``cuagym.llm.scripted.serve_scripted``) so that the CLI in its own process reaches it through
the real SDK; the environments are real (sandbox, Xvfb, the file manager, Chromium and an
embedded hub).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from cuagym.agent import PolicyConfig, RolloutBatch, RolloutOptions, run_rollouts
from cuagym.core import Episode, PolicyReply
from cuagym.llm.scripted import Reply, ScriptedChatApi, ScriptedRequest, demo_plan, serve_scripted

pytestmark = [
    pytest.mark.gui,
    pytest.mark.slow,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("Xvfb", "pcmanfm", "xdotool", "chromium")),
        reason="needs xvfb, xdotool, pcmanfm and chromium (make test installs them)",
    ),
]

CORPUS = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final"
FILES = CORPUS / "files-csv-dedupe"
CHAT = CORPUS / "team-chat--set-channel-topic--0"
ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }


async def _cli(*args: str, timeout: float = 300) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cuagym.cli", *args, env=_env(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode or 0, out.decode(), err.decode()


async def test_the_cli_writes_contract_episodes_for_desktop_and_web_and_view_renders_them(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    async with serve_scripted(ScriptedChatApi(demo_plan)) as url:
        rc, stdout, stderr = await _cli(
            "rollout", str(FILES), str(CHAT), "--policy", "openai:scripted-double",
            "--base-url", f"{url}/v1", "--out", str(out), "--workers", "2", "--json",
        )  # fmt: skip
    assert rc == 0, stderr
    line = json.loads(stdout.strip().splitlines()[-1])
    assert set(line) == {"episodes", "success_rate", "mean_reward", "mean_steps",
                         "calls_per_step", "errors", "wall_s"}  # fmt: skip
    assert line["episodes"] == 2 and line["errors"] == 0 and line["mean_steps"] == 4.0
    # turns: 1 click, 1 malformed, 2 calls, 1 terminate -> 4 calls over 4 turns
    assert line["calls_per_step"] == 1.0
    assert "files" in stderr and "team-chat" in stderr, "the per-domain table"
    for bundle in (FILES, CHAT):
        ep = Episode.load(out / bundle.name / "0")
        assert ep.record.policy == "openai:scripted-double" and ep.record.model == "scripted-double"
        assert ep.record.format_errors == 1 and ep.record.status == "failure"
        assert ep.turns[2].feedback == ep.turns[1].error
        assert ep.final_screenshot_path is not None
    rc, stdout, stderr = await _cli("view", str(out))
    assert rc == 0, stderr
    page = (out / "view" / f"{CHAT.name}--0.html").read_text()
    episode = Episode.load(out / CHAT.name / "0")
    final = episode.final_screenshot_path
    assert final is not None
    unchanged = final.read_bytes() == (episode.folder / episode.turns[-1].screenshot).read_bytes()
    # 4 turns and the final screen, embedded (unless it repeats the last turn's screenshot)
    assert page.count("data:image/png;base64,") == (4 if unchanged else 5)
    assert "<svg" in page and "left_click" in page and "topic_text" in page, "marks and checks"
    assert (out / "view" / "index.html").is_file()


async def test_a_killed_batch_resumes_without_half_written_episodes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    served = {"n": 0}

    def answer(req: ScriptedRequest) -> Reply:
        if req.turn == 1:
            return Reply(text='Action: look.\n<tool_call>{"name": "computer_use", "arguments": '
                         '{"action": "mouse_move", "coordinate": [5, 5]}}</tool_call>')  # fmt: skip
        return Reply(text='Action: stop.\n<tool_call>{"name": "computer_use", "arguments": '
                     '{"action": "terminate", "status": "failure"}}</tool_call>')  # fmt: skip

    def stalls(req: ScriptedRequest) -> Reply:
        served["n"] += 1  # two episodes of two turns, then no more answers
        return answer(req) if served["n"] <= 4 else Reply(fault="hang", hang_s=600)

    args = ["rollout", str(FILES), "--policy", "openai:scripted-double", "--n", "3",
            "--out", str(out), "--json"]  # fmt: skip
    async with serve_scripted(ScriptedChatApi(stalls)) as url:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "cuagym.cli", *args, "--base-url", f"{url}/v1", env=_env(),
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(1200):  # until the third episode is in flight, stalled
            if served["n"] > 4:
                break
            await asyncio.sleep(0.1)
        assert served["n"] > 4, "the batch never reached its third episode"
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
    task = out / FILES.name
    assert sorted(p.name for p in task.iterdir()) == ["0", "1"], "no folder for the one in flight"
    earlier = {k: (task / k / "episode.json").read_bytes() for k in ("0", "1")}
    for k in earlier:
        Episode.load(task / k)  # complete and valid
    async with serve_scripted(ScriptedChatApi(answer)) as url:
        rc, stdout, stderr = await _cli(*args, "--base-url", f"{url}/v1")
    assert rc == 0, stderr
    line = json.loads(stdout.strip().splitlines()[-1])
    assert line["episodes"] == 3 and line["errors"] == 0
    assert "2 from earlier runs" in stderr
    for k, data in earlier.items():
        assert (task / k / "episode.json").read_bytes() == data, "done episodes are not redone"
    assert sorted(p.name for p in task.iterdir()) == ["0", "1", "2"]
    assert not any((out / ".cuagym-tmp").iterdir()) if (out / ".cuagym-tmp").exists() else True


class _MarkerPolicy:
    """Posts its own marker in the channel it starts in, then records what messages it sees."""

    name = "marker"
    coordinate_space = "pixels"
    image = None

    def __init__(self, marker: str, seen: dict[str, list[str]]) -> None:
        self.marker, self.seen, self.env = marker, seen, None

    async def begin(self, task: Any, env: Any) -> None:
        self.env = env

    async def step(self, observation: Any) -> PolicyReply:
        if observation.t == 0:
            (box,) = [e for e in await self.env.find_elements('[data-testid="composer-input"]')
                      if e["visible"]]  # fmt: skip
            calls = [{"action": "left_click", "coordinate": box["center"]},
                     {"action": "type", "text": self.marker + "\n"}]  # fmt: skip
        else:
            calls = [{"action": "terminate", "status": "failure"}]
        blocks = "".join(
            "<tool_call>" + json.dumps({"name": "computer_use", "arguments": c}) + "</tool_call>"
            for c in calls
        )
        return PolicyReply(text="Action: post.\n" + blocks, policy_version=7)

    async def end(self) -> None:
        # The post reloads the page: wait (a loaded machine is slow) until this policy's own
        # marker shows, then look once more; another rollout's marker must never be there.
        texts: list[str] = []
        for _ in range(100):
            found = await self.env.find_elements('[data-testid="message-text"]')
            texts = [e["text"] for e in found]
            if self.marker in texts:
                await asyncio.sleep(1.0)
                found = await self.env.find_elements('[data-testid="message-text"]')
                texts = [e["text"] for e in found]
                break
            await asyncio.sleep(0.2)
        self.seen[self.marker] = texts


class _Markers:
    def __init__(self, seen: dict[str, list[str]]) -> None:
        self.seen, self.count = seen, 0

    def __call__(self, task: Any) -> _MarkerPolicy:
        self.count += 1
        return _MarkerPolicy(f"marker-{self.count}-of-this-batch", self.seen)

    async def aclose(self) -> None:
        return None


async def test_parallel_rollouts_of_one_bundle_are_isolated(tmp_path: Path) -> None:
    seen: dict[str, list[str]] = {}
    markers = _Markers(seen)
    batch = RolloutBatch(
        out=tmp_path / "run", n=2, workers=2, options=RolloutOptions(max_steps=4),
        policies=lambda: markers,  # type: ignore[arg-type,return-value]
    )  # fmt: skip
    summary = await run_rollouts([CHAT], PolicyConfig(policy="oracle"), batch)
    assert summary.episodes == 2 and summary.errors == 0 and summary.not_run == 0
    assert sorted(seen) == ["marker-1-of-this-batch", "marker-2-of-this-batch"]
    for marker, texts in seen.items():
        mine = [t for t in texts if "of-this-batch" in t]
        assert mine == [marker], f"{marker} saw {mine}: sessions leaked"
    for k in ("0", "1"):
        ep = Episode.load(tmp_path / "run" / CHAT.name / k)
        assert [t.policy_version for t in ep.turns] == [7, 7]


async def test_an_errored_episode_is_redone_and_other_settings_are_refused(
    tmp_path: Path,
) -> None:
    """DESIGN.md §14 resume: an episode that ended in ``error`` (the model server dropped every
    connection) is not done: the next run — here with another policy, the task's GUI oracle —
    redoes it and replaces its folder. A finished episode made with other settings makes a
    run refuse (exit 2, nothing run) unless ``--force``."""
    out = tmp_path / "run"
    episode = out / CHAT.name / "0"
    async with serve_scripted(ScriptedChatApi(lambda req: Reply(fault="reset"))) as url:
        rc, stdout, stderr = await _cli(
            "rollout", str(CHAT), "--policy", "openai:scripted-double", "--base-url",
            f"{url}/v1", "--out", str(out), "--json",
        )  # fmt: skip
    assert rc == 1, f"an errored episode makes the command fail: {stderr}"
    assert json.loads(stdout.strip().splitlines()[-1])["errors"] == 1
    assert f"{url}/v1" in stderr, "the error names the model server"
    first = Episode.load(episode).record
    assert first.status == "error" and first.policy == "openai:scripted-double"

    rc, stdout, stderr = await _cli(
        "rollout", str(CHAT), "--policy", "oracle", "--out", str(out), "--json"
    )
    assert rc == 0, stderr
    line = json.loads(stdout.strip().splitlines()[-1])
    assert line["episodes"] == 1 and line["errors"] == 0 and line["success_rate"] == 1.0
    assert "(0 from earlier runs)" in stderr
    # progress without a terminal: the shared reporter's status line on stderr, not stdout
    assert "rollout: 1/1 done (100%), 1 success, 0 errors" in stderr
    again = Episode.load(episode).record
    assert again.policy == "oracle" and again.status == "success"
    assert again.settings is not None and again.settings["policy"] == "oracle"

    rc, stdout, stderr = await _cli(
        "rollout", str(CHAT), "--policy", "openai:another-model", "--base-url", "http://127.0.0.1:9/v1",
        "--out", str(out), "--json", "--max-steps", "7",
    )  # fmt: skip
    assert rc == 2 and stdout == "", stderr
    # the probe of --base-url comes first: a closed port is refused before the folder is read
    assert "--base-url" in stderr
    rc, stdout, stderr = await _cli(
        "rollout", str(CHAT), "--policy", "oracle", "--max-steps", "7", "--out", str(out),
    )  # fmt: skip
    assert rc == 2, stderr
    assert "other settings" in stderr and "max_steps 50 there, 7 now" in stderr
    assert "--force" in stderr and len(stderr.strip().splitlines()) == 1
    assert Episode.load(episode).record == again, "a refused run changes nothing"
    rc, stdout, stderr = await _cli(
        "rollout", str(CHAT), "--policy", "oracle", "--max-steps", "7", "--out", str(out),
        "--force", "--json",
    )  # fmt: skip
    assert rc == 0, stderr
    assert "1 from earlier runs" in stderr and Episode.load(episode).record == again
    assert sorted(p.name for p in out.iterdir()) == [CHAT.name], "no lock or temp folder left"
