"""Opening a task's start screen (DESIGN.md §6) in an environment, after its setup.

Desktop apps open on their file or folder; a web app opens in Chromium at
``{hub}/{app}{page}?bind={nonce}``, a one-time link the hub mints for the rollout's own session
(``POST /<app>/bind``, with the token, from outside the environment): the hub binds that browser
by a cookie and redirects to the clean URL. The link works once and for a minute, so nothing the
page or its history shows can bind a browser again, and the page never sees the session id or
the token. Each window is awaited until it has rendered; the last one is on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

import httpx

from cuagym.core import Environment, StartWindow
from cuagym.domains import DESKTOP_APPS

__all__ = ["StartScreenFailed", "WebSession", "bind_page_url", "open_start_screen"]


class StartScreenFailed(RuntimeError):
    """A start window could not be opened (the app failed, or the environment has no display)."""


@dataclass(frozen=True)
class WebSession:
    """The hub an environment's web apps live in, the environment's session there, and the
    hub's token (held outside the environment: it mints the start screen's links)."""

    url: str
    sid: str
    token: str


async def bind_page_url(web: WebSession, app: str, page: str = "/") -> str:
    """A one-time URL that binds a browser to ``web.sid`` and shows ``page`` of ``app``."""
    async with httpx.AsyncClient(timeout=30) as client:
        answer = await client.post(
            f"{web.url.rstrip('/')}/{app}/bind",
            params={"sid": web.sid},
            headers={"Authorization": f"Bearer {web.token}"},
        )
    if answer.status_code != 200:
        raise StartScreenFailed(
            f"the hub refused a binding link for {app}: {answer.status_code} {answer.text[:200]}"
        )
    nonce = str(answer.json()["nonce"])
    sep = "&" if "?" in page else "?"
    return f"{web.url.rstrip('/')}/{app}{page}{sep}bind={quote(nonce, safe='')}"


async def open_start_screen(
    env: Environment, windows: Sequence[StartWindow], *, web: WebSession | None = None
) -> None:
    """Open ``windows`` in order on ``env`` (an environment with ``open_app``)."""
    opener = getattr(env, "open_app", None)
    if opener is None:
        raise StartScreenFailed(
            f"{type(env).__name__} cannot open windows: a rollout needs a GUI environment"
        )
    for window in windows:
        try:
            if window.app == "chromium":
                await opener("chromium", "about:blank")
            elif window.app in DESKTOP_APPS:
                await opener(window.app, window.path)
            else:
                if web is None:
                    raise StartScreenFailed(
                        f"start window {window.app!r} is a web app, but the environment has "
                        "no hub session"
                    )
                url = await bind_page_url(web, window.app, window.page or "/")
                await opener("chromium", url)
        except StartScreenFailed:
            raise
        except Exception as exc:
            target = window.path or window.page or ""
            raise StartScreenFailed(
                f"cannot open {window.app} {target}: {type(exc).__name__}: {exc}".rstrip()
            ) from exc
