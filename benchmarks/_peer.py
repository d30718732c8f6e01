"""The paper's reference hub in the benchmark: CUA-Gym-Hub's team-chat mock (``slack_mock``).

Its code is never part of this repository. :func:`prepare` builds a checkout you point at
(``git clone https://github.com/bofei5675/CUA-Gym-Hub``; ``npm ci`` and ``npx vite build`` in
``websites/slack_mock`` when not done yet) and :func:`start` runs ``vite preview`` on it, the way
the paper serves it: a Vite middleware that keeps one pretty-printed JSON file per session.

Its states are built in *its* schema (camelCase ids, channels and users as arrays, messages keyed
by channel id) from the same content as ours: the same message texts, the same number of
channels, the same one-message edit, tuned to exactly the same canonical byte size as our states
(:func:`peer_workload`), so that the two servers parse, store and answer the same amount of JSON.
"""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import orjson
from _states import MARKER, Workload, team_chat_text_pool

from cuagym.apps.team_chat import EMOJI
from cuagym.core.canonical import canonical_bytes

__all__ = ["app_dir", "peer_workload", "prepare", "start_command"]

_CHANNELS = 5


def app_dir(path: Path) -> Path:
    """The slack_mock folder: ``path`` itself or ``path/websites/slack_mock``."""
    for candidate in (path, path / "websites" / "slack_mock"):
        if (candidate / "vite.config.js").is_file() and (candidate / "package.json").is_file():
            return candidate
    raise SystemExit(f"{path} holds no slack_mock app (vite.config.js + package.json)")


def prepare(path: Path, log: Any = None) -> Path:
    """Install and build the reference app once (``npm ci``, ``npx vite build``); its folder."""
    folder = app_dir(path)
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("the reference hub needs Node.js and npm (Node 20)")
    steps = []
    if not (folder / "node_modules" / "vite").is_dir():
        steps.append([npm, "ci", "--no-audit", "--no-fund"])
    if not (folder / "dist" / "index.html").is_file():
        steps.append([shutil.which("npx") or "npx", "vite", "build"])
    for cmd in steps:
        if log is not None:
            print(f"reference hub: {' '.join(Path(c).name for c in cmd[:2])} in {folder}", file=log)
        done = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed in {folder}:\n{done.stderr[-3000:]}")
    return folder


def start_command(folder: Path, host: str, port: int) -> list[str]:
    """``vite preview`` run by node directly, so that the process we measure is the server."""
    node = shutil.which("node") or "node"
    vite = folder / "node_modules" / "vite" / "bin" / "vite.js"
    return [node, str(vite), "preview", "--host", host, "--port", str(port), "--strictPort"]


def clean_state_files(folder: Path) -> None:
    """The reference keeps sessions as files in its working folder; start each run empty."""
    for name in (".mock-states", ".mock-files"):
        shutil.rmtree(folder / name, ignore_errors=True)


# -- its states --------------------------------------------------------------------------------
def _message(
    i: int, users: list[str], pool: tuple[tuple[str, str, list[Any]], ...], cap: int
) -> dict[str, Any]:
    _, text, reactions = pool[i % len(pool)]
    minute = 9 * 60 + i
    day, rest = divmod(minute, 24 * 60)
    msg: dict[str, Any] = {
        "messageId": f"msg_{i:05d}",
        "senderId": users[i % len(users)],
        "content": text[:cap],
        "timestamp": f"2025-03-{3 + day:02d}T{rest // 60:02d}:{rest % 60:02d}:00Z",
        "threadId": None,
        "reactions": [],
        "attachments": [],
        "isEdited": False,
    }
    if reactions and i % 3 == 0:
        msg["reactions"] = [
            {"emoji": EMOJI.get(r["emoji"], r["emoji"]), "users": users[: max(1, len(r["users"]))]}
            for r in reactions
        ]
    return msg


def _state(default: dict[str, Any], n: int, cap: int, pad: int = 0) -> dict[str, Any]:
    pool = team_chat_text_pool()
    channels = default["channels"][:_CHANNELS]
    ids = [c["channelId"] for c in channels]
    users = [u["userId"] for u in default["users"]]
    messages: dict[str, list[dict[str, Any]]] = {c: [] for c in ids}
    for i in range(n):
        messages[ids[i % len(ids)]].append(_message(i, users, pool, cap))
    if pad:  # the last message takes the bytes that make both states the same size
        last = messages[ids[(n - 1) % len(ids)]][-1]
        last["content"] += "x" * pad
    return {
        "currentUser": default["currentUser"],
        "workspace": default["workspace"],
        "users": default["users"],
        "channels": channels,
        "messages": messages,
        "threads": {},
        "dms": [],
        "bookmarkedMessages": [],
        "callHistory": [],
        "settings": default["settings"],
        "invitations": [],
        "notifications": [],
    }


def _sized(default: dict[str, Any], target: int, cap: int) -> tuple[dict[str, Any], int]:
    """A state of exactly ``target`` canonical bytes: whole messages, then padding."""

    def size(n: int) -> int:
        return len(canonical_bytes(_state(default, n, cap)))

    lo, hi = 1, 2
    while size(hi) <= target:
        lo, hi = hi, hi * 2
    while hi - lo > 1:  # the largest n whose state still fits
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if size(mid) <= target else (lo, mid)
    state = _state(default, lo, cap, pad=target - size(lo))
    got = len(canonical_bytes(state))
    if got != target:
        raise SystemExit(f"reference state is {got} B, wanted {target} B")
    return state, lo


def peer_workload(default: dict[str, Any], ours: Workload) -> Workload:
    """The reference's workload matching ``ours``: same canonical size, same kind of edit.

    ``default`` is the reference's own default state (its ``/go`` on a fresh session).
    """
    state, n = _sized(default, ours.sent_bytes, ours.text_cap)
    edited = copy.deepcopy(state)
    first = next(iter(edited["messages"].values()))
    msg = first[len(first) // 2]
    msg["content"] = f"{msg['content']} (edit {MARKER})"
    body = orjson.dumps({"action": "set_current", "state": edited})
    prefix, found, suffix = body.partition(MARKER.encode())
    assert found and MARKER.encode() not in suffix
    fresh = orjson.dumps({"action": "set", "state": edited}).partition(MARKER.encode())
    return Workload(
        app_id="slack_mock",
        base="",
        label=ours.label,
        messages=n,
        sent_bytes=len(canonical_bytes(state)),
        stored_bytes=len(orjson.dumps(state, option=orjson.OPT_INDENT_2)),
        text_cap=ours.text_cap,
        set_body=orjson.dumps({"action": "set", "state": state}),
        edit_prefix=prefix,
        edit_suffix=suffix,
        fresh_set_prefix=fresh[0],
        fresh_set_suffix=fresh[2],
        new_set_template=orjson.dumps({"action": "set", "state": _everywhere(state)}),
    )


def _everywhere(state: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(state)
    for msgs in out["messages"].values():
        for m in msgs:
            m["content"] = f"{MARKER} {m['content']}"
    return out


def wait_http(check: Any, proc: subprocess.Popen[bytes], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise SystemExit(f"{what} exited with {proc.returncode}:\n{err[-3000:]}")
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{what} did not answer within {timeout:.0f} s")


def env_for_node() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("NODE_ENV", "production")
    return env
