"""The ``local`` provider through the Environment protocol (real sandbox underneath)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from cuagym.core._environment import role_file
from cuagym.core.environment import NotAGUIEnvironment
from cuagym.envs import Environment, LocalEnvironment, StateQuery, envprovider, make_env
from cuagym.envs._registry import ProviderError, get_provider, provider_names
from cuagym.sandbox import HubLink
from tests.conftest import LiveHub
from tests.sandbox.helpers import state_root_mounts

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")

SETUP = """
import json, os, openpyxl
os.makedirs("Documents", exist_ok=True)
wb = openpyxl.Workbook()
wb.active["A1"] = "total"
wb.active["B1"] = 42
wb.save("Documents/report.xlsx")
open("Documents/notes.txt", "w").write("remember the milk\\n")
json.dump({"a": 1}, open("Documents/data.json", "w"))
os.symlink("/etc/shadow", "Documents/shadow-link")
os.mkfifo("Documents/pipe")
print("setup done")
"""

REWARD = """
import openpyxl
ok = openpyxl.load_workbook("Documents/report.xlsx").active["B1"].value == 42
print(f"CHECK b1 1 {'PASS' if ok else 'FAIL'} B1 is 42")
try:
    open("Documents/hack.txt", "w").write("x")
    print("wrote")
except OSError:
    print("read-only")
print(f"REWARD: {1.0 if ok else 0.0}")
"""


@pytest.fixture
def state_root() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="cuagym-test-env-"))
    root.chmod(0o755)
    try:
        yield root
        assert not state_root_mounts(root) and not list(root.iterdir())
    finally:
        root.rmdir()


@pytest.fixture
async def env(state_root: Path) -> AsyncIterator[LocalEnvironment]:
    environment = LocalEnvironment(state_root=state_root)
    await environment.start()
    try:
        yield environment
    finally:
        await environment.close()


def test_registry() -> None:
    assert "local" in provider_names()
    assert get_provider("local") is LocalEnvironment
    assert isinstance(make_env("local"), Environment)
    with pytest.raises(ProviderError, match="unknown environment provider"):
        get_provider("no-such-provider")
    with pytest.raises(ProviderError, match="already"):
        envprovider("local")(type("Other", (), {}))


def test_role_files() -> None:
    assert role_file("initial_setup") == "initial_setup.py"
    assert role_file("golden") == "golden_patch.py"
    assert role_file("reward") == "reward.py"
    assert role_file("probe_1") == "probe_1.py"
    with pytest.raises(ValueError):
        role_file("../etc/passwd")


@pytest.mark.slow
async def test_roles_snapshots_and_state(env: LocalEnvironment) -> None:
    setup = await env.run_script(SETUP, role="initial_setup", timeout=60)
    assert setup.exit_code == 0 and setup.stdout == "setup done\n", setup.stderr
    init = await env.snapshot("init")

    reward = await env.run_script(REWARD, role="reward")
    assert reward.exit_code == 0, reward.stderr
    assert "read-only" in reward.stdout and reward.stdout.endswith("REWARD: 1.0\n")

    state = await env.read_state()
    files = {f.path: f for f in state.files}
    assert files["Documents"].kind == "dir"
    assert files["Documents/notes.txt"].text == "remember the milk\n"
    assert files["Documents/notes.txt"].sha256 is not None
    assert files["Documents/data.json"].text == '{"a": 1}'
    link = files["Documents/shadow-link"]
    assert link.kind == "symlink" and link.target == "/etc/shadow" and link.text is None
    assert files["Documents/pipe"].kind == "other"
    report = files["Documents/report.xlsx"]
    assert report.kind == "file" and report.size > 0 and report.text is None
    if report.parsed is not None:  # the rich parsers are someone else's; used when present
        assert "42" in str(report.parsed)
    assert not any(p.endswith(".py") for p in files)  # scripts never live in the home

    narrowed = await env.read_state(StateQuery(paths=("Documents/*.txt",), parse=False))
    assert [f.path for f in narrowed.files] == ["Documents/notes.txt"]

    golden = await env.run_script("import os; os.remove('Documents/notes.txt')", role="golden")
    assert golden.exit_code == 0
    assert "Documents/notes.txt" not in {f.path for f in (await env.read_state()).files}
    await env.restore(init)
    assert "Documents/notes.txt" in {f.path for f in (await env.read_state()).files}


async def test_no_display(env: LocalEnvironment) -> None:
    with pytest.raises(NotAGUIEnvironment):
        await env.screenshot()
    with pytest.raises(NotAGUIEnvironment):
        await env.act({"action": "left_click", "coordinate": [1, 2]})


async def test_read_state_includes_hub_go(live_hub: LiveHub, state_root: Path) -> None:
    link = HubLink(url=live_hub.url, token=live_hub.token, apps=("team-chat",))
    async with LocalEnvironment(state_root=state_root, hub=link) as env:
        state = await env.read_state()
        assert state.sid == env.sid and state.sid is not None
        assert state.hub is not None
        go = state.hub["team-chat"]
        assert set(go) == {"initial_state", "current_state", "state_diff"}
        assert {f.path for f in state.files} == {".cuagym", ".cuagym/sid"}
