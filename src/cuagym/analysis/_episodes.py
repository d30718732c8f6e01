"""Reading rollout episodes for batching statistics (DESIGN.md §6, episode on disk).

A run folder holds ``<task_id>/<k>/`` per rollout. ``episode.json`` is validated with the
contract's model (``cuagym.core.EpisodeRecord``); of ``turns.jsonl`` statistics read, and check,
only what they count: each turn's ``t`` (in order, as many as the record's ``steps``), the
``action`` of every parsed call and ``policy_version``. Full validation of every turn
(``cuagym.core.Episode.load``: per-token logprobs, screenshots on disk) costs about ten times
as much and would put a 10,000-episode run past a minute on two cores; statistics keep only
the actions and versions in memory for the same reason. Every problem of every episode is
reported at once, each naming its file and line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import orjson
from pydantic import ValidationError

from cuagym.core import EpisodeRecord
from cuagym.core.episode import EPISODE_FILE, TURNS_FILE

__all__ = ["EpisodeInfo", "RunError", "TurnCalls", "episode_folders", "read_episodes"]

_MAX_PROBLEMS_SHOWN = 20


class RunError(ValueError):
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
    """One rollout: where it is, its record (episode.json) and its turns' calls."""

    folder: Path
    record: EpisodeRecord
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


class _Bad(ValueError):
    """What is wrong with one episode (the message names file and line)."""


def _turn_calls(line: bytes, where: str, expected_t: int) -> TurnCalls:
    try:
        turn = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        raise _Bad(f"{where}: not JSON ({exc})") from None
    if not isinstance(turn, dict):
        raise _Bad(f"{where}: a turn must be a JSON object")
    if turn.get("t") != expected_t:
        raise _Bad(f"{where}: turn {turn.get('t')!r} where {expected_t} was due")
    calls, version = turn.get("calls"), turn.get("policy_version")
    if not isinstance(calls, list):
        raise _Bad(f"{where}: calls: expected a list of call arguments")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise _Bad(f"{where}: policy_version: expected an integer or null")
    actions = []
    for i, call in enumerate(calls):
        action = call.get("action") if isinstance(call, dict) else None
        if not isinstance(action, str):
            raise _Bad(f"{where}: calls[{i}]: expected an object with a string 'action'")
        actions.append(action)
    return TurnCalls(actions=tuple(actions), policy_version=version)


def read_episode(folder: Path) -> EpisodeInfo:
    """One episode folder's record and turn calls; ValueError names what is wrong."""
    record_path = os.path.join(folder, EPISODE_FILE)
    turns_path = os.path.join(folder, TURNS_FILE)
    try:
        with open(record_path, "rb") as fh:
            record = EpisodeRecord.model_validate_json(fh.read())
    except ValidationError as exc:
        raise _Bad(f"{record_path}: {exc}") from None
    try:
        with open(turns_path, "rb") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        lines = []
    turns: list[TurnCalls] = []
    for number, line in enumerate(lines, 1):
        if line.strip():
            turns.append(_turn_calls(line, f"{turns_path}:{number}", len(turns)))
    if len(turns) != record.steps:
        raise _Bad(
            f"{folder}: episode.json says {record.steps} steps, turns.jsonl has {len(turns)}"
        )
    return EpisodeInfo(folder=folder, record=record, turns=tuple(turns))


def read_episodes(run: str | os.PathLike[str]) -> list[EpisodeInfo]:
    """Every episode under ``run`` (see :func:`episode_folders`); RunError lists problems."""
    root = Path(run)
    if not root.is_dir():
        raise RunError(root, [f"{root}: no such folder"])
    folders = episode_folders(root)
    if not folders:
        raise RunError(
            root,
            [f"{root}: no episodes found (expected <task_id>/<k>/{EPISODE_FILE} and {TURNS_FILE})"],
        )
    problems: list[str] = []
    episodes: list[EpisodeInfo] = []
    for folder in folders:
        try:
            episodes.append(read_episode(folder))
        except _Bad as exc:
            problems.append(str(exc))
        except OSError as exc:
            problems.append(f"{folder}: {exc.strerror}: {exc.filename}")
    if problems:
        raise RunError(root, problems)
    return episodes
