"""What an episode's reward read, kept for re-scoring (DESIGN.md §13): ``OUT/<task_id>/<k>/final/``.

- ``final/home.tar.gz`` — ``/home/user`` as the reward saw it (after the last action);
- ``final/initial.tar.gz`` — the initial home (right after ``initial_setup.py``), which
  rewards read at ``$CUAGYM_INITIAL_HOME`` to compare everything outside their target;
- ``final/hub/<app>.json`` — the hub's ``/go`` answer of the episode's session, per web app;
- ``final/manifest.json`` — :class:`FinalManifest`: which of these exist and, for any that
  could not be kept, why.

The homes are walked by the host (root) as the sandbox left them: never following a link
(a symlink is archived as a symlink), keeping modes and numeric owners so a re-scoring jail
sees the same permissions. Caches are skipped (``.cache/``; the apps' own profiles live outside
the home, in the desktop's private folder); an archive whose files exceed
:data:`MAX_HOME_BYTES` is not kept (the manifest says so and the episode is not re-scorable).
"""

from __future__ import annotations

import io
import json
import os
import stat
import tarfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cuagym.core import Environment, StateQuery
from cuagym.core._episode import FINAL_DIR

__all__ = [
    "FINAL_DIR",
    "FINAL_HOME",
    "FINAL_INITIAL_HOME",
    "FINAL_MANIFEST",
    "MAX_HOME_BYTES",
    "FinalManifest",
    "archive_home",
    "final_files",
    "hub_file",
    "unpack_home",
]

FINAL_HOME = f"{FINAL_DIR}/home.tar.gz"
FINAL_INITIAL_HOME = f"{FINAL_DIR}/initial.tar.gz"
FINAL_MANIFEST = f"{FINAL_DIR}/manifest.json"
#: The most bytes of regular files one recorded home may hold (uncompressed).
MAX_HOME_BYTES = 256 << 20
#: Folders of the home never recorded: caches, which no reward may depend on.
SKIPPED_DIRS = frozenset({".cache"})


def hub_file(app: str) -> str:
    return f"{FINAL_DIR}/hub/{app}.json"


class FinalManifest(BaseModel):
    """``final/manifest.json``: what of the reward's inputs this episode kept."""

    model_config = ConfigDict(extra="forbid")

    home: str | None = Field(None, description="the final home's archive, if kept")
    initial_home: str | None = Field(None, description="the initial home's archive, if kept")
    hub: dict[str, str] = Field(default_factory=dict, description="app id -> its /go answer file")
    missing: dict[str, str] = Field(
        default_factory=dict,
        description="what could not be kept (home, initial_home, <app>) -> why",
    )

    def problem(self) -> str | None:
        """Why the episode cannot be re-scored from what it kept, or None if it can."""
        if self.missing:
            return "; ".join(f"{what}: {why}" for what, why in sorted(self.missing.items()))
        if self.home is None:
            return "no final home was recorded"
        return None


class _TooLarge(Exception):
    pass


def archive_home(home: Path, limit: int = MAX_HOME_BYTES) -> bytes:
    """``home`` as a gzip'd tar (no link followed; modes, owners and mtimes kept).

    Raises ValueError when the regular files exceed ``limit`` bytes."""
    buf = io.BytesIO()
    total = 0
    with tarfile.open(fileobj=buf, mode="w:gz", compresslevel=6) as tar:
        for dirpath, dirnames, filenames, dirfd in os.fwalk(home, follow_symlinks=False):
            rel_dir = os.path.relpath(dirpath, home)
            if rel_dir == ".":
                dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            else:
                dirnames.sort()
            for name in (*dirnames, *sorted(filenames)):
                rel = name if rel_dir == "." else f"{rel_dir}/{name}"
                total += _add(tar, dirfd, name, rel)
                if total > limit:
                    raise ValueError(f"its files exceed {limit >> 20} MiB")
    return buf.getvalue()


