"""Serve a web app that is not an installed plugin (``path/to/file.py:Class``) like the CLI does.

Installed apps are benchmarked through ``cuagym hub serve`` itself; this launcher exists for the
engine's test app, with the same server settings (uvloop, httptools, memory store, no access log).
"""

from __future__ import annotations

import argparse
import importlib.util

import uvicorn
from _states import load_app

from cuagym.hub import Hub, MemoryStore


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("app", help="path/to/file.py:WebAppClass")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--token", required=True)
    args = parser.parse_args()
    hub = Hub(apps=[load_app(args.app)], store=MemoryStore(), token=args.token)
    uvicorn.run(
        hub.asgi(),
        host=args.host,
        port=args.port,
        log_level="warning",
        lifespan="on",
        loop="uvloop" if importlib.util.find_spec("uvloop") else "asyncio",
        http="httptools" if importlib.util.find_spec("httptools") else "h11",
    )


if __name__ == "__main__":
    main()
