"""The hub: one state API (inject, query, diff, reset per session) for every mock web app."""

from cuagym.hub._context import HubLimits, deep_merge
from cuagym.hub._diff import DiffEntry, join_path, state_diff
from cuagym.hub._embedded import EmbeddedHub, serve_hub
from cuagym.hub._forms import form_text, form_texts, load_session, safe_next
from cuagym.hub._redis_store import RedisStore
from cuagym.hub._registry import discover_web_apps
from cuagym.hub._server import Hub
from cuagym.hub._state import SessionRecord, StoredState, UploadedFile
from cuagym.hub._store import MemoryStore, SessionStore
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
    "DiffEntry",
    "EmbeddedHub",
    "Hub",
    "HubLimits",
    "InvalidState",
    "InvariantChecks",
    "MemoryStore",
    "RedisStore",
    "ReleaseDisclosure",
    "SessionRecord",
    "SessionStore",
    "StoredState",
    "UISession",
    "UploadedFile",
    "Violation",
    "WebApp",
    "deep_merge",
    "discover_web_apps",
    "form_text",
    "form_texts",
    "join_path",
    "load_session",
    "render",
    "safe_next",
    "serve_hub",
    "state_diff",
    "ui_session",
]
