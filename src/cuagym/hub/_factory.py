"""Build a hub from a plain description, so that uvicorn worker processes can each build one.

``cuagym hub serve --workers N`` runs N processes behind one port; each imports
:func:`hub_from_env` and builds its own :class:`Hub` over the shared store (Redis).
"""

from __future__ import annotations

import os
from typing import Any

from cuagym.hub._redis_store import RedisStore
from cuagym.hub._registry import discover_web_apps
from cuagym.hub._server import Hub
from cuagym.hub._store import MemoryStore, SessionStore

__all__ = ["ENV_PREFIX", "hub_from_env", "make_store"]

ENV_PREFIX = "CUAGYM_HUB_"


def make_store(url: str, ttl: float) -> SessionStore:
    """``memory`` or ``redis://host:port/db`` (also ``rediss://``, ``unix://``)."""
    if url == "memory":
        return MemoryStore(ttl=ttl)
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(url, ttl=ttl)
    raise ValueError(f"unknown store {url!r}: use 'memory' or redis://host:port/db")


def hub_from_env() -> Any:
    """The ASGI app of a hub described by
    ``CUAGYM_HUB_{APPS,STORE,TTL,TOKEN,ALLOW_SID_BINDING}``."""
    apps = os.environ.get(f"{ENV_PREFIX}APPS", "")
    web_apps = discover_web_apps([a for a in apps.split(",") if a] or None)
    store = make_store(
        os.environ.get(f"{ENV_PREFIX}STORE", "memory"),
        float(os.environ.get(f"{ENV_PREFIX}TTL", "3600")),
    )
    return Hub(
        apps=web_apps,
        store=store,
        token=os.environ[f"{ENV_PREFIX}TOKEN"],
        allow_sid_binding=bool(os.environ.get(f"{ENV_PREFIX}ALLOW_SID_BINDING")),
    ).asgi()
