"""A SIGKILLed ``cuagym rollout`` leaves nothing of its environments running (issue 23): no X
server, window manager, file manager or browser, within 5 s. Each app's jail dies with its
orchestrator (bwrap --die-with-parent, a SIGKILL parent-death signal on the jail's init), the
X server's reaper has a parent-death signal and its X server one on the reaper (Ray SIGKILLs
a dead worker's direct children too: the reapers then have no chance to stop their trees)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from cuagym.llm.scripted import Reply, ScriptedChatApi, ScriptedRequest, serve_scripted

pytestmark = [
    pytest.mark.gui,
    pytest.mark.slow,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("Xvfb", "pcmanfm", "xdotool", "chromium")),
        reason="needs xvfb, xdotool, pcmanfm and chromium (make test installs them)",
    ),
    pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root"),
]

CORPUS = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final"
FILES = CORPUS / "files-csv-dedupe"
CHAT = CORPUS / "team-chat--set-channel-topic--0"
ROOT = Path(__file__).resolve().parents[2]


def _stat(pid: int) -> tuple[int, int, str] | None:
    """(parent pid, start time, command name) of a live process, None if gone (or a zombie)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    name = raw[raw.find(b"(") + 1 : raw.rfind(b")")].decode(errors="replace")
    fields = raw[raw.rfind(b")") + 2 :].split()
    if fields[0] == b"Z":
        return None
    return int(fields[1]), int(fields[19]), name


def _tree(root: int) -> dict[tuple[int, int], str]:
    """Every live descendant of ``root``: (pid, start time) -> command name."""
    table = {int(p): _stat(int(p)) for p in os.listdir("/proc") if p.isdigit()}
    live = {pid: st for pid, st in table.items() if st is not None}
    found: dict[tuple[int, int], str] = {}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, (ppid, start, name) in live.items():
            if ppid == parent and (pid, start) not in found:
                found[(pid, start)] = name
                frontier.append(pid)
    return found


@pytest.mark.parametrize("children_too", [False, True], ids=["rollout", "with-its-children"])
async def test_a_sigkilled_rollout_leaves_no_process_of_its_environments(
    tmp_path: Path, children_too: bool
) -> None:
    """``children_too``: its direct children are SIGKILLed with it, as Ray does to a dead
    worker (the per-app reapers then get no chance to stop their trees)."""
    served = {"n": 0}

    def hang(req: ScriptedRequest) -> Reply:
        served["n"] += 1  # every episode asks once, then waits: its apps are open
        return Reply(fault="hang", hang_s=600)

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get(
        "PYTHONPATH", "")}  # fmt: skip
    args = ["rollout", str(FILES), str(CHAT), "--policy", "openai:scripted-double",
            "--workers", "2", "--out", str(tmp_path / "run")]  # fmt: skip
    async with serve_scripted(ScriptedChatApi(hang)) as url:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "cuagym.cli", *args, "--base-url", f"{url}/v1", env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        try:
            for _ in range(1800):  # until both episodes are in flight
                if served["n"] >= 2:
                    break
                await asyncio.sleep(0.1)
            assert served["n"] >= 2, "the episodes never started"
            before = _tree(proc.pid)
            names = set(before.values())
            for needed in ("Xvfb", "matchbox-window", "pcmanfm", "bwrap"):
                assert needed in names, (needed, sorted(names))
            assert any(n.startswith("chrom") for n in names), sorted(names)
            proc.send_signal(signal.SIGKILL)
            if children_too:
                for (pid, start), _name in before.items():
                    if (_stat(pid) or (0, -1))[:2] == (proc.pid, start):
                        os.kill(pid, signal.SIGKILL)
            await proc.wait()
            deadline = time.monotonic() + 5.0
            left = before
            while time.monotonic() < deadline:
                left = {k: n for k, n in before.items() if (_stat(k[0]) or (0, -1))[1] == k[1]}
                if not left:
                    break
                await asyncio.sleep(0.1)
            assert not left, f"still running 5 s after the kill: {sorted(left.values())}"
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
