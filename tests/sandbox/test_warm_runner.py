"""The warm reward runner: one jail with the reward libraries imported, a forked child per run.

What must hold: a run sees what a cold run sees and gives the same result; nothing of one run
reaches the next (module state, globals, /tmp, /dev/shm, background processes, environment);
a timeout kills the run and only it; a crashing (or hostile) child never costs more than a
fresh runner for the next run.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cuagym.sandbox import Limits, Sandbox, ScriptResult
from cuagym.sandbox._uids import take_uids
from tests.sandbox.helpers import jail_processes

SETUP = """
import os
os.makedirs("/home/user/docs", exist_ok=True)
open("/home/user/docs/notes.txt", "w").write("alpha\\n")
open("/home/user/docs/private.txt", "w").write("mine")
os.chmod("/home/user/docs/private.txt", 0o600)
"""


@pytest.fixture
async def boxes(state_root: Path) -> AsyncIterator[tuple[Sandbox, Sandbox]]:
    """A warm and a cold sandbox over the same kind of home (uid pairs of their own)."""
    leases = [take_uids(), take_uids()]
    made = []
    for lease, warm in zip(leases, (True, False), strict=True):
        box = Sandbox(
            state_root=state_root / ("warm" if warm else "cold"), limits=Limits(cpu_s=10),
            uid=lease.uid, gid=lease.gid, reward_uid=lease.reward_uid, warm_rewards=warm,
        )  # fmt: skip
        (state_root / ("warm" if warm else "cold")).mkdir(mode=0o755)
        await box.start()
        made.append(box)
        assert (await box.run_python(SETUP)).exit_code == 0
        await box.snapshot("initial")
    try:
        yield made[0], made[1]
    finally:
        for box in made:
            pid = box.supervisor_pid
            await box.close()
            assert pid is not None and not jail_processes(supervisor=pid)
        for lease in leases:
            lease.release()
        for name in ("warm", "cold"):
            (state_root / name).rmdir()


async def _reward(box: Sandbox, code: str, **kw: object) -> ScriptResult:
    return await box.run_python(
        code, name="reward.py", readonly_home=True, as_reward=True,
        views={"/opt/cuagym/initial/home": "initial"}, **kw,  # type: ignore[arg-type]
    )  # fmt: skip


#: Scripts whose results the warm and the cold runner must give alike (output, status, limit).
SAME = {
    "reads": """
import os, sys, openpyxl, json
print(os.getcwd(), sys.argv, __name__, __file__, sys.path[0])
print(open("docs/notes.txt").read().strip(), open("docs/private.txt").read())
print(open("/opt/cuagym/initial/home/docs/notes.txt").read().strip())
print(sorted(k for k in os.environ if not k.startswith("CUAGYM_SID")))
print(os.environ["X_RUN"], os.getuid(), os.getgid(), os.listdir("/tmp"), os.listdir("/dev/shm"))
try:
    open("docs/new.txt", "w")
except OSError as exc:
    print("refused", exc.errno)
print("ünïcode ✓")
print("CHECK one: ok", file=sys.stderr)
""",
    "exit_code": "import sys\nprint('partial')\nsys.exit(3)",
    "exit_message": "import sys\nsys.exit('no such file')",
    "exit_none": "raise SystemExit",
    "traceback": "import json\n\ndef f():\n    return json.loads('{')\n\nf()\n",
    "syntax_error": "x = (\n",
    "signal": "import os, signal\nprint('before', flush=True)\n"
    "os.kill(os.getpid(), signal.SIGTERM)",
    "abort": "import os\nos.abort()",
    "atexit": "import atexit\natexit.register(print, 'bye')\nprint('hi')",
    "thread": "import threading, time\n"
    "threading.Thread(target=lambda: (time.sleep(0.2), print('late'))).start()\nprint('early')",
    "output_cap": "import sys\nsys.stdout.write('x' * 5000)",
    "memory": "b = bytearray(3 << 30)",
}


async def test_results_equal_the_cold_runners(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, cold = boxes
    for name, code in SAME.items():
        results = [await _reward(box, code, env={"X_RUN": name}) for box in boxes]
        w, c = (r.model_dump(exclude={"duration_s"}) for r in results)
        assert w == c, name
    assert warm.warm_runs == len(SAME) and cold.warm_runs == 0


async def test_output_cap_is_the_cold_runs(state_root: Path) -> None:
    box = Sandbox(state_root=state_root, limits=Limits(output_kb=1), warm_rewards=True)
    async with box:
        result = await box.run_python(
            "print('y' * 3000)", readonly_home=True, as_reward=True, name="reward.py"
        )
    assert result.truncated and result.limit == "output" and result.stdout == "y" * 1024
    assert box.warm_runs == 1


LEAVE = """
import builtins, json, os, subprocess, sys, openpyxl
json.dumps = lambda *a, **k: "poisoned"
openpyxl.MARK = builtins.MARK = 1
sys.modules["planted"] = sys
sys.path.insert(0, "/tmp")
os.environ["LEFT"] = "1"
open("/tmp/left", "w").write("x")
open("/dev/shm/left", "w").write("x")
# A daemon in a session of its own, holding none of the run's pipes.
subprocess.Popen(["sleep", "600"], start_new_session=True, stdout=subprocess.DEVNULL,
                 stderr=subprocess.DEVNULL)
print("left")
"""
LOOK = """
import builtins, json, os, sys, openpyxl
procs = []
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        procs.append(open(f"/proc/{pid}/cmdline", "rb").read().split(b"\\0")[0].decode())
    except OSError:
        pass