def _add(tar: tarfile.TarFile, dirfd: int, name: str, rel: str) -> int:
    """Add one entry, read relative to its folder's descriptor; returns the bytes added."""
    st = os.stat(name, dir_fd=dirfd, follow_symlinks=False)
    info = tarfile.TarInfo(rel)
    info.mode, info.uid, info.gid = stat.S_IMODE(st.st_mode), st.st_uid, st.st_gid
    info.mtime = int(st.st_mtime)
    if stat.S_ISDIR(st.st_mode):
        info.type = tarfile.DIRTYPE
        tar.addfile(info)
        return 0
    if stat.S_ISLNK(st.st_mode):
        info.type, info.linkname = tarfile.SYMTYPE, os.readlink(name, dir_fd=dirfd)
        tar.addfile(info)
        return 0
    if not stat.S_ISREG(st.st_mode):
        return 0  # fifos, sockets, devices: nothing a reward can read as state
    fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW, dir_fd=dirfd)
    with os.fdopen(fd, "rb") as fh:
        data = fh.read()
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))
    return len(data)


def unpack_home(archive: Path, target: Path) -> None:
    """Extract a recorded home into the empty folder ``target`` (as root: owners restored).

    The ``tar`` filter refuses members that would land outside ``target`` (absolute names,
    ``..``, a path through an earlier symlink) and device files; symlinks stay symlinks,
    whatever they point at, exactly as the episode left them."""
    with tarfile.open(archive, mode="r:gz") as tar:
        tar.extractall(target, numeric_owner=True, filter="tar")


async def final_files(
    env: Environment, task_apps: tuple[str, ...] | list[str], initial: bytes | str | None
) -> dict[str, bytes]:
    """The ``final/`` files of an episode whose reward just ran on ``env``.

    ``initial``: the initial home's archive taken after setup, or why it was not taken.
    An environment without a host-readable home (not the local provider) keeps nothing but
    the manifest, which says so."""
    import asyncio

    manifest = FinalManifest()
    files: dict[str, bytes] = {}
    home = getattr(env, "home", None)
    if isinstance(home, Path):
        try:
            files[FINAL_HOME] = await asyncio.to_thread(archive_home, home)
            manifest.home = FINAL_HOME
        except (OSError, ValueError) as exc:
            manifest.missing["home"] = f"not archived: {exc}"
    else:
        manifest.missing["home"] = "the environment has no host-readable home"
    if isinstance(initial, bytes):
        files[FINAL_INITIAL_HOME] = initial
        manifest.initial_home = FINAL_INITIAL_HOME
    elif initial is not None:
        manifest.missing["initial_home"] = initial
    hub_apps = _hub_apps(env, task_apps)
    if hub_apps:
        try:
            answers = await _hub_answers(env)
        except Exception as exc:  # the episode is kept; only its re-scoring is lost
            answers = {a: {"error": f"{type(exc).__name__}: {exc}"} for a in hub_apps}
        for app in hub_apps:
            answer = answers.get(app)
            if not isinstance(answer, Mapping) or "current_state" not in answer:
                why = answer.get("error") if isinstance(answer, Mapping) else None
                manifest.missing[app] = f"no /go answer ({why or 'not served'})"
                continue
            files[hub_file(app)] = json.dumps(answer, ensure_ascii=False).encode("utf-8")
            manifest.hub[app] = hub_file(app)
    files[FINAL_MANIFEST] = (manifest.model_dump_json(indent=2) + "\n").encode("utf-8")
    return files


def _hub_apps(env: Environment, task_apps: tuple[str, ...] | list[str]) -> list[str]:
    """The task's apps the environment's hub session serves (the ones its reward can read)."""
    link = getattr(getattr(env, "config", None), "hub", None)
    served = set(getattr(link, "apps", ()) or ())
    return [a for a in task_apps if a in served]


async def _hub_answers(env: Environment) -> dict[str, Any]:

    state = await env.read_state(StateQuery(paths=(), parse=False, hash=False, hub=True))
    return dict(state.hub or {})
