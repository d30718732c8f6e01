"""A reward sees the home as setup left it, read-only, when the runner snapshotted it."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuagym.core.files import INITIAL_HOME_ENV, INITIAL_SNAPSHOT
from cuagym.envs import LocalEnvironment
from cuagym.sandbox import INNER_INITIAL_HOME
from tests.sandbox.helpers import state_root_mounts

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")

SETUP = """
import os
os.makedirs("Documents/old", exist_ok=True)
open("Documents/keep.txt", "w").write("keep me\\n")
open("Documents/old/drop.txt", "w").write("drop me\\n")
open("notes.txt", "w").write("v1\\n")
"""

PATCH = """
import os, shutil
shutil.rmtree("Documents/old")
open("notes.txt", "w").write("v2\\n")
open("Documents/new.txt", "w").write("new\\n")
"""

# Prints what it sees of the initial home (as JSON) and whether it can write there.
PEEK = """
import json, os
root = os.environ.get("CUAGYM_INITIAL_HOME")
seen = {"env": root}
if root:
    seen["files"] = sorted(
        os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs
    )
    seen["notes"] = open(os.path.join(root, "notes.txt")).read()
    try:
        open(os.path.join(root, "hack.txt"), "w").write("x")
        seen["writable"] = True
    except OSError:
        seen["writable"] = False
print(json.dumps(seen))
"""


@pytest.fixture
def state_root() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="cuagym-test-initial-"))
    root.chmod(0o755)
    try:
        yield root
        assert not state_root_mounts(root), "a view mount leaked into the host"
    finally:
        root.rmdir()


async def peek(env: LocalEnvironment, role: str = "reward") -> dict[str, object]:
    result = await env.run_script(PEEK, role)
    assert result.exit_code == 0, result.stderr
    seen: dict[str, object] = json.loads(result.stdout)
    return seen


async def test_reward_sees_the_initial_home_read_only(state_root: Path) -> None:
    async with LocalEnvironment(state_root=state_root) as env:
        assert (await env.run_script(SETUP, "initial_setup")).exit_code == 0
        await env.snapshot(INITIAL_SNAPSHOT)
        assert env.has_initial_home
        assert (await env.run_script(PATCH, "golden_patch")).exit_code == 0
        await env.snapshot("prepared")

        seen = await peek(env)
        assert seen["env"] == INNER_INITIAL_HOME
        assert seen["files"] == ["Documents/keep.txt", "Documents/old/drop.txt", "notes.txt"]
        assert seen["notes"] == "v1\n" and seen["writable"] is False

        # The view follows the snapshot, not the home: edits after it never show.
        await env.run_script("open('notes.txt', 'w').write('v3')", "golden_patch")
        assert (await peek(env))["notes"] == "v1\n"
        await env.restore("prepared")
        assert (await peek(env))["notes"] == "v1\n"

        # Only a reward gets it: setup and patch scripts run without it.
        assert (await peek(env, "golden_patch"))["env"] is None


async def test_without_the_snapshot_the_reward_gets_nothing(state_root: Path) -> None:
    async with LocalEnvironment(state_root=state_root) as env:
        assert (await env.run_script(SETUP, "initial_setup")).exit_code == 0
        await env.snapshot("after-setup")  # any other name is not the initial home
        assert not env.has_initial_home
        assert (await peek(env)) == {"env": None}
        assert INITIAL_HOME_ENV == "CUAGYM_INITIAL_HOME"


async def test_an_untouched_initial_home_is_the_base_itself(state_root: Path) -> None:
    base = Path(tempfile.mkdtemp(prefix="cuagym-test-base-"))
    try:
        base.chmod(0o755)
        (base / "notes.txt").write_text("from the base\n")
        os.chown(base, 1000, 1000)
        os.chown(base / "notes.txt", 1000, 1000)
        async with LocalEnvironment(state_root=state_root, base=base) as env:
            await env.snapshot(INITIAL_SNAPSHOT)  # nothing written since the start
            seen = await peek(env)
            assert seen["files"] == ["notes.txt"] and seen["writable"] is False
        assert (base / "notes.txt").read_text() == "from the base\n"
    finally:
        for p in sorted(base.rglob("*"), reverse=True):
            p.unlink()
        base.rmdir()
