"""config.json through OSWorld's own desktop-env code, against a sandbox acting as the VM.

A bundle's config must (1) score gold 1.0 and the untouched initial state 0.0 under OSWorld's
own metric, (2) count only reward.py's last line, so an agent that names a file
``REWARD: 1.0`` scores nothing, (3) score 0 with a clear line when setup failed or never ran,
(4) carry scripts of any size, (5) resist swapped evaluation scripts, and (6) for a web task
reach the hub with the address and token baked in by the export, never leaving the token on
the VM's disk.
"""

from __future__ import annotations

import os

import pytest

from cuagym.core import TaskConfig
from cuagym.domains._registry import load_domain
from cuagym.sandbox import HubLink
from cuagym.synth._osworld_config import osworld_config
from tests.conftest import LiveHub
from tests.core.osworld_vm import DesktopEnvCode, OSWorldRun, SandboxVM, find_wheel

WHEEL = find_wheel()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.geteuid() != 0, reason="the VM is a sandbox, which needs root"),
    pytest.mark.skipif(
        WHEEL is None,
        reason="OSWorld's desktop-env wheel is not downloaded (make install-test does it: "
        "pip download --no-deps desktop-env==1.0.2 -d .cache/osworld)",
    ),
]


@pytest.fixture(scope="module")
def osworld() -> DesktopEnvCode:
    assert WHEEL is not None
    return DesktopEnvCode(WHEEL)


def files_task(seed: int = 0) -> tuple[TaskConfig, str, str, str]:
    family = load_domain("files").families[0]
    task = family.sample(seed)
    scripts = family.generate(task)
    return task, scripts.initial_setup, scripts.golden_patch, family.write_reward(task)


async def test_gold_scores_1_and_the_untouched_initial_state_0(osworld: DesktopEnvCode) -> None:
    task, setup, patch, reward = files_task()
    windows = [{"app": "files", "path": "/home/user"}, {"app": "calc"}]
    config = osworld_config(task, initial_setup=setup, reward=reward, start=windows)
    async with SandboxVM() as vm:
        run = OSWorldRun(osworld, vm)
        await run.reset(config)
        status = (vm.work / "setup.status").read_text()
        assert '"ok": true' in status, (status, vm.recorded.executed[-1:])
        assert vm.recorded.opened == ["/home/user"]
        assert vm.recorded.launched == [{"command": ["libreoffice", "--calc"], "shell": False}]
        assert not (vm.work / "initial_setup.py").exists()  # the agent never sees it
        assert (vm.work / "initial" / "home").is_dir()
        score, line = await run.evaluate(config)
        assert (score, line.strip()) == (0.0, "REWARD: 0.0")
        # the agent's work: here, the golden patch run in the VM
        (vm.work / "patch.py").write_text(patch)
        await run.agent("cd /home/user && python3 /tmp/cuagym/patch.py")
        score, line = await run.evaluate(config)
        assert (score, line.strip()) == (1.0, "REWARD: 1.0")


async def test_a_file_named_like_a_pass_scores_nothing(osworld: DesktopEnvCode) -> None:
    task, setup, _, reward = files_task(1)
    config = osworld_config(task, initial_setup=setup, reward=reward)
    async with SandboxVM() as vm:
        run = OSWorldRun(osworld, vm)
        await run.reset(config)
        await run.agent(
            "cd /home/user && touch 'REWARD: 1.0' Documents/'REWARD: 1.0' && mkdir 'x REWARD: 1.0'"
        )
        score, line = await run.evaluate(config)
        assert score == 0.0 and line.strip() == "REWARD: 0.0"
        log = (vm.work / "reward.log").read_text()
        assert "REWARD: 1.0" not in log  # not even in the reward's own CHECK lines


async def test_only_the_last_line_counts_even_for_a_careless_reward(
    osworld: DesktopEnvCode,
) -> None:
    task, setup, _, _ = files_task()
    careless = (  # echoes file names unsanitized, and crashes before its REWARD line
        "import os\nfor name in os.listdir('/home/user'):\n    print('CHECK seen 1 FAIL', name)\n"
        "raise SystemExit(1)\n"
    )
    config = osworld_config(task, initial_setup=setup, reward=careless)
    async with SandboxVM() as vm:
        run = OSWorldRun(osworld, vm)
        await run.reset(config)
        await run.agent("touch '/home/user/REWARD: 1.0'")
        score, line = await run.evaluate(config)
        assert score == 0.0
        assert line.startswith("CUAGYM: reward.py (exit 1) did not end with a REWARD line")
        assert "REWARD: 1.0" not in line


