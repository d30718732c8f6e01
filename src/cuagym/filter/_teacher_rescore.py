"""A pass after a refinement, re-scored instead of played again (DESIGN.md §13).

A refinement that passes C1-C6 changes reward.py (and the REVIEW.md and config.json built
around it), never the task or initial_setup.py: every episode of the last pass is equally an
episode of the refined version. So the refined reward.py is run by the
:class:`~cuagym.agent.Rescorer` on the state each episode recorded under ``final/``, and the
episode is copied to the new pass's folder with the new reward and checks, the refined version
as its bundle, and what it had before in ``reward_history`` (the copy is written atomically:
a crash leaves the old pass's episode and either no copy or a complete one).

An episode is played again instead, with the reason recorded, when it cannot be re-scored:
nothing recorded under ``final/`` (an episode of an environment without a host-readable home,
or one written before ``final/`` existed), the re-scoring failed, the episode is gone, or the
version it was played on is not the same task and initial state as the refined one.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path

import httpx

from cuagym.agent import RescoreError, Rescorer
from cuagym.agent._rescore import rescored_episode_json
from cuagym.core import Bundle, Episode
from cuagym.core.episode import EPISODE_FILE, EpisodeError
from cuagym.core.files import write_folder_atomically
from cuagym.filter._files import write_json_atomically
from cuagym.filter._judge import Judgement

__all__ = [
    "EPISODE_INPUTS",
    "RESCORE_FAILURES",
    "Rescored",
    "inputs_changed",
    "load_episode",
    "read_rerun_note",
    "rescore_copy",
    "same_play",
    "write_rerun_note",
]

#: What an episode depends on besides its policy: the instruction the policy (and the judge)
#: read and the initial state it started from. A refinement changes neither.
EPISODE_INPUTS = ("task_config.json", "initial_setup.py")
#: Failures of a re-scoring that leave the episode to be played again (the machinery's own
#: errors come as RescoreError; a hub that answers badly or a file that cannot be read, as these).
RESCORE_FAILURES = (RescoreError, OSError, ValueError, httpx.HTTPError)


@dataclass
class Rescored:
    """Rollout k of a re-scored pass: its episode, and how it came to be."""

    episode: Episode
    rescored_from: str | None = None  # the earlier pass's episode it is a re-scored copy of
    rerun: str | None = None  # why it was played again instead
    judgement: Judgement | None = None  # the earlier pass's judgement, to reuse


def load_episode(folder: Path) -> Episode | None:
    try:
        return Episode.load(folder)
    except (EpisodeError, OSError, ValueError):
        return None


def same_play(copy: Episode, source: Episode) -> bool:
    """Is ``copy`` the same play as ``source`` (a re-scored copy, not a new episode)?"""
    a, b = copy.record, source.record
    return (a.task_id, a.k, a.policy, a.started_at) == (b.task_id, b.k, b.policy, b.started_at)


def inputs_changed(played_on: Path, version: Path) -> str | None:
    """Why an episode played on the bundle folder ``played_on`` is not an episode of the
    bundle folder ``version``; None when it is (same task, same initial setup)."""
    if played_on.resolve() == version.resolve():
        return None
    if not played_on.is_dir():
        return f"the version it was played on ({played_on}) is gone: cannot tell it is this task"
    changed = []
    for name in EPISODE_INPUTS:
        try:
            same = (played_on / name).read_bytes() == (version / name).read_bytes()
        except OSError:
            same = False
        if not same:
            changed.append(name)
    if changed:
        return f"the refined version differs in {', '.join(changed)}: not the episode's task"
    return None


def _episode_files(folder: Path) -> dict[str, bytes]:
    """An episode folder's files by relative path (an atomic write's leftover temp files and
    links, which an episode never holds, are left out)."""
    files: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        if path.name.startswith(".") and path.name.endswith(".tmp"):
            continue
        files[path.relative_to(folder).as_posix()] = path.read_bytes()
    return files


async def rescore_copy(
    rescorer: Rescorer, source: Episode, bundle: Bundle, version: Path, root: Path, why: str
) -> Episode:
    """``bundle``'s reward.py on ``source``'s recorded final state; the copy with the new reward
    lands at ``root/<task_id>/<k>/`` (replacing what is there), its bundle ``version``."""
    reward, checks = await rescorer.score(source.folder, bundle)
    files = await asyncio.to_thread(_episode_files, source.folder)
    files[EPISODE_FILE] = rescored_episode_json(
        files[EPISODE_FILE], reward, checks, why, bundle=str(version)
    )
    target = root / source.record.task_id / str(source.record.k)
    folder = await asyncio.to_thread(write_folder_atomically, root, target, files, replace=True)
    return Episode.load(folder)


def write_rerun_note(path: Path, reason: str) -> None:
    write_json_atomically(path, {"rerun": reason})


def read_rerun_note(path: Path) -> str:
    """Why a re-scored pass's rollout was played again, as noted before it was (a resumed run
    finds the episode played, and says the same)."""
    try:
        reason = json.loads(path.read_text(encoding="utf-8")).get("rerun")
    except (OSError, ValueError, AttributeError):
        reason = None
    return reason if isinstance(reason, str) and reason else "played again (reason not kept)"
