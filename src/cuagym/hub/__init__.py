"""The hub: one state API (inject, query, diff, reset per session) for every mock web app."""

from cuagym.hub._diff import state_diff
from cuagym.hub._embedded import EmbeddedHub, serve_hub
from cuagym.hub._forms import form_text, form_texts, load_session, safe_next
from cuagym.hub._redis_store import RedisStore
from cuagym.hub._registry import discover_web_apps
from cuagym.hub._server import Hub
from cuagym.hub._store import MemoryStore
from cuagym.hub._ui import UISession, render, ui_session
from cuagym.hub._validation import InvalidState
from cuagym.hub._webapp import (
    ComplianceMeasure,
    InvariantChecks,
    ReleaseDisclosure,
    Violation,
    WebApp,
)

__all__ = [
    "ComplianceMeasure",
    "EmbeddedHub",
    "Hub",
    "InvalidState",
    "InvariantChecks",
    "MemoryStore",
    "RedisStore",
    "ReleaseDisclosure",
    "UISession",
    "Violation",
    "WebApp",
    "discover_web_apps",
    "form_text",
    "form_texts",
    "load_session",
    "render",
    "safe_next",
    "serve_hub",
    "state_diff",
    "ui_session",
]
