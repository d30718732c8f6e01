"""The browser's managed policy: file://, chrome:// pages, view-source, DevTools and the DevTools
port are out of the agent's reach, through the screen; the hub's pages still load."""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from cuagym.envs._desktop import Desktop
from cuagym.envs._desktop._browser_policy import (
    CHROMIUM_ETC,
    POLICY_FILE,
    browser_policy,
    jail_binds,
    root_prefix,
    write_chromium_etc,
)
from cuagym.envs._desktop._devtools import evaluate
from cuagym.envs._desktop._proc import HostLauncher

from .conftest import needs_chromium, needs_gui, needs_root, save_shot


def test_the_policy_blocks_what_exposes_the_machine_and_allows_a_blank_page() -> None:
    policy = browser_policy()
    blocked = policy["URLBlocklist"]
    for entry in ("file://*", "chrome://*", "devtools://*", "view-source:*", "*/json"):
        assert entry in blocked
    assert "about:blank" in policy["URLAllowlist"]
    assert not any(a.startswith(("file:", "chrome://version", "chrome://settings"))
                   for a in policy["URLAllowlist"])  # fmt: skip
    assert "DeveloperToolsAvailability" not in policy  # 2 would close the desktop's own CDP


def test_the_replacement_etc_keeps_the_hosts_files_and_adds_the_policy(tmp_path: Path) -> None:
    host = tmp_path / "host-etc"
    (host / "policies" / "managed").mkdir(parents=True)
    (host / "master_preferences").write_text("{}")
    (host / "policies" / "managed" / "site.json").write_text('{"HomepageLocation": "x"}')
    out = write_chromium_etc(tmp_path / "etc", host)
    assert (out / "master_preferences").read_text() == "{}"
    assert (out / "policies" / "managed" / "site.json").exists()
    assert json.loads((out / POLICY_FILE).read_text()) == browser_policy()
    assert (out / POLICY_FILE).stat().st_mode & 0o777 == 0o644
    assert jail_binds(out) == [(str(out), CHROMIUM_ETC, True)]
    assert root_prefix(out)[:2] == ["/usr/bin/unshare", "--mount"]


@dataclass(frozen=True)
class PolicyLauncher(HostLauncher):
    """The desktop's launcher, with the browser's /etc/chromium replaced in a private mount
    namespace of each app (what a jail does with a bind): before the drop to the app's uid."""

    etc: Path = Path(CHROMIUM_ETC)

    def _prefix(self, as_user: bool, network: bool = True) -> list[str]:
        base = super()._prefix(as_user, network)
        if not as_user:
            return base
        at = base.index("/usr/bin/setpriv") if "/usr/bin/setpriv" in base else len(base)
        return [*base[:at], *root_prefix(self.etc), *base[at:]]


@pytest.fixture
def chromium_etc() -> Iterator[Path]:
    top = Path(tempfile.mkdtemp(prefix="cuagym-chromium-etc-"))
    top.chmod(0o755)
    try:
        yield write_chromium_etc(top / "chromium")
    finally:
        import shutil

        shutil.rmtree(top)


async def _go(desktop: Desktop, url: str) -> None:
    """Type ``url`` into the address bar, as an agent would."""
    await desktop.act({"action": "key", "keys": ["ctrl", "l"]})
    await asyncio.sleep(0.3)
    await desktop.act({"action": "type", "text": url})
    # Delete drops what the address bar completed inline from history (an earlier link).
    await desktop.act({"action": "key", "keys": ["delete"]})
    await desktop.act({"action": "key", "keys": ["enter"]})
    await asyncio.sleep(0.5)
    await desktop.wait_rendered(stable_s=0.3)


@pytest.mark.gui
@needs_gui
@needs_chromium
@needs_root
@pytest.mark.skipif(not Path(CHROMIUM_ETC).is_dir(), reason="no /etc/chromium to bind over")
async def test_through_the_screen_the_machine_is_out_of_reach(
    home: Path, chromium_etc: Path
) -> None:
    from cuagym.hub import Hub, discover_web_apps
    from tests.conftest import serve_in_thread

    hub = Hub(apps=discover_web_apps(["team-chat"]), token="policy-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        async with httpx.AsyncClient(base_url=url) as client:
            minted = await client.post(
                "/team-chat/bind",
                params={"sid": "envA"},
                headers={"Authorization": "Bearer policy-token"},
            )
        link = url + minted.json()["url"]
        launcher = PolicyLauncher(uid=1000, gid=1000, etc=chromium_etc)
        async with Desktop(home=home, uid=1000, launcher=launcher) as desktop:
            app = await desktop.open("chromium", link)
            host = desktop._browser_host
            assert host is not None and app.page is not None

            async def shown(address: str, expression: str = "document.body.innerText") -> str:
                """``expression`` in the page the tab shows for ``address`` (a blocked navigation
                commits an error page in a target of its own, listed under that address)."""
                async with host._session() as call:
                    infos = (await call("Target.getTargets", {}))["targetInfos"]
                pages = [t for t in infos if t["type"] == "page" and t["url"].startswith(address)]
                assert pages, (address, [t["url"] for t in infos])
                return str(await evaluate(host.port, expression, target_id=pages[-1]["targetId"]))

            assert await desktop.find_elements('[data-testid="current-user-name"]')
            devtools_json = f"http://127.0.0.1:{host.port}/json/version"
            for target in (
                "file:///etc/passwd",
                "file:///proc/self/environ",
                "chrome://version",
                "chrome://inspect",
                "chrome://net-internals",
                "chrome://settings",
                devtools_json,
                "view-source:" + devtools_json,
                "view-source:file:///etc/passwd",
                "devtools://devtools/bundled/inspector.html",
            ):
                await _go(desktop, target)
                page = await shown(target)
                assert "This page is blocked" in page, (target, page[:200])
                assert "root:" not in page and "webSocketDebuggerUrl" not in page
            # F12 on the app's page: the DevTools front end is refused, nothing attaches.
            await _go(desktop, url + "/team-chat/")
            user = "String(!!document.querySelector('[data-testid=\"current-user-name\"]'))"
            for _ in range(50):  # the app's page, bound by the cookie of the first link
                if await shown(url + "/team-chat/", user) == "true":
                    break
                await asyncio.sleep(0.1)
            else:
                save_shot("policy-app-not-loaded", await desktop.screenshot())
                raise AssertionError("the app did not load")
            await desktop.act({"action": "key", "keys": ["f12"]})
            await asyncio.sleep(2.0)
            async with host._session() as call:
                targets = (await call("Target.getTargets", {}))["targetInfos"]
            assert not [t["url"] for t in targets if t["url"].startswith("devtools://")]
    finally:
        stop()
    assert os.path.isdir(CHROMIUM_ETC) and not Path(CHROMIUM_ETC, POLICY_FILE).exists()
