"""A read-only view of the page Chromium shows, through its DevTools protocol.

For trusted host code only (a task family's GUI oracle finding the button it will click): it
reads where elements are on the screen and what they say, and changes nothing. Agents act
through input events like a user; this is not one of their tools.

Chromium listens on ``127.0.0.1`` (``--remote-debugging-port=0``: a free port, written to
``DevToolsActivePort`` in its user-data folder). Nothing of the environment can reach it:
scripts run in a jail without the host network, and the office apps, the window manager and
any terminal it starts run in an empty network namespace. A page's own WebSocket to it is
refused (no ``--remote-allow-origins``), and an agent gains nothing from it that the browser's
own developer tools (F12) would not give.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import httpx

from cuagym.envs._desktop._proc import DesktopError

__all__ = ["ElementBox", "devtools_port", "find_elements"]

ElementBox = dict[str, Any]
_PORT_FILE = "DevToolsActivePort"

# Screen position of each match: the page's viewport sits below the browser's toolbars
# (outer - inner height); the window itself is at (screenX, screenY).
_FIND_JS = (
    resources.files("cuagym.envs._desktop")
    .joinpath("_devtools_find.js")
    .read_text(encoding="utf-8")
)


async def devtools_port(
    user_data_dir: Path, timeout: float = 10.0, alive: Callable[[], bool] | None = None
) -> int:
    """The port a Chromium started with ``--remote-debugging-port=0`` listens on.

    ``alive``: is the browser still running (no use waiting for a dead one)?"""
    path = user_data_dir / _PORT_FILE
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            first = path.read_text(encoding="utf-8").split("\n", 1)[0].strip()
            if first.isdigit():
                return int(first)
        except OSError:
            pass
        if alive is not None and not alive():
            raise DesktopError(f"chromium exited before writing {_PORT_FILE}")
        if loop.time() > deadline:
            raise DesktopError(f"chromium wrote no {_PORT_FILE} within {timeout:g} s")
        await asyncio.sleep(0.05)


async def _page_socket(port: int, target_id: str | None = None) -> str:
    async with httpx.AsyncClient(timeout=10) as client:
        resp = await client.get(f"http://127.0.0.1:{port}/json/list")
        resp.raise_for_status()
        targets = resp.json()
    for target in targets:
        if target_id is not None and target.get("id") != target_id:
            continue
        if target.get("type") == "page" and target.get("webSocketDebuggerUrl"):
            return str(target["webSocketDebuggerUrl"])
    raise DesktopError("chromium shows no page")


async def evaluate(
    port: int, expression: str, timeout: float = 10.0, target_id: str | None = None
) -> Any:
    """The JSON value of ``expression`` evaluated in the page Chromium shows (``target_id``:
    that page of a browser with several; default: the first)."""
    from websockets.asyncio.client import connect

    url = await _page_socket(port, target_id)
    request = {
        "id": 1,
        "method": "Runtime.evaluate",
        "params": {"expression": expression, "returnByValue": True},
    }
    async with asyncio.timeout(timeout):
        async with connect(url, max_size=16 << 20) as ws:
            await ws.send(json.dumps(request))
            while True:
                reply = json.loads(await ws.recv())
                if reply.get("id") == 1:
                    break
    if "error" in reply:
        raise DesktopError(f"devtools: {reply['error'].get('message', reply['error'])}")
    result = reply.get("result", {})
    if "exceptionDetails" in result:
        detail = result["exceptionDetails"].get("text", "exception")
        raise DesktopError(f"devtools: the page raised {detail}")
    return result.get("result", {}).get("value")


async def find_elements(port: int, selector: str, target_id: str | None = None) -> list[ElementBox]:
    """Every element matching the CSS ``selector``: screen box, centre, text, value, its
    attributes (``attrs``), form state (``checked``, ``disabled``, ``open``, ``focused``,
    ``selected_text``) and whether a click at its centre would reach it (``clickable``)."""
    found = await evaluate(port, _FIND_JS % json.dumps(selector), target_id=target_id)
    return list(found or [])
