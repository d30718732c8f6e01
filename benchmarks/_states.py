"""Deterministic benchmark states for the hub: a valid initial state and its one-edit variants.

A :class:`Workload` holds the ``set`` body twice: repeated (the same bytes every cycle, as every
rollout of one task injects the same initial state) and fresh (split around a marker, like the
``set_current`` body), so that the load generator can splice a fresh counter into one message's
text on every cycle without re-serializing hundreds of kilobytes: a fresh state is new to the
hub, so no cache serves it — what near misses and any state the hub has never seen cost.
"""

from __future__ import annotations

import copy
import functools
import importlib.util
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from cuagym.core.canonical import canonical_bytes
from cuagym.hub import InvalidState, WebApp
from cuagym.hub._validation import StateValidator

__all__ = ["Workload", "build_workload", "load_app", "parse_size"]

# Spliced into the edited message's text; a client replaces it with "<client>.<cycle>".
MARKER = "@@EDIT@@"
_SIZE = re.compile(r"^(\d+)([km]?)$")


@dataclass(frozen=True)
class Workload:
    """The request bodies of one state size, already validated against the app."""

    app_id: str
    base: str  # path prefix of the state API: "/team-chat" on our hub, "" on the reference
    label: str  # the --sizes entry, e.g. "24k"
    messages: int  # messages (team-chat) or notes (test app) in the state
    sent_bytes: int  # canonical JSON of the injected state
    stored_bytes: int  # canonical JSON of what the hub stores (schema defaults filled in)
    set_body: bytes
    edit_prefix: bytes  # set_current body = edit_prefix + b"<client>.<cycle>" + edit_suffix
    edit_suffix: bytes
    text_cap: int = 0  # longest message text (team-chat), so another schema can match it
    # a never-repeating set body = fresh_set_prefix + b"<tag>" + fresh_set_suffix (the edited
    # state under another tag: set_current is then one changed text away from it)
    fresh_set_prefix: bytes = b""
    fresh_set_suffix: bytes = b""
    # an entirely new state: the set body with the marker in every text (nothing of it was
    # ever validated before, so no reference can serve any of it)
    new_set_template: bytes = b""

    def fresh_set(self, tag: str) -> bytes:
        return self.fresh_set_prefix + tag.encode() + self.fresh_set_suffix

    def new_set(self, tag: str) -> bytes:
        return self.new_set_template.replace(MARKER.encode(), tag.encode())


def parse_size(label: str) -> int:
    """``"24k"`` -> 24 KiB, ``"1m"`` -> 1 MiB, ``"5000"`` -> 5000 bytes."""
    m = _SIZE.match(label.strip().lower())
    if m is None:
        raise ValueError(f"bad size {label!r}: use e.g. 24k, 500k, 1m")
    return int(m[1]) * {"": 1, "k": 1024, "m": 1024 * 1024}[m[2]]


