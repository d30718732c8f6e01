"""Reading rollout episodes for batching statistics (DESIGN.md §6, episode on disk).

A run folder holds ``<task_id>/<k>/episode.json`` and ``turns.jsonl`` per rollout. Statistics need
from each turn only the actions of its parsed ``calls`` and its ``policy_version``, and from
``episode.json`` the outcome; those fields are checked for their contract types, and every
problem is reported with its file (and line) at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

__all__ = ["EpisodeError", "EpisodeInfo", "TurnCalls", "episode_folders", "read_episodes"]

EPISODE_FILE, TURNS_FILE = "episode.json", "turns.jsonl"
_STATUSES = ("success", "failure", "error")
_MAX_PROBLEMS_SHOWN = 20


class EpisodeError(ValueError):
    """A run folder with no episodes, or episodes whose files break the contract."""

    def __init__(self, path: str | os.PathLike[str], problems: list[str]) -> None:
        self.path = Path(path)
        self.problems = problems
        shown = "\n".join(f"  {p}" for p in problems[:_MAX_PROBLEMS_SHOWN])
        more = len(problems) - _MAX_PROBLEMS_SHOWN
        tail = f"\n  ... and {more} more" if more > 0 else ""
        super().__init__(f"cannot read episodes {self.path}:\n{shown}{tail}")


@dataclass(frozen=True, slots=True)
class TurnCalls:
    """One model turn as batching sees it: its actions in order, and the policy's version."""

    actions: tuple[str, ...]
    policy_version: int | None


@dataclass(frozen=True, slots=True)
class EpisodeInfo:
    """One rollout: where it is, its outcome and its turns."""

    folder: Path
    task_id: str
    k: int
    status: str
    reward: float | None
    turns: tuple[TurnCalls, ...]


def episode_folders(run: Path) -> list[Path]:
    """Episode folders under ``run``: the run itself, ``<k>/`` or ``<task_id>/<k>/``, sorted."""
    if (run / EPISODE_FILE).is_file():
        return [run]
    found: list[Path] = []
    for entry in os.scandir(run):
        if not entry.is_dir() or entry.name.startswith("."):
            continue
        child = Path(entry.path)
        if (child / EPISODE_FILE).is_file():
            found.append(child)
            continue
        for sub in os.scandir(child):
            if sub.is_dir() and not sub.name.startswith("."):
                grandchild = Path(sub.path)
                if (grandchild / EPISODE_FILE).is_file():
                    found.append(grandchild)
    return sorted(found)


def _read_record(folder: Path, problems: list[str]) -> dict[str, Any] | None:
    where = folder / EPISODE_FILE
    try:
        data = orjson.loads(where.read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        problems.append(f"{where}: unreadable or not JSON ({exc})")
        return None
    if not isinstance(data, dict):
        problems.append(f"{where}: must hold a JSON object")
        return None
    bad = []
    if not isinstance(data.get("task_id"), str):
        bad.append("task_id: a string")
    if not isinstance(data.get("k"), int) or isinstance(data.get("k"), bool):
        bad.append("k: an integer")
    if data.get("status") not in _STATUSES:
        bad.append(f"status: one of {', '.join(_STATUSES)}")
    reward = data.get("reward")
    if reward is not None and (not isinstance(reward, int | float) or isinstance(reward, bool)):
        bad.append("reward: a number or null")
    if bad:
        problems.append(f"{where}: expected {'; '.join(bad)}")
        return None
    return data


def _turn_calls(line: bytes, where: str, problems: list[str]) -> TurnCalls | None:
    try:
        turn = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        problems.append(f"{where}: not JSON ({exc})")
        return None
    if not isinstance(turn, dict):
        problems.append(f"{where}: a turn must be a JSON object")
        return None
    calls = turn.get("calls")
    version = turn.get("policy_version")
    if not isinstance(calls, list):
        problems.append(f"{where}: calls: expected a list of call arguments")
        return None
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        problems.append(f"{where}: policy_version: expected an integer or null")
        return None
    actions = []
    for i, call in enumerate(calls):
        action = call.get("action") if isinstance(call, dict) else None
        if not isinstance(action, str):
            problems.append(f"{where}: calls[{i}]: expected an object with a string 'action'")
            return None
        actions.append(action)
    return TurnCalls(actions=tuple(actions), policy_version=version)


def read_episode(folder: Path, problems: list[str]) -> EpisodeInfo | None:
    """One episode folder, or None after appending what is wrong with it to ``problems``."""
    record = _read_record(folder, problems)
    turns_path = folder / TURNS_FILE
    try:
        raw = turns_path.read_bytes()
    except OSError as exc:
        problems.append(f"{turns_path}: {exc.strerror}")
        return None
    turns: list[TurnCalls] = []
    ok = True
    for number, line in enumerate(raw.splitlines(), start=1):
        if not line.strip():
            continue
        turn = _turn_calls(line, f"{turns_path}:{number}", problems)
        if turn is None:
            ok = False
        else:
            turns.append(turn)
    if record is None or not ok:
        return None
    reward = record.get("reward")
    return EpisodeInfo(
        folder=folder,
        task_id=record["task_id"],
        k=record["k"],
        status=record["status"],
        reward=None if reward is None else float(reward),
        turns=tuple(turns),
    )


def read_episodes(run: str | os.PathLike[str]) -> list[EpisodeInfo]:
    """Every episode under ``run`` (see :func:`episode_folders`); EpisodeError lists problems."""
    root = Path(run)
    if not root.is_dir():
        raise EpisodeError(root, [f"{root}: no such folder"])
    folders = episode_folders(root)
    if not folders:
        raise EpisodeError(
            root,
            [f"{root}: no episodes found (expected <task_id>/<k>/{EPISODE_FILE} and {TURNS_FILE})"],
        )
    problems: list[str] = []
    episodes = [e for e in (read_episode(f, problems) for f in folders) if e is not None]
    if problems:
        raise EpisodeError(root, problems)
    return episodes
