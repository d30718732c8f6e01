"""The warm script runner: the environment's own Python runs (setup, golden patch, a role's
``python -m`` turn) forked from a second warm jail, as the environment's uid over the
writable home.

What must hold, as for the reward runner: each run gives what a cold run gives (status,
output, and here also the home it leaves: names, contents, modes, owner); nothing of one run
reaches the next; a hostile child costs at most a fresh runner; where the runner cannot start,
runs go cold; and the script runner is not the reward runner (another process, another uid).
"""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cuagym.sandbox import Limits, Sandbox, ScriptResult
from cuagym.sandbox._uids import take_uids
from tests.sandbox.helpers import jail_processes
from tests.sandbox.test_warm_runner import LEAVE, LOOK, SAME, SETUP

#: Scripts that write: the home each leaves must be the cold run's.
WRITES = {
    "writes": """
import os, sys, json, openpyxl
print(os.getcwd(), sys.argv, __name__, __file__, sys.path[0], os.getuid(), os.getgid())
print(sorted(k for k in os.environ if not k.startswith("CUAGYM_SID")), os.environ["X_RUN"])
os.makedirs("Documents/deep", exist_ok=True)
wb = openpyxl.Workbook(); wb.active["A1"] = 42; wb.save("Documents/book.xlsx")
open("Documents/deep/a.txt", "w").write("a")
os.chmod("Documents/deep/a.txt", 0o600)
os.symlink("deep/a.txt", "Documents/link")
os.rename("docs/notes.txt", "docs/moved.txt")
os.remove("docs/private.txt")
print(os.listdir("/tmp"), os.listdir("/dev/shm"))
""",
    "partial_then_fail": "open('half.txt', 'w').write('x')\nraise RuntimeError('halfway')\n",
    "cannot_write_outside": """
import os
for path in ("/opt/task/x", "/usr/x", "/x"):
    try:
        open(path, "w")
    except OSError as exc:
        print(path, exc.errno)
""",
}
#: The reward runner's probes that say nothing of the home (status, output, signals, limits).
ALSO = ("traceback", "syntax_error", "exit_message", "atexit", "thread", "signal", "output_cap")
#: ``python3 -m`` runs (a role's turn is one): argv, status, output alike.
MODULES = {
    "json_tool": ["-m", "json.tool", "data.json"],
    "missing_module": ["-m", "no_such_module_here"],
    "module_error": ["-m", "py_compile", "missing.py"],
    "module_in_home": ["-m", "probe", "a", "b"],
}
PROBE = """
import os, sys
print(__name__, sys.argv, sys.path[0], os.getcwd())
open("probe_ran.txt", "w").write("yes")
raise SystemExit(4)
"""


def _tree(box: Sandbox) -> dict[str, tuple[str, int, bool, str]]:
    """The home as the host sees it: kind, mode, owned by the box's uid, content."""
    out = {}
    home = box.home
    for dirpath, dirnames, filenames in os.walk(home):
        for name in sorted(dirnames + filenames):
            path = Path(dirpath, name)
            st = path.lstat()
            rel = str(path.relative_to(home))
            if rel.startswith(".cuagym"):
                continue  # the sandbox's own sid file, its value differs per box
            if stat.S_ISLNK(st.st_mode):
                body = os.readlink(path)
            elif stat.S_ISREG(st.st_mode) and not name.endswith(".xlsx"):
                body = path.read_text(encoding="utf-8", errors="replace")
            else:
                body = ""  # folders; a workbook's zip carries its time stamps
            kind = "l" if stat.S_ISLNK(st.st_mode) else "d" if stat.S_ISDIR(st.st_mode) else "f"
            out[rel] = (kind, stat.S_IMODE(st.st_mode), st.st_uid == box.uid, body)
    return out


