"""Reused role jails (the procedural backend's zygote): a role's jail serves its later turns.

What must hold: a turn's outputs are those of a fresh jail (the family's scripts and reward,
byte for byte; the same status and transcript); the barrier is unchanged: a turn sees exactly
its own workspace, never what an earlier turn of any task left (files, /tmp, processes), and a
Generator's jail never serves a Discriminator (nor the reverse); a turn that fails costs its
jail, which is then closed, never reused. The spies of ``test_barrier.py`` hunt the other
side's outputs in reused jails too.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cuagym.domains import load_domains
from cuagym.sandbox import Sandbox
from cuagym.synth import sample_tasks
from cuagym.synth._backends import ProceduralBackend
from cuagym.synth._barrier import BarrierError, RoleJails, fill_home, read_output, write_workspace
from tests.synth.synth_helpers import requires_jail

pytestmark = requires_jail

# Lists what the turn can see of its home, /tmp and the jail's other processes, then leaves
# something of each behind (the next turn must see none of it).
PEEK = """
import json, os, subprocess
procs = []
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        procs.append(open(f"/proc/{pid}/cmdline", "rb").read().split(b"\\0")[0].decode())
    except OSError:
        pass
print(json.dumps({"home": sorted(os.listdir(".")), "tmp": sorted(os.listdir("/tmp")),
                  "sleep": any(p.endswith("sleep") for p in procs)}))
open("left_in_home.txt", "w").write("x")
open("/tmp/left_in_tmp", "w").write("x")
subprocess.Popen(["sleep", "600"], start_new_session=True)
"""


def _workspace(tmp: Path, name: str, files: dict[str, str]) -> Path:
    folder = tmp / name
    write_workspace(folder, files)
    return folder


@contextlib.asynccontextmanager
async def _jails(reuse: bool) -> AsyncIterator[RoleJails]:
    backend = ProceduralBackend(reuse_jails=reuse)
    jails = RoleJails(
        api_url="http://127.0.0.1:45678", reuse=reuse, warm_modules=backend.warm_modules()
    )
    try:
        yield jails
    finally:
        await jails.close()


async def test_turns_in_reused_jails_give_a_fresh_jails_outputs(tmp_path: Path) -> None:
    specs = sample_tasks(load_domains(), ["calc", "team-chat", "writer"], 3, 5)
    outputs: dict[bool, list[tuple[int, str, dict[str, str | None]]]] = {}
    for reuse in (False, True):
        outputs[reuse] = []
        async with _jails(reuse) as jails:
            for i, spec in enumerate(specs):
                for role, names in (
                    ("generator", ("initial_setup.py", "golden_patch.py")),
                    ("discriminator", ("reward.py", "REVIEW.md")),
                ):
                    files = {"task_config.json": spec.task.model_dump_json(), "SKILL.md": "s"}
                    folder = _workspace(tmp_path, f"{reuse}-{i}-{role}", files)
                    async with jails.open(folder, "token", role) as box:
                        env = jails.role_env({"CUAGYM_ROLE": role})
                        argv = ["-m", "cuagym.synth.roles", f"procedural-{role}"]
                        result = await box.run([box.python, *argv], env=env, timeout=120)
                        got = {n: read_output(box.home, n)[0] for n in names}
                        warm = box.warm_runs
                    assert result.exit_code == 0, result.stderr
                    assert all(got.values()), got
                    assert (warm > 0) == reuse  # the reused jail's turn was forked warm
                    outputs[reuse].append((result.exit_code, result.stdout, got))
    assert outputs[True] == outputs[False]


async def test_a_turn_sees_only_its_workspace_in_a_reused_jail(tmp_path: Path) -> None:
    async with _jails(True) as jails:
        seen = []
        supervisors: dict[str, set[int | None]] = {}
        for i, role in enumerate(["generator", "discriminator", "generator", "discriminator"]):
            folder = _workspace(tmp_path, f"w{i}", {f"only_{i}.txt": str(i), "peek.py": PEEK})
            async with jails.open(folder, "token", role) as box:
                supervisors.setdefault(role, set()).add(box.supervisor_pid)
                result = await box.run(
                    [box.python, "-m", "peek"], env=jails.role_env({}), timeout=60
                )
                assert result.exit_code == 0, result.stderr
                seen.append(result.stdout.strip())
                assert box.warm_runs >= 1
        for i, line in enumerate(seen):
            assert line == (
                f'{{"home": [".cuagym", "only_{i}.txt", "peek.py"], "tmp": [], "sleep": false}}'
            ), i
        # Each role kept one jail for both its turns, and the two roles never shared one.
        assert all(len(pids) == 1 for pids in supervisors.values())
        assert supervisors["generator"].isdisjoint(supervisors["discriminator"])


async def test_a_failed_turn_closes_its_jail(tmp_path: Path) -> None:
    async with _jails(True) as jails:
        folder = _workspace(tmp_path, "a", {"task_config.json": "{}"})
        box_seen: list[Sandbox] = []
        with pytest.raises(RuntimeError):
            async with jails.open(folder, "token", "generator") as box:
                box_seen.append(box)
                raise RuntimeError("the turn broke")
        assert box_seen[0].supervisor_pid is None  # closed
        async with jails.open(_workspace(tmp_path, "b", {"x": "1"}), "token", "generator") as box:
            assert box is not box_seen[0]


async def test_fill_home_refuses_a_home_that_is_not_empty(tmp_path: Path) -> None:
    """Negative twin of the restore between turns: a leftover is an error, never merged."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "left.txt").write_text("x")
    folder = _workspace(tmp_path, "w", {"a.txt": "1"})
    with pytest.raises(BarrierError):
        fill_home(home, folder)
    (home / "left.txt").unlink()
    fill_home(home, folder)
    assert (home / "a.txt").read_text() == "1"


async def test_an_idle_jail_that_died_is_replaced(tmp_path: Path) -> None:
    async with _jails(True) as jails:
        async with jails.open(_workspace(tmp_path, "a", {"a.txt": "1"}), "t", "generator") as box:
            first = box
        assert first.supervisor_pid is not None  # kept for the next turn
        os.kill(first.supervisor_pid, signal.SIGKILL)
        for _ in range(100):  # until the event loop has seen it go
            if not first.alive:
                break
            await asyncio.sleep(0.02)
        async with jails.open(_workspace(tmp_path, "b", {"b.txt": "2"}), "t", "generator") as box:
            assert box is not first
            result = await box.run(["/bin/ls", "-A"], timeout=30)
            assert result.stdout.split() == [".cuagym", "b.txt"]
        assert first.supervisor_pid is None  # closed, not returned to the pool
