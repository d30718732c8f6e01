"""Every web family's scripts, seed 0, in a real sandbox: through the relay, with no token.

The family tests elsewhere run scripts as plain processes holding the real token; here they run
as an environment runs them (DESIGN.md §4): ``CUAGYM_HUB_TOKEN`` is a placeholder and the relay
outside the jail authorizes the environment's session. r(init) = 0 and r(gold) = 1 must hold.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from cuagym.core import parse_reward_output
from cuagym.core.files import INITIAL_HOME_ENV, INITIAL_SNAPSHOT
from cuagym.domains import load_domains
from cuagym.families._family import TaskFamily
from cuagym.sandbox import INNER_INITIAL_HOME, HubLink, Sandbox
from tests.conftest import LiveHub

WEB_APPS = {"team-chat", "mail", "crm", "issue-tracker", "shop"}


def web_families() -> list[TaskFamily]:
    found = []
    for domain in load_domains().values():
        for family in domain.families:
            if WEB_APPS & set(family.sample(0).apps):
                found.append(family)
    return found


@pytest.mark.slow
async def test_every_web_family_scores_through_the_relay(
    live_hub: LiveHub, state_root: Path
) -> None:
    families = web_families()
    assert len(families) >= 50  # every web and cross-app family, not a few
    link = HubLink(url=live_hub.url, token=live_hub.token, apps=tuple(sorted(WEB_APPS)))
    failures: list[str] = []
    async with Sandbox(state_root=state_root, hub=link) as box:
        await box.snapshot("clean")

        async def fresh() -> None:
            await box.restore("clean")
            async with httpx.AsyncClient(base_url=live_hub.url, headers=live_hub.auth) as client:
                for app in WEB_APPS:
                    reset = await client.post(
                        f"/{app}/post", params={"sid": box.sid}, json={"action": "reset"}
                    )
                    reset.raise_for_status()

        async def run(code: str, what: str, reward: bool = False) -> str:
            """A script as an environment runs it; a reward also sees the initial home."""
            if reward:
                result = await box.run_python(
                    code,
                    timeout=60,
                    readonly_home=True,
                    env={INITIAL_HOME_ENV: INNER_INITIAL_HOME},
                    views={INNER_INITIAL_HOME: INITIAL_SNAPSHOT},
                )
            else:
                result = await box.run_python(code, timeout=60)
            if result.exit_code != 0:
                raise AssertionError(f"{what} failed: {result.stderr[-2000:]}")
            return result.stdout

        for family in families:
            task = family.sample(0)
            scripts = family.generate(task)
            reward = family.write_reward(task)
            name = f"{family.domain}/{family.id}"
            try:
                await fresh()
                await run(scripts.initial_setup, f"{name} setup")
                await box.snapshot(INITIAL_SNAPSHOT)
                r_init = parse_reward_output(await run(reward, f"{name} reward", True)).reward
                await fresh()
                await run(scripts.initial_setup, f"{name} setup")
                await box.snapshot(INITIAL_SNAPSHOT)
                await run(scripts.golden_patch, f"{name} patch")
                r_gold = parse_reward_output(await run(reward, f"{name} reward", True)).reward
            except AssertionError as exc:
                failures.append(str(exc))
                continue
            if (r_init, r_gold) != (0.0, 1.0):
                failures.append(f"{name}: r(init)={r_init} r(gold)={r_gold}")
    assert not failures, "\n".join(failures)
