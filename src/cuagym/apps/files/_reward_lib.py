"""Helpers every files ``reward.py`` carries (inlined after the shared guard libraries).

This module is real code (imported and tested on the host) and the text of the reward's
helper block: :func:`cuagym.families.files.kit.reward_script` pastes everything
below the inline marker into each reward. It imports only the standard library at module
level and holds no state; rewards keep their ``checks`` list flat in ``main``.

The whole-state guard of a files task is a *plan*: from the initial tree (``tree`` of the
initial home) and the task's params a reward computes the one end state the instruction asks
for (:func:`planned`: moves, copies, removals, new folders), and :func:`off_plan` names every
path whose change does not match it. A path still as it was is progress not yet made (partial
credit comes from the scoring checks); a path changed in any other way — a stray folder, a
symlink where a copy was asked, a file renamed to the wrong name, a swapped content, a file
outside the task's folder — is a wrong end state.
"""

# -- inlined into reward.py --
import os
from collections.abc import Iterable

MAGIC = (
    (b"%PDF", "pdf"),
    (b"\x89PNG", "png"),
    (b"\xff\xd8\xff", "jpg"),
    (b"PK\x03\x04", "zip"),
)


def kind_of(head: bytes) -> str | None:
    """The format a file's first bytes show (pdf, png, jpg, zip), or None for plain data."""
    return next((kind for magic, kind in MAGIC if head.startswith(magic)), None)


def ext_of(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() if "." in name[1:] else ""


def stem_of(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[0] if "." in name[1:] else name


def inside(path: str, folder: str) -> bool:
    """Is ``path`` (relative to HOME) somewhere below ``folder``?"""
    return path.startswith(folder.rstrip("/") + "/")


def parent_of(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


def name_of(path: str) -> str:
    return path.rsplit("/", 1)[-1]


def regular_files(listing: dict[str, tuple[str, str]], folder: str = "") -> list[str]:
    """The regular files of a :func:`tree` listing (below ``folder`` if given), sorted."""
    return sorted(
        p
        for p, (kind, _) in listing.items()
        if kind == "file" and (not folder or inside(p, folder))
    )


def mtime_in(root: str, path: str) -> float:
    """A file's modification time under ``root`` (the initial home or HOME); links not
    followed."""
    return os.lstat(os.path.join(root, path)).st_mtime


def kind_in(root: str, path: str) -> str | None:
    """The format of a regular file under ``root`` by its first bytes."""
    with open(os.path.join(root, path), "rb") as fh:
        return kind_of(fh.read(8))


def planned(
    before: dict[str, tuple[str, str]],
    moves: Iterable[tuple[str, str]] = (),
    copies: Iterable[tuple[str, str]] = (),
    removals: Iterable[str] = (),
    folders: Iterable[str] = (),
) -> dict[str, tuple[str, str]]:
    """The tree the instruction asks for: ``before`` with files moved (or renamed), copied and
    removed, and folders created — every folder above a new path included."""
    plan = dict(before)
    made = list(folders)
    for src, dst in moves:
        plan[dst] = before[src]
        plan.pop(src, None)
        made.append(parent_of(dst))
    for src, dst in copies:
        plan[dst] = before[src]
        made.append(parent_of(dst))
    for path in removals:
        plan.pop(path, None)
    for folder in made:
        while folder and plan.get(folder) != ("dir", ""):
            plan[folder] = ("dir", "")
            folder = parent_of(folder)
    return plan


def off_plan(
    changes: Iterable[str],
    after: dict[str, tuple[str, str]],
    plan: dict[str, tuple[str, str]],
    free: Iterable[str] = (),
) -> list[str]:
    """The changed paths (``tree_changes``) whose final entry is not the planned one, sorted;
    paths in ``free`` (a new archive whose bytes nobody can predict) may be anything."""
    free = set(free)
    return sorted(p for p in changes if p not in free and after.get(p) != plan.get(p))
