"""The start screen's one-time link (DESIGN.md §6): minted outside the environment, used once."""

from __future__ import annotations

import httpx
import pytest

from cuagym.agent import bind_page_url
from cuagym.agent._start import StartScreenFailed, WebSession
from cuagym.hub import discover_web_apps, serve_hub


async def test_a_start_link_binds_one_browser_once() -> None:
    async with serve_hub(discover_web_apps(["team-chat"])) as hub:
        web = WebSession(url=hub.url, sid="ro-start", token=hub.token)
        url = await bind_page_url(web, "team-chat", "/c/c-general?view=1")
        assert url.startswith(f"{hub.url}/team-chat/c/c-general?view=1&bind=")
        assert "sid=" not in url and hub.token not in url
        async with httpx.AsyncClient() as browser:
            first = await browser.get(url)
            assert first.status_code == 303
            assert first.headers["location"] == "/team-chat/c/c-general?view=1"
            assert "cuagym_sid=ro-start" in first.headers["set-cookie"]
        async with httpx.AsyncClient() as replay:
            assert (await replay.get(url)).status_code == 403
        # The rollout's own binding never falls back to a bare ?sid=.
        async with httpx.AsyncClient() as other:
            assert (await other.get(f"{hub.url}/team-chat/?sid=ro-start")).status_code == 403


async def test_a_wrong_token_is_a_start_screen_failure() -> None:
    async with serve_hub(discover_web_apps(["team-chat"])) as hub:
        web = WebSession(url=hub.url, sid="ro-start", token="not-the-token")
        with pytest.raises(StartScreenFailed, match="401"):
            await bind_page_url(web, "team-chat")
