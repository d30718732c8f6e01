"""Which pages of a web app the audit visits: its GET routes, and a URL for each.

A route without path parameters is visited at its own path; one with parameters
(``/thread/{tid}``) gets the first concrete URL a visited page links to (breadth-first, in
the pages' document order, so the same app always gives the same URLs); while screens stay
unreached, the audit also looks through a few more instances of each such screen for links
(``_audit.SCOUTS``), audited through the first instance only. Links are matched to
routes the way Starlette routes a request: the first GET route that matches the path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.routing import BaseRoute, Match, Route

__all__ = ["RouteTable", "app_path"]

#: Paths under an app's base that are files, not screens (the hub serves them itself).
_NOT_SCREENS = ("/static/", "/files/")


def app_path(url: str, origin: str, base: str) -> str | None:
    """The app-relative path (with query) of ``url``, or None when it leaves the app.

    ``origin`` is ``http://host:port``, ``base`` the app's mount (``/mail``).
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or f"{parts.scheme}://{parts.netloc}" != origin:
        return None
    if parts.path != base and not parts.path.startswith(base + "/"):
        return None
    path = parts.path[len(base) :] or "/"
    return path + (f"?{parts.query}" if parts.query else "")


@dataclass(frozen=True)
class RouteTable:
    """The app's routes, in the app's own order (the order Starlette matches them in)."""

    routes: tuple[Route, ...]

    @classmethod
    def of(cls, routes: Sequence[BaseRoute]) -> RouteTable:
        return cls(tuple(r for r in routes if isinstance(r, Route)))

    @property
    def patterns(self) -> list[str]:
        """Every GET route pattern once, in the app's order: the screens."""
        seen: dict[str, None] = {}
        for route in self.routes:
            if route.methods and "GET" in route.methods:
                seen.setdefault(route.path, None)
        return list(seen)

    @property
    def direct(self) -> list[str]:
        """The screens without path parameters, sorted: visited at their own path."""
        return sorted(p for p in self.patterns if "{" not in p)

    def pattern_of(self, path: str, method: str = "GET") -> str | None:
        """The pattern of the route that answers ``method path`` (query ignored), if any."""
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if any(bare.startswith(prefix) for prefix in _NOT_SCREENS):
            return None
        scope = {"type": "http", "method": method.upper(), "path": bare, "root_path": ""}
        for route in self.routes:
            match, _ = route.matches(scope)
            if match is Match.FULL:
                return route.path
        return None