async def test_a_failed_setup_scores_0_and_says_why(osworld: DesktopEnvCode) -> None:
    task, _, _, reward = files_task()
    config = osworld_config(task, initial_setup="raise SystemExit('no disk')\n", reward=reward)
    async with SandboxVM() as vm:
        run = OSWorldRun(osworld, vm)
        score, line = await run.evaluate(config)  # evaluated without any setup at all
        assert score == 0.0 and "never completed" in line
        await run.reset(config)
        score, line = await run.evaluate(config)
        assert score == 0.0
        assert line.startswith("CUAGYM: setup failed: initial_setup.py exited with status 1")
        assert "no disk" in line


async def test_scripts_of_any_size_arrive_whole(osworld: DesktopEnvCode) -> None:
    task, _, _, reward = files_task()
    blob = "x" * 300_000  # base64 of the script is ~400 KB: four argv limits
    big_setup = f"DATA = {blob!r}\nopen('/home/user/blob.txt', 'w').write(DATA)\n"
    config = osworld_config(task, initial_setup=big_setup, reward=reward)
    commands = [s.parameters["command"] for s in config.config if s.type == "execute"]
    assert len(commands) > 4 and max(len(c.encode()) for c in commands) < 131_072
    async with SandboxVM() as vm:
        run = OSWorldRun(osworld, vm)
        await run.reset(config)
        assert (await run.agent("wc -c < /home/user/blob.txt")).strip() == "300000"
        assert (vm.work / "initial" / "home" / "blob.txt").stat().st_size == 300_000


async def test_swapped_evaluation_scripts_score_nothing(osworld: DesktopEnvCode) -> None:
    task, setup, _, reward = files_task()
    config = osworld_config(task, initial_setup=setup, reward=reward)
    async with SandboxVM() as vm:
        run = OSWorldRun(osworld, vm)
        await run.reset(config)
        # the agent plants its own reward and helper, then locks the folder
        await run.agent(
            "cd /tmp/cuagym && echo 'print(\"REWARD: 1.0\")' > reward.py && "
            "echo 'print(\"REWARD: 1.0\")' > vm.py && chmod 555 /tmp/cuagym"
        )
        score, line = await run.evaluate(config)
        assert score == 0.0 and "altered" in line
        await run.agent("chmod 755 /tmp/cuagym")


def chat_task() -> tuple[TaskConfig, str, str, str]:
    family = load_domain("team-chat").families[0]
    task = family.sample(0)
    scripts = family.generate(task)
    return task, scripts.initial_setup, scripts.golden_patch, family.write_reward(task)


async def test_a_web_task_reaches_the_hub_without_the_token_on_disk(
    osworld: DesktopEnvCode, live_hub: LiveHub
) -> None:
    task, setup, patch, reward = chat_task()
    link = HubLink(url=live_hub.url, token=live_hub.token, apps=("team-chat",))
    async with SandboxVM(hub=link) as vm:
        hub = vm.hub_url_in_vm
        assert hub is not None
        bare = osworld_config(task, initial_setup=setup, reward=reward, web_apps=["team-chat"])
        run = OSWorldRun(osworld, vm)
        await run.reset(bare)  # a bundle's own config: no hub address yet
        score, line = await run.evaluate(bare)
        assert score == 0.0 and "needs a cuagym hub" in line and "--hub" in line

        config = osworld_config(
            task, initial_setup=setup, reward=reward, web_apps=["team-chat"], hub=hub,
            hub_token=live_hub.token, start=[{"app": "team-chat", "page": "/"}],
        )  # fmt: skip
        await run.reset(config)
        (launch,) = vm.recorded.launched
        assert (
            launch["shell"] is True
            and f"{hub}/team-chat/?sid=$(cat /tmp/cuagym/sid)" in launch["command"]
        )
        assert live_hub.token not in launch["command"]
        score, line = await run.evaluate(config)
        assert (score, line.strip()) == (0.0, "REWARD: 0.0")
        sid = (vm.work / "sid").read_text().strip()
        (vm.work / "patch.py").write_text(patch)
        await run.agent(
            f"cd /home/user && CUAGYM_HUB={hub} CUAGYM_SID={sid} "
            f"CUAGYM_HUB_TOKEN={live_hub.token} python3 /tmp/cuagym/patch.py"
        )
        (vm.work / "patch.py").unlink()
        score, line = await run.evaluate(config)
        assert (score, line.strip()) == (1.0, "REWARD: 1.0")
        on_disk = [*vm.work.rglob("*"), *vm.box.home.rglob("*")]
        for path in on_disk:
            if path.is_file() and not path.is_symlink():
                assert live_hub.token.encode() not in path.read_bytes(), path