def load_app(spec: str) -> WebApp:
    """An installed web app by id (``team-chat``) or a test app as ``path/to/file.py:Class``."""
    if ":" not in spec:
        from cuagym.hub import discover_web_apps

        return discover_web_apps([spec])[0]
    path, _, name = spec.rpartition(":")
    file = Path(path).resolve()
    # Register under a dotted name so the app's own relative imports (if any) resolve.
    module_name = f"_bench_app_{file.stem}"
    module_spec = importlib.util.spec_from_file_location(module_name, file)
    if module_spec is None or module_spec.loader is None:
        raise ValueError(f"cannot import {file}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_name] = module
    module_spec.loader.exec_module(module)
    app = getattr(module, name)()
    if not isinstance(app, WebApp):
        raise TypeError(f"{spec} is not a WebApp")
    return app


# -- team-chat -------------------------------------------------------------------------------
_CHANNELS = 5


@functools.cache
def team_chat_text_pool() -> tuple[tuple[str, str, list[dict[str, Any]]], ...]:
    """(sender, text, reactions) of every team-chat seed message, in seed order."""
    from cuagym.apps.team_chat import build_seed

    out = []
    for msgs in build_seed()["messages"].values():
        for m in msgs:
            out.append((m["sender"], m["text"], m["reactions"]))
    return tuple(out)


def _team_chat_state(n_messages: int, text_cap: int) -> dict[str, Any]:
    from cuagym.apps.team_chat import build_seed

    seed = build_seed()
    channels = dict(list(seed["channels"].items())[:_CHANNELS])
    pool = team_chat_text_pool()
    conv = list(channels)
    messages: dict[str, list[dict[str, Any]]] = {c: [] for c in conv}
    for i in range(n_messages):
        sender, text, reactions = pool[i % len(pool)]
        # Minutes since 2025-03-03 09:00 UTC: strictly increasing, so ts order holds everywhere.
        minute = 9 * 60 + i
        day, rest = divmod(minute, 24 * 60)
        ts = f"2025-03-{3 + day:02d}T{rest // 60:02d}:{rest % 60:02d}:00Z"
        # Schema defaults (threadParent, attachments, edited, ...) are left out, as a task
        # author's initial_setup would; the hub stores them filled in (see stored_bytes).
        msg: dict[str, Any] = {
            "id": f"m-{i:05d}",
            "sender": sender,
            "text": text[:text_cap],
            "ts": ts,
        }
        if reactions and i % 3 == 0:
            msg["reactions"] = copy.deepcopy(reactions)
        messages[conv[i % len(conv)]].append(msg)
    return {
        "workspace": seed["workspace"],
        "currentUser": seed["currentUser"],
        "users": seed["users"],
        "channels": channels,
        "dms": {},
        "messages": messages,
        "ui": {"lastConversation": conv[0], "lastViewedAt": {}},
    }


def _team_chat_edit(state: dict[str, Any]) -> dict[str, Any]:
    edited = copy.deepcopy(state)
    first = next(iter(edited["messages"].values()))
    msg = first[len(first) // 2]
    msg["text"] = f"{msg['text']} (edit {MARKER})"
    return edited


@functools.cache
def _team_chat_cap() -> int:
    """24 KiB with 200 messages fixes the text length cap; larger sizes add messages at it."""
    return max(
        (c for c in range(8, 400) if len(canonical_bytes(_team_chat_state(200, c))) <= 24 * 1024),
        default=8,
    )


def _team_chat(target: int) -> tuple[dict[str, Any], int]:
    cap = _team_chat_cap()
    n = 200
    if target != 24 * 1024:
        per_msg = (
            len(canonical_bytes(_team_chat_state(400, cap)))
            - len(canonical_bytes(_team_chat_state(200, cap)))
        ) / 200
        base = len(canonical_bytes(_team_chat_state(200, cap)))
        n = max(10, 200 + round((target - base) / per_msg))
    return _team_chat_state(n, cap), n


# -- the engine's test app (tests/hub/notes_app.py) ------------------------------------------
def _notes(target: int) -> tuple[dict[str, Any], int]:
    def state(n: int) -> dict[str, Any]:
        notes = {
            f"n{i}": {
                "id": f"n{i}",
                "title": f"Note {i}",
                "body": f"body of note {i} " * 6,
                "tags": ["bench", f"t{i % 7}"],
            }
            for i in range(n)
        }
        return {"owner": "ada", "notes": notes}

    one = len(canonical_bytes(state(2))) - len(canonical_bytes(state(1)))
    n = max(1, target // one)
    return state(n), n


def _notes_edit(state: dict[str, Any]) -> dict[str, Any]:
    edited = copy.deepcopy(state)
    note = edited["notes"][f"n{len(edited['notes']) // 2}"]
    note["body"] = f"{note['body']} (edit {MARKER})"
    return edited


_BUILDERS: dict[
    str,
    tuple[Callable[[int], tuple[dict[str, Any], int]], Callable[[dict[str, Any]], dict[str, Any]]],
] = {
    "team-chat": (_team_chat, _team_chat_edit),
    "notes": (_notes, _notes_edit),
}


def build_workload(app: WebApp, label: str) -> Workload:
    """Build and validate the states of one size; raise SystemExit naming any violation."""
    if app.app_id not in _BUILDERS:
        raise SystemExit(
            f"no benchmark state builder for app {app.app_id!r}: known {sorted(_BUILDERS)}"
        )
    build, edit = _BUILDERS[app.app_id]
    state, count = build(parse_size(label))
    edited = edit(state)
    validator = StateValidator(app)
    try:
        stored = validator.validate(state)
        validator.validate(orjson.loads(orjson.dumps(edited).replace(MARKER.encode(), b"0.0")))
    except InvalidState as exc:
        raise SystemExit(
            f"benchmark state {label} is not a valid {app.app_id} state: {exc}"
        ) from None
    edit_body = orjson.dumps({"action": "set_current", "state": edited})
    prefix, found, suffix = edit_body.partition(MARKER.encode())
    assert found and MARKER.encode() not in suffix, "the edit marker must occur exactly once"
    set_prefix, _, set_suffix = orjson.dumps({"action": "set", "state": edited}).partition(
        MARKER.encode()
    )
    new_template = orjson.dumps({"action": "set", "state": _everywhere(state)})
    return Workload(
        app_id=app.app_id,
        base=f"/{app.app_id}",
        label=label,
        messages=count,
        sent_bytes=len(canonical_bytes(state)),
        stored_bytes=len(stored.data),
        set_body=orjson.dumps({"action": "set", "state": state}),
        edit_prefix=prefix,
        edit_suffix=suffix,
        text_cap=_team_chat_cap() if app.app_id == "team-chat" else 0,
        fresh_set_prefix=set_prefix,
        fresh_set_suffix=set_suffix,
        new_set_template=new_template,
    )


def _everywhere(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with the marker at the front of every message text / note body."""
    out = copy.deepcopy(state)
    for msgs in (out.get("messages") or {}).values():
        for m in msgs:
            m["text"] = f"{MARKER} {m['text']}"
    for note in (out.get("notes") or {}).values():
        note["body"] = f"{MARKER} {note['body']}"
    return out
