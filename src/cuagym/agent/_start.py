"""Opening a task's start screen (DESIGN.md §6) in an environment, after its setup.

Desktop apps open on their file or folder; a web app opens in Chromium at
``{hub}/{app}{page}?sid={sid}``: the hub binds that browser to the rollout's own session by a
cookie and redirects to the clean URL, so the page never shows the session id for long and
never the token. Each window is awaited until it has rendered; the last one is on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from cuagym.core import StartWindow
from cuagym.domains import DESKTOP_APPS

__all__ = ["StartScreenFailed", "WebSession", "open_start_screen", "page_url"]


class StartScreenFailed(RuntimeError):
    """A start window could not be opened (the app failed, or the environment has no display)."""


@dataclass(frozen=True)
class WebSession:
    """The hub an environment's web apps live in, and the environment's session there."""

    url: str
    sid: str


def page_url(web: WebSession, app: str, page: str = "/") -> str:
    """The URL that binds a browser to ``web.sid`` and shows ``page`` of ``app``."""
    sep = "&" if "?" in page else "?"
    return f"{web.url.rstrip('/')}/{app}{page}{sep}sid={quote(web.sid, safe='')}"


async def open_start_screen(
    env: Any, windows: Sequence[StartWindow], *, web: WebSession | None = None
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
                await opener("chromium", page_url(web, window.app, window.page or "/"))
        except StartScreenFailed:
            raise
        except Exception as exc:
            target = window.path or window.page or ""
            raise StartScreenFailed(
                f"cannot open {window.app} {target}: {type(exc).__name__}: {exc}".rstrip()
            ) from exc
