"""The check blocks of the rewards of :mod:`cuagym.families.files._organize`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# mypy: disable-error-code="var-annotated"
# ruff: noqa: B905

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuagym.apps.files._read_home import after, before, changes, files, start
    from cuagym.apps.files._reward_lib import (
        mtime_in,
        name_of,
        off_plan,
        parent_of,
        planned,
        regular_files,
    )
    from cuagym.scripts._globs import listing
    from cuagym.scripts._reward_names import P, checks

__all__ = ["move_duplicates"]

# fmt: off


def move_duplicates() -> None:
    """:class:`MoveDuplicates`: the checks of its reward."""
    src, dst = P["folder"], P["target"]
    by_sha = {}
    for f in regular_files(before, src):
        by_sha.setdefault(before[f][1], []).append(f)
    moves = [(f, dst + "/" + name_of(f)) for g in by_sha.values() if len(g) > 1
             for f in sorted(g, key=lambda f: mtime_in(start, f))[1:]]
    off = off_plan(changes, after, planned(before, moves=moves))
    pool = [f for f in files if parent_of(f) in (src, dst)]
    groups = {}
    for f in pool:
        groups.setdefault(files[f]["sha"], []).append(f)
    sets = [g for g in groups.values() if len(g) > 1]
    singles = [g[0] for g in groups.values() if len(g) == 1]
    kept = [[f for f in g if parent_of(f) == src] for g in sets]
    oldest = [min(g, key=lambda f: files[f]["mtime"]) for g in sets]
    one_left = [k for k in kept if len(k) == 1]
    right_one = [k for k, o in zip(kept, oldest) if k == [o]]
    # deleting a copy instead of moving it changes these counts
    checks.append(("files_kept", 0, len(sets) == P["groups"] and len(singles) == P["uniques"],
                   f"{len(pool)} files, {len(sets)} sets of copies"))
    checks.append(("singles_stay", 0, all(parent_of(f) == src for f in singles),
                   "moved singles: " + ", ".join(f for f in singles if parent_of(f) != src)))
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("one_copy_left", 2, len(one_left) == len(sets),
                   f"{len(one_left)} of {len(sets)} sets"))
    checks.append(("oldest_kept", 2, len(right_one) == len(sets),
                   f"{len(right_one)} of {len(sets)} sets keep their oldest copy"))
    copies = [f for g, o in zip(sets, oldest) for f in g if f != o]
    stuck = [f for f in copies if parent_of(f) != dst]
    checks.append(("others_moved", 1, not stuck, "not moved: " + ", ".join(stuck)))
