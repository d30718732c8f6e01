"""Serve the notes test app in its own process: ``python -m tests.hub.serve_notes PORT STORE``."""

from __future__ import annotations

import sys

import uvicorn

from cuagym.hub import Hub, MemoryStore, RedisStore
from cuagym.hub._context import HubLimits
from tests.hub.notes_app import NotesApp

if __name__ == "__main__":
    port, store_url = int(sys.argv[1]), sys.argv[2]
    store = MemoryStore() if store_url == "memory" else RedisStore(store_url, prefix="live")
    limits = HubLimits(max_body=1024 * 1024)
    hub = Hub(apps=[NotesApp()], store=store, token="live-token", limits=limits)
    uvicorn.run(
        hub.asgi(),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        loop="uvloop",
        http="httptools",
    )
