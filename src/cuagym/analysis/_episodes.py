"""Reading rollout episodes for batching statistics (DESIGN.md §6, episode on disk).

A run folder holds ``<task_id>/<k>/`` per rollout, each read and validated by
``cuagym.core.Episode.load``. Statistics keep from each turn only the actions of its parsed
``calls`` and its ``policy_version`` (a run of 10,000 episodes with per-token logprobs would not
fit in memory otherwise), plus the episode's record for the trajectory viewer. Every problem of
every episode is reported at once, each naming its file and line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cuagym.core import EPISODE_FILE, TURNS_FILE, Episode, EpisodeError, EpisodeRecord

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


def read_episode(folder: Path) -> EpisodeInfo:
    """One episode folder; core's EpisodeError names what is wrong with it."""
    episode = Episode.load(folder)
    turns = []
    for turn in episode.turns:
        actions = []
        for i, call in enumerate(turn.calls):
            action = call.get("action")
            if not isinstance(action, str):
                raise EpisodeError(
                    f"{folder / TURNS_FILE}: turn {turn.t}: calls[{i}] has no string 'action'"
                )
            actions.append(action)
        turns.append(TurnCalls(actions=tuple(actions), policy_version=turn.policy_version))
    return EpisodeInfo(folder=folder, record=episode.record, turns=tuple(turns))


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
        except (EpisodeError, OSError, UnicodeDecodeError) as exc:
            problems.append(str(exc))
    if problems:
        raise RunError(root, problems)
    return episodes
