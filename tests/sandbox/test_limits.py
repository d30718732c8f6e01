"""Bombs are stopped by limits with a clear error; timeouts kill the whole tree."""

from __future__ import annotations

import asyncio
import secrets
import time
from pathlib import Path

import pytest

from cuagym.sandbox import Limits, Sandbox
from tests.sandbox.helpers import jail_processes

FORK_BOMB = """
import os, time
n = 0
try:
    while True:
        if os.fork() == 0:
            time.sleep(30)
            os._exit(0)
        n += 1
except OSError as exc:
    print("forked", n, flush=True)
    raise
"""


@pytest.fixture
async def small(state_root: Path) -> Sandbox:
    limits = Limits(cpu_s=2, memory_mb=256, file_size_mb=4, processes=32, disk_mb=24, output_kb=64)
    return Sandbox(state_root=state_root, limits=limits)


@pytest.mark.slow
async def test_fork_bomb_is_capped_per_sandbox(small: Sandbox, state_root: Path) -> None:
    other = Sandbox(state_root=state_root, limits=Limits(processes=64))
    async with small, other:
        bomb = asyncio.ensure_future(small.run_python(FORK_BOMB, timeout=20))
        await asyncio.sleep(1.0)  # the bomb now holds its whole process budget
        # The limit counts the sandbox's own user namespace, not the host uid that both share.
        neighbour = await other.run_python(
            "import subprocess\n"
            "ps = [subprocess.Popen(['sleep', '0.5']) for _ in range(40)]\n"
            "print(sum(p.wait() == 0 for p in ps))",
            timeout=20,
        )
        result = await bomb
    assert neighbour.stdout.strip() == "40", neighbour.stderr
    assert result.exit_code != 0
    assert result.limit == "processes", result.stderr
    assert "limit hit: processes" in result.stderr
    forked = int(result.stdout.split()[1])
    assert 20 <= forked <= 32


async def test_memory_bomb(small: Sandbox) -> None:
    async with small:
        result = await small.run_python("x = bytearray(1 << 30)")
    assert result.limit == "memory"
    assert "MemoryError" in result.stderr and "limit hit: memory" in result.stderr


async def test_disk_bomb_fills_only_the_environment_quota(small: Sandbox) -> None:
    code = """
i = 0
while True:
    with open(f"fill-{i}", "wb") as fh:
        fh.write(b"x" * (1 << 20))
    i += 1
"""
    async with small:
        result = await small.run_python(code)
        assert result.limit == "disk", result.stderr
        # A full quota does not wedge the environment: deleting frees it again.
        cleanup = await small.run_python(
            "import glob, os\nfor p in glob.glob('fill-*'): os.remove(p)\nprint('ok')"
        )
        assert cleanup.stdout.strip() == "ok", cleanup.stderr
        tmp_bomb = await small.run_python(code.replace('f"fill-{i}"', 'f"/tmp/fill-{i}"'))
        assert tmp_bomb.limit == "disk"


async def test_file_size_limit(small: Sandbox) -> None:
    async with small:
        result = await small.run_python("open('big', 'wb').write(b'x' * (8 << 20))")
        shell = await small.run(["/bin/sh", "-c", "head -c 8M /dev/zero > big2"])
    assert result.limit == "file_size" and "limit hit: file_size" in result.stderr
    assert shell.limit == "file_size", shell  # dd-like tools die of SIGXFSZ instead


@pytest.mark.slow
async def test_cpu_limit(state_root: Path) -> None:
    async with Sandbox(state_root=state_root, limits=Limits(cpu_s=1)) as box:
        result = await box.run_python("while True: pass", timeout=30)
    assert result.limit == "cpu" and not result.timed_out
    assert result.exit_code == 128 + 24  # SIGXCPU
    assert "limit hit: cpu" in result.stderr


async def test_output_is_capped(small: Sandbox) -> None:
    async with small:
        result = await small.run_python("import sys\nsys.stdout.write('y' * (1 << 20))")
    assert result.exit_code == 0 and result.truncated and result.limit == "output"
    assert len(result.stdout) == 64 << 10


@pytest.mark.slow
async def test_timeout_kills_the_whole_tree(box: Sandbox) -> None:
    marker = f"cuagym-sleeper-{secrets.token_hex(4)}"
    code = f"""
import os, subprocess, time
subprocess.Popen(["bash", "-c", "exec -a {marker} sleep 300"], start_new_session=True)
if os.fork() == 0:          # a daemon: double fork, new session
    os.setsid()
    if os.fork() == 0:
        os.execvp("bash", ["bash", "-c", "exec -a {marker}-d sleep 300"])
    os._exit(0)
print("started", flush=True)
time.sleep(300)
"""
    result = await box.run_python(code, timeout=1.5)
    assert result.timed_out and result.exit_code == 124 and result.limit == "timeout"
    assert result.stdout == "started\n"
    assert 1.4 < result.duration_s < 5
    assert not jail_processes(marker=marker)
    # The environment is still usable after a kill.
    again = await box.run_python("print('alive')")
    assert again.stdout == "alive\n"


async def test_background_processes_die_with_the_script(box: Sandbox) -> None:
    marker = f"cuagym-bg-{secrets.token_hex(4)}"
    code = f"""
import subprocess
subprocess.Popen(["bash", "-c", "exec -a {marker} sleep 300"], start_new_session=True,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("bye")
"""
    result = await box.run_python(code, timeout=10)
    assert result.exit_code == 0 and not result.timed_out
    assert result.duration_s < 5
    # The kernel kills the jail's processes when its pid namespace ends, asynchronously: on a
    # loaded machine one may still be listed for a moment (a fresh-clone CI run saw it once).
    deadline = time.monotonic() + 2.0
    while jail_processes(marker=marker) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not jail_processes(marker=marker)


@pytest.mark.slow
async def test_environment_memory_cap_across_processes(state_root: Path) -> None:
    """Many processes each under RLIMIT_AS still cannot take more than the environment's cap."""
    limits = Limits(memory_mb=512, total_memory_mb=256, processes=64)
    async with Sandbox(state_root=state_root, limits=limits) as box:
        if box.cgroup is None:
            pytest.skip("this host lets us create no memory cgroup")
        code = """
import os, time
for _ in range(6):                      # 6 × 200 MB touched, each process within its own limit
    if os.fork() == 0:
        block = bytearray(200 << 20)
        time.sleep(20)
        os._exit(0)
os.wait()
"""
        result = await box.run_python(code, timeout=30)
        assert result.limit == "memory", result
        assert result.duration_s < 25
        assert (await box.run_python("print('ok')")).stdout == "ok\n"
    assert not box.cgroup.path.exists()