@pytest.fixture
async def boxes(state_root: Path) -> AsyncIterator[tuple[Sandbox, Sandbox]]:
    """A warm and a cold sandbox over the same kind of home (uid pairs of their own)."""
    leases = [take_uids(), take_uids()]
    made = []
    for lease, warm in zip(leases, (True, False), strict=True):
        root = state_root / ("warm" if warm else "cold")
        root.mkdir(mode=0o755)
        box = Sandbox(
            state_root=root, limits=Limits(cpu_s=10), uid=lease.uid, gid=lease.gid,
            reward_uid=lease.reward_uid, warm_rewards=warm, warm_scripts=warm,
        )  # fmt: skip
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


async def _script(box: Sandbox, code: str, **kw: object) -> ScriptResult:
    return await box.run_python(code, name="initial_setup.py", **kw)  # type: ignore[arg-type]


def _same(results: list[ScriptResult]) -> None:
    w, c = (r.model_dump(exclude={"duration_s"}) for r in results)
    assert w == c


async def test_scripts_give_the_cold_runs_results_and_homes(
    boxes: tuple[Sandbox, Sandbox],
) -> None:
    warm, cold = boxes
    before = warm.warm_runs
    for name, code in {**WRITES, **{k: SAME[k] for k in ALSO}}.items():
        for box in boxes:
            await box.restore("initial")
        results = [await _script(box, code, env={"X_RUN": name}) for box in boxes]
        _same(results)
        assert _tree(warm) == _tree(cold), name
    assert warm.warm_runs - before == len(WRITES) + len(ALSO) and cold.warm_runs == 0
    # The negative twin: the comparison sees a home that differs.
    await _script(warm, "open('extra.txt', 'w').write('x')")
    assert _tree(warm) != _tree(cold)


