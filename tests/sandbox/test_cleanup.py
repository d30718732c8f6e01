"""A closed or killed environment leaves no mount, process or temp folder behind."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
from pathlib import Path

import pytest

from cuagym.sandbox import Sandbox, SandboxError
from tests.sandbox.helpers import jail_processes, state_root_mounts

SLEEPER = """
import subprocess, time
subprocess.Popen(["bash", "-c", "exec -a {marker} sleep 300"], start_new_session=True)
open("/home/user/big", "wb").write(b"z" * (1 << 20))
print("ready", flush=True)
time.sleep(300)
"""


def _host_mounts_mentioning(text: str) -> list[str]:
    with open("/proc/self/mounts", encoding="utf-8") as fh:
        return [line for line in fh if text in line]


@pytest.mark.slow
async def test_close_during_a_run(state_root: Path) -> None:
    marker = f"cuagym-close-{secrets.token_hex(4)}"
    box = Sandbox(state_root=state_root)
    await box.start()
    pid = box.supervisor_pid
    assert pid is not None
    run = asyncio.ensure_future(box.run_python(SLEEPER.format(marker=marker), timeout=60))
    await asyncio.sleep(1.0)
    assert jail_processes(marker=marker)
    home = box.home
    assert (home / "big").exists()  # visible from the host while running
    await box.close()
    with pytest.raises(SandboxError):
        await run
    assert not jail_processes(supervisor=pid, marker=marker)
    assert not state_root_mounts(state_root)
    assert not _host_mounts_mentioning(str(state_root))
    assert not home.exists()


@pytest.mark.slow
async def test_supervisor_killed_leaves_nothing(state_root: Path) -> None:
    marker = f"cuagym-kill-{secrets.token_hex(4)}"
    box = Sandbox(state_root=state_root)
    await box.start()
    pid = box.supervisor_pid
    assert pid is not None
    run = asyncio.ensure_future(box.run_python(SLEEPER.format(marker=marker), timeout=60))
    await asyncio.sleep(1.0)
    os.kill(pid, signal.SIGKILL)  # as if the orchestrator's child crashed
    with pytest.raises(SandboxError, match="supervisor"):
        await run
    for _ in range(50):  # --die-with-parent: the jail follows its supervisor within moments
        if not jail_processes(supervisor=pid, marker=marker):
            break
        await asyncio.sleep(0.05)
    assert not jail_processes(supervisor=pid, marker=marker)
    assert not state_root_mounts(state_root)
    await box.close()


async def test_double_close_and_use_after_close(state_root: Path) -> None:
    box = Sandbox(state_root=state_root)
    await box.start()
    await box.close()
    await box.close()
    with pytest.raises(SandboxError):
        await box.run_python("print(1)")


async def test_bad_base_fails_cleanly(state_root: Path, tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="not a folder"):
        await Sandbox(state_root=state_root, base=tmp_path / "missing").start()


async def test_mounts_never_reach_the_host_namespace(state_root: Path) -> None:
    async with Sandbox(state_root=state_root) as box:
        await box.run_python("open('f', 'w').write('1')")
        await box.snapshot()
        # The overlay exists only in the supervisor's namespace; the host sees its own root.
        assert not state_root_mounts(state_root)
        assert not _host_mounts_mentioning("overlay " + str(state_root))
        assert (box.home / "f").read_text() == "1"
