"""Finds installed web apps: any ``cuagym.apps`` plugin whose object has a ``web_app``."""

from __future__ import annotations

from importlib.metadata import entry_points

from cuagym.hub._webapp import WebApp

__all__ = ["discover_web_apps"]


def discover_web_apps(only: list[str] | None = None) -> list[WebApp]:
    """The web apps of every installed app plugin, sorted by id (``only`` filters, in order).

    An id in ``only`` that no plugin provides raises ``LookupError`` naming the known ids.
    """
    apps: dict[str, WebApp] = {}
    for ep in entry_points(group="cuagym.apps"):
        web_app = getattr(ep.load(), "web_app", None)
        if isinstance(web_app, WebApp):
            apps[web_app.app_id] = web_app
    if only is None:
        return [apps[k] for k in sorted(apps)]
    missing = [a for a in only if a not in apps]
    if missing:
        raise LookupError(f"unknown web app(s) {missing}; installed: {sorted(apps)}")
    return [apps[a] for a in only]