async def test_module_runs_give_the_cold_runs_results(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, cold = boxes
    for box in boxes:
        (box.home / "data.json").write_text('{"b": [1, 2], "a": null}')
        (box.home / "probe.py").write_text(PROBE)
    for name, argv in MODULES.items():
        results = [await box.run([box.python, *argv]) for box in boxes]
        _same(results)
        assert results[0].exit_code == {"json_tool": 0, "module_in_home": 4}.get(name, 1), name
    assert _tree(warm) == _tree(cold) and "probe_ran.txt" in _tree(warm)
    assert warm.warm_runs >= len(MODULES) and cold.warm_runs == 0


async def test_written_files_survive_snapshots_and_restores(
    boxes: tuple[Sandbox, Sandbox],
) -> None:
    warm, _cold = boxes
    await _script(warm, "open('kept.txt', 'w').write('one')")
    await warm.snapshot("after")
    await _script(warm, "open('kept.txt', 'w').write('two')")
    read = "print(open('kept.txt').read())"
    assert (await _script(warm, read)).stdout == "two\n"
    await warm.restore("after")
    assert (await _script(warm, read)).stdout == "one\n"
    reward = await warm.run_python(read, name="reward.py", readonly_home=True, as_reward=True)
    assert reward.stdout == "one\n"
    await warm.restore("initial")
    assert (await _script(warm, read)).exit_code == 1  # gone with the restore
    assert warm.warm_runs >= 6


async def test_nothing_of_a_script_run_reaches_the_next(boxes: tuple[Sandbox, Sandbox]) -> None:
    warm, _cold = boxes
    first = await _script(warm, LEAVE)
    assert first.stdout == "left\n", first.stderr
    second = await _script(warm, LOOK)
    assert second.exit_code == 0, second.stderr
    assert second.stdout.strip() == (
        '{"json": "[1]", "openpyxl": false, "builtins": false, "planted": false, "path": false, '
        '"env": false, "tmp": [], "shm": [], "sleep": false}'
    )
    assert warm.warm_runs >= 2


async def test_a_child_that_kills_the_script_runner_costs_only_a_new_runner(
    boxes: tuple[Sandbox, Sandbox],
) -> None:
    warm, _cold = boxes
    killed = await _script(warm, "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)")
    assert killed.exit_code != 0 or killed.stdout == ""
    for _ in range(2):  # the next runs are answered (cold if need be), then warm again
        after = await _script(warm, "open('fine.txt', 'w').write('ok')\nprint('fine')")
        assert after.stdout == "fine\n"
    assert (warm.home / "fine.txt").read_text() == "ok"


async def test_script_and_reward_runners_are_apart(boxes: tuple[Sandbox, Sandbox]) -> None:
    """Two runners, two uids: the script runner is the apps' uid, the reward's its own."""
    warm, _cold = boxes
    await warm.run_python("print(1)", name="reward.py", readonly_home=True, as_reward=True)
    run = asyncio.ensure_future(_script(warm, "import time\ntime.sleep(1.5)"))
    uids: set[int] = set()
    for _ in range(100):
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                if b"/opt/cuagym/warm.py" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    uids.add(os.stat(f"/proc/{pid}").st_uid)
            except OSError:
                continue
        uids &= {warm.uid, warm.reward_uid}  # this box's (each uid is its lease's alone)
        if len(uids) == 2:
            break
        await asyncio.sleep(0.05)
    assert (await run).exit_code == 0
    assert uids == {warm.uid, warm.reward_uid} and warm.uid != warm.reward_uid


async def test_a_runner_that_cannot_start_leaves_runs_cold(state_root: Path) -> None:
    lease = take_uids()
    box = Sandbox(
        state_root=state_root, uid=lease.uid, gid=lease.gid, reward_uid=lease.reward_uid,
        warm_scripts=True,
    )  # fmt: skip
    try:
        async with box:
            # The runner's file in the environment's tmpfs, broken: its jail exits at once.
            runner = Path(f"/proc/{box.supervisor_pid}/root{state_root}/lib/warm.py")
            runner.write_text("raise SystemExit(3)\n")
            for _ in range(2):
                result = await _script(box, "open('x.txt', 'w').write('1')\nprint('cold')")
                assert (result.exit_code, result.stdout) == (0, "cold\n")
            assert box.warm_runs == 0
            assert (box.home / "x.txt").read_text() == "1"
    finally:
        lease.release()


async def test_the_script_runner_needs_its_switch(state_root: Path) -> None:
    """Negative twin: without ``warm_scripts`` a script never runs warm, a reward may."""
    async with Sandbox(state_root=state_root, warm_rewards=True) as box:
        await _script(box, "print(1)")
        await box.run([box.python, "-m", "json.tool", "--help"])
        assert box.warm_runs == 0
        await box.run_python("print(1)", name="reward.py", readonly_home=True, as_reward=True)
        assert box.warm_runs == 1


def _runner_pids(uid: int) -> set[int]:
    pids = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"/opt/cuagym/warm.py" not in cmdline or os.stat(f"/proc/{pid}").st_uid != uid:
                continue
            if Path(f"/proc/{pid}/comm").read_text().strip() != "bwrap":  # the runner itself
                pids.add(int(pid))
        except OSError:
            continue
    return pids


async def test_a_prestarted_reward_runner_serves_the_reward(
    boxes: tuple[Sandbox, Sandbox],
) -> None:
    """The runner started ahead (while setup runs) is the one the reward's runs fork from;
    a run whose jail would differ (another preload) gets a runner of its own."""
    warm, cold = boxes
    reward = "import json, openpyxl\nprint(open('docs/notes.txt').read().strip())"
    views = ["/opt/cuagym/initial/home"]
    kw = {"name": "reward.py", "readonly_home": True, "as_reward": True}
    assert await warm.prestart_warm(reward, view_paths=views, **kw)  # type: ignore[arg-type]
    started = _runner_pids(warm.reward_uid)
    assert len(started) == 1
    result = await warm.run_python(
        reward,
        views={views[0]: "initial"},
        **kw,  # type: ignore[arg-type]
    )
    assert result.stdout == "alpha\n" and warm.warm_runs >= 1
    assert _runner_pids(warm.reward_uid) == started  # no second start
    other = "import docx\nprint(1)"
    await warm.run_python(other, views={views[0]: "initial"}, **kw)  # type: ignore[arg-type]
    assert _runner_pids(warm.reward_uid).isdisjoint(started)  # the negative twin
    assert not await cold.prestart_warm(reward, view_paths=views, **kw)  # type: ignore[arg-type]
    assert not _runner_pids(cold.reward_uid)
