"""A reward runs as a uid of its own yet reads the whole home, private files included
(an idmapped, read-only view: the sandbox's uid shows as the reward's)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cuagym.sandbox import Limits, Sandbox
from cuagym.sandbox._uids import take_uids

SETUP = """
import os
os.makedirs("/home/user/config", exist_ok=True)
open("/home/user/config/secret.env", "w").write("API_TOKEN=s3cr3t")
os.chmod("/home/user/config/secret.env", 0o600)
os.chmod("/home/user/config", 0o700)
"""
READ = """
import os, sys, time
time.sleep(float(os.environ.get("HOLD", "0")))  # long enough for the host to look at it
print(open("/home/user/config/secret.env").read())
print(open(sys.argv[1] + "/config/secret.env").read() if len(sys.argv) > 1 else "-")
print(oct(os.stat("/home/user/config/secret.env").st_mode & 0o777))
try:
    open("/home/user/config/new", "w")
except OSError as exc:
    print(type(exc).__name__)
"""


@pytest.fixture
async def pair_box(state_root: Path) -> AsyncIterator[Sandbox]:
    lease = take_uids()
    box = Sandbox(
        state_root=state_root, limits=Limits(cpu_s=10), uid=lease.uid, gid=lease.gid,
        reward_uid=lease.reward_uid,
    )  # fmt: skip
    await box.start()
    try:
        yield box
    finally:
        await box.close()
        lease.release()


async def test_a_reward_reads_private_files_as_its_own_uid_and_writes_nothing(
    pair_box: Sandbox,
) -> None:
    box = pair_box
    assert box.reward_uid == box.uid + 1
    assert (await box.run_python(SETUP)).exit_code == 0
    await box.snapshot("initial")
    # What the agent's uid did after the snapshot is seen too (the live home, not a copy).
    more = "open('/home/user/config/secret.env', 'a').write(';MORE')"
    assert (await box.run_python(more)).exit_code == 0
    run = asyncio.ensure_future(
        box.run_python(
            READ, name="reward_probe.py", args=["/opt/initial"], readonly_home=True,
            as_reward=True, views={"/opt/initial": "initial"}, env={"HOLD": "1.5"},
        )
    )  # fmt: skip
    assert await _host_uid_of("reward_probe.py") == box.reward_uid
    reward = await run
    assert reward.exit_code == 0, reward.stderr
    live, initial, mode, refused = reward.stdout.split()
    assert (live, initial, mode) == ("API_TOKEN=s3cr3t;MORE", "API_TOKEN=s3cr3t", "0o600")
    assert refused == "OSError"  # a read-only file system
    run = asyncio.ensure_future(
        box.run_python(READ, name="plain_probe.py", readonly_home=True, env={"HOLD": "1.5"})
    )
    assert await _host_uid_of("plain_probe.py") == box.uid
    assert (await run).exit_code == 0
    # The home itself is untouched: still the apps' uid's, still private.
    st = (box.home / "config" / "secret.env").stat()
    assert (st.st_uid, st.st_mode & 0o777) == (box.uid, 0o600)


async def _host_uid_of(script: str) -> int:
    """The host uid of the running process whose command line names ``script``."""
    for _ in range(100):
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
                # The script's interpreter itself (the launchers before it, root's prlimit
                # among them, name it further along their command lines).
                if cmdline.split(b"\0")[1:2] == [f"/opt/task/{script}".encode()]:
                    return os.stat(f"/proc/{pid}").st_uid
            except OSError:
                continue
        await asyncio.sleep(0.05)
    raise AssertionError(f"{script} never ran")


async def test_a_reward_run_needs_a_read_only_home(pair_box: Sandbox) -> None:
    with pytest.raises(ValueError, match="read-only"):
        await pair_box.run_python("print(1)", as_reward=True)