print(json.dumps({
    "json": json.dumps([1]), "openpyxl": hasattr(openpyxl, "MARK"),
    "builtins": hasattr(builtins, "MARK"), "planted": "planted" in sys.modules,
    "path": "/tmp" in sys.path, "env": "LEFT" in os.environ, "tmp": os.listdir("/tmp"),
    "shm": os.listdir("/dev/shm"), "sleep": any(p.endswith("sleep") for p in procs),
}))
"""


async def test_nothing_of_a_run_reaches_the_next(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, _cold = boxes
    first = await _reward(warm, LEAVE)
    assert first.stdout == "left\n", first.stderr
    second = await _reward(warm, LOOK)
    assert second.exit_code == 0, second.stderr
    assert second.stdout.strip() == (
        '{"json": "[1]", "openpyxl": false, "builtins": false, "planted": false, "path": false, '
        '"env": false, "tmp": [], "shm": [], "sleep": false}'
    )
    assert warm.warm_runs == 2


async def test_a_timeout_kills_the_run_and_only_it(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, _cold = boxes
    hang = (
        "import subprocess, time\nsubprocess.Popen(['sleep', '600'])\n"
        "print('started', flush=True)\ntime.sleep(600)"
    )
    results = [await _reward(box, hang, timeout=1.5) for box in boxes]
    for result in results:
        assert (result.timed_out, result.exit_code, result.limit) == (True, 124, "timeout")
        assert result.stdout == "started\n"
        assert result.duration_s < 10
    assert results[0].stderr == results[1].stderr
    after = await _reward(warm, LOOK)
    assert '"sleep": false' in after.stdout
    assert warm.warm_runs == 2  # the runner lived on


async def test_a_crashing_child_does_not_kill_the_runner(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, _cold = boxes
    segfault = "import ctypes\nctypes.string_at(0)"
    crashed = await _reward(warm, segfault)
    assert crashed.exit_code == 139  # 128 + SIGSEGV, as a cold run reports it
    ok = await _reward(warm, "print('fine')")
    assert ok.stdout == "fine\n" and warm.warm_runs == 2


async def test_a_child_that_attacks_the_runner_costs_only_a_new_runner(
    boxes: tuple[Sandbox, Sandbox],
) -> None:
    warm, _cold = boxes
    kill_parent = "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\nprint('done')"
    await _reward(warm, kill_parent)
    stop_parent = "import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)\nprint('done')"
    stopped = await _reward(warm, stop_parent, timeout=1)
    assert stopped.timed_out  # the host's own deadline: the runner was frozen
    ptrace = (
        "import ctypes, os\nlibc = ctypes.CDLL(None, use_errno=True)\n"
        "print(libc.ptrace(16, os.getppid(), 0, 0), ctypes.get_errno())\n"  # PTRACE_ATTACH
        "try:\n    open(f'/proc/{os.getppid()}/mem', 'rb')\nexcept OSError as exc:\n"
        "    print('mem', exc.errno)\n"
    )
    traced = await _reward(warm, ptrace)
    assert traced.stdout == "-1 1\nmem 13\n"  # EPERM, EACCES: the runner is not dumpable
    after = await _reward(warm, "print('fine')")
    assert after.stdout == "fine\n"
    assert warm.warm_runs >= 3


async def test_the_runner_runs_as_the_rewards_uid(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, _cold = boxes
    run = asyncio.ensure_future(_reward(warm, "import time\ntime.sleep(1.5)"))
    uids = set()
    for _ in range(100):
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                if b"/opt/cuagym/warm.py" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    uids.add(os.stat(f"/proc/{pid}").st_uid)
            except OSError:
                continue
        # This box's runners only (other sandboxes of the machine may have theirs).
        uids &= {warm.uid, warm.reward_uid}
        if uids:
            break
        await asyncio.sleep(0.05)
    assert (await run).exit_code == 0
    assert uids == {warm.reward_uid}


async def test_runs_follow_restores(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, _cold = boxes
    read = "print(open('docs/notes.txt').read().strip())"
    assert (await _reward(warm, read)).stdout == "alpha\n"
    (warm.home / "docs" / "notes.txt").write_text("beta\n")
    assert (await _reward(warm, read)).stdout == "beta\n"
    await warm.restore("initial")
    assert (await _reward(warm, read)).stdout == "alpha\n"
    assert warm.warm_runs == 3


async def test_the_runner_imports_only_the_rewards_listed_libraries(state_root: Path) -> None:
    probe = (
        "import sys\nimport json\nfrom openpyxl.utils import get_column_letter\n"
        "print(sorted(m for m in ('openpyxl', 'docx', 'pptx', 'requests') if m in sys.modules))"
    )
    async with Sandbox(state_root=state_root, warm_rewards=True) as box:
        result = await box.run_python(probe, readonly_home=True, as_reward=True, name="reward.py")
        # The runner's own modules: what a fresh interpreter has after this script's imports.
        assert result.stdout == "['openpyxl']\n", result.stderr
        assert box.warm_runs == 1


async def test_a_runner_killed_from_outside_is_replaced(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, _cold = boxes
    read = "print(open('docs/notes.txt').read().strip())"
    assert (await _reward(warm, read)).stdout == "alpha\n"
    killed = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            ours = os.stat(f"/proc/{pid}").st_uid == warm.reward_uid  # never another box's
            if ours and b"/opt/cuagym/warm.py" in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(int(pid), 9)
                killed += 1
        except OSError:
            continue
    assert killed
    for _ in range(2):  # the run right after is answered (cold if need be), then warm again
        assert (await _reward(warm, read)).stdout == "alpha\n"
    assert warm.warm_runs >= 2
