"""The environment pool: a reused environment is as good as a new one, and only a clean one is
reused (real sandboxes, a real hub)."""

from __future__ import annotations

import copy
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cuagym.core import TaskConfig
from cuagym.envs import HubLink, make_env
from cuagym.synth._consensus import ConsensusRunner
from cuagym.synth._env_pool import EnvPool, pool_key
from tests.synth.bundle_corpus import cases

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")

TASK = TaskConfig(
    task_id="notes-append",
    instruction="Append the line 'buy milk' to notes.txt.",
    domain="files",
    apps=["files"],
    difficulty="easy",
)
# Leaves a stray file in the home: a reused environment must not show it to the next task.
SETUP = 'open("notes.txt", "w").write("call mum\\n")\nopen("stray.txt", "w").write("x")\n'
PATCH = 'open("notes.txt", "a").write("buy milk\\n")\n'
REWARD = """\
import os
lines = open("notes.txt").read().splitlines()
ok = lines == ["call mum", "buy milk"]
print(f"CHECK appended 1 {'PASS' if ok else 'FAIL'} {len(lines)} lines")
print(f"REWARD: {1.0 if ok else 0.0}")
"""
# The next task's setup fails if anything of the previous task is still in the home.
SETUP_CLEAN = (
    'import os\nassert not os.path.exists("stray.txt"), "a file of the previous task"\n' + SETUP
)


@pytest.fixture
def state_root() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="cuagym-test-pool-"))
    root.chmod(0o755)
    try:
        yield root
    finally:
        os.rmdir(root)  # empty again: every environment was closed


def test_the_key_ignores_the_session_id_only() -> None:
    def link(sid: str, apps: tuple[str, ...] = ("crm",)) -> HubLink:
        return HubLink(url="http://127.0.0.1:1", token="t", sid=sid, apps=apps)

    base = {"warm_rewards": True}
    assert pool_key("local", {**base, "hub": link("a")}) == pool_key(
        "local", {**base, "hub": link("b")}
    )
    assert pool_key("local", {**base, "hub": link("a")}) != pool_key(
        "local", {**base, "hub": link("a", ("crm", "mail"))}
    )
    assert pool_key("local", base) != pool_key("local", {"warm_rewards": False})
    assert pool_key("local", base) != pool_key("docker", base)
    with pytest.raises(ValueError, match="max_uses"):
        EnvPool(max_uses=0)


@needs_root
@pytest.mark.slow
async def test_a_reused_environment_is_as_good_as_new(state_root: Path) -> None:
    pool = EnvPool(max_idle=2, max_uses=2)
    options: dict[str, Any] = {"state_root": state_root}
    # C7 is no business of these tests (their reward guards nothing but notes.txt)
    runner = ConsensusRunner(
        env_options=options, script_timeout_s=30, env_pool=pool, near_miss_budget=0
    )
    try:
        first = await runner.check(TASK, SETUP, PATCH, REWARD)
        assert first.passed and pool.started == 2 and pool.idle == 2
        second = await runner.check(TASK, SETUP_CLEAN, PATCH, REWARD)
        assert second.passed, second.conditions  # no stray file, the same verdict
        assert pool.reused == 2 and pool.started == 2
        # max_uses=2: both were retired after their second task, the third starts new ones
        assert pool.idle == 0
        third = await runner.check(TASK, SETUP_CLEAN, PATCH, REWARD)
        assert third.passed and pool.started == 4
    finally:
        await pool.close()
    assert pool.idle == 0


@needs_root
@pytest.mark.slow
async def test_an_environment_is_only_pooled_after_a_clean_task(state_root: Path) -> None:
    pool = EnvPool(max_idle=4)
    runner = ConsensusRunner(
        env_options={"state_root": state_root}, script_timeout_s=30, env_pool=pool
    )
    try:
        prepared = await runner.prepare(TASK, SETUP, PATCH)
        with pytest.raises(RuntimeError, match="a Discriminator broke"):
            async with prepared:
                raise RuntimeError("a Discriminator broke")
        assert pool.idle == 0  # closed, not pooled
        async with await runner.prepare(TASK, SETUP, PATCH) as prepared:
            assert prepared.gold_ready
        assert pool.idle == 2
        # without a pool (and for another provider) every task starts and closes its own
        assert ConsensusRunner(env_provider="docker", env_pool=pool).env_pool is None
    finally:
        await pool.close()


@needs_root
@pytest.mark.slow
async def test_a_reused_web_environment_starts_from_the_seed(state_root: Path) -> None:
    """The session a pooled environment keeps is forgotten when it is reset (an app the next
    task's setup never sets must show its seed), and a tuple passes in it as in new ones."""
    pool = EnvPool(max_idle=2)
    async with ConsensusRunner(env_options={"state_root": state_root}, env_pool=pool) as runner:
        assert runner.hub is not None
        hub = runner.hub
        link = HubLink(url=hub.url, token=hub.token, sid="pool-test", apps=("team-chat",))
        options: dict[str, Any] = {"state_root": state_root, "hub": link}
        key = pool_key("local", options)
        try:
            async with httpx.AsyncClient(
                base_url=hub.url, headers={"Authorization": f"Bearer {hub.token}"}
            ) as client:

                async def go() -> dict[str, Any]:
                    resp = await client.get("/team-chat/go", params={"sid": "pool-test"})
                    resp.raise_for_status()
                    body: dict[str, Any] = resp.json()
                    return body

                lease = pool.lease(key, lambda: make_env("local", **options))
                await lease.ready()
                seed = (await go())["current_state"]
                dirty = copy.deepcopy(seed)
                dirty["channels"]["c-general"]["topic"] = "Left by the previous task"
                body = {"action": "set_current", "state": dirty}
                resp = await client.post("/team-chat/post", params={"sid": "pool-test"}, json=body)
                resp.raise_for_status()
                assert (await go())["current_state"] != seed
                await lease.release(reusable=True)
                again = pool.lease(key, lambda: make_env("local", **options))
                assert again.reused and again.env is lease.env
                await again.ready()
                assert (await go())["current_state"] == seed  # forgotten: the seed again
                await again.release(reusable=True)

            case = cases()["team-chat--set-channel-topic--0"]
            for _ in range(2):  # new environments, then the pooled ones
                report = await runner.check(
                    case.task, case.initial_setup, case.golden_patch, case.reward
                )
                assert report.passed, report.conditions
            assert pool.reused == 3  # the lease above, then this task's two
        finally:
            await pool.close()


@needs_root
async def test_a_closed_pool_closes_what_comes_back(state_root: Path) -> None:
    pool = EnvPool(max_idle=2)
    lease = pool.lease("k", lambda: make_env("local", state_root=state_root))
    await lease.ready()
    await pool.close()
    await lease.release(reusable=True)  # the pool is closed: the environment is closed
    assert pool.idle == 0
