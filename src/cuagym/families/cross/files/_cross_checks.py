"""The check blocks of the rewards of :mod:`cuagym.families.cross.files._cross`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only; a parameter is a name the family's own read lines define.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import hashlib
    import os
    import zipfile

    from cuagym.apps.files._read_home import after, before, changes, start
    from cuagym.apps.files._reward_lib import off_plan, planned, regular_files
    from cuagym.scripts._globs import listing
    from cuagym.scripts._reward_names import P, checks

__all__ = ["extract_by_sheet"]

# fmt: off


def extract_by_sheet(pairs: list[tuple[str, str]], problem: str, lock: str) -> None:
    """:class:`ExtractBySheet`: the checks of its reward."""
    extracted = {}  # path -> ("file", sha) of every member where the plan puts it
    folders = []
    for name, dest in pairs:
        archive = P["folder"] + "/" + name
        if before.get(archive, ("",))[0] != "file":
            problem = problem or "not an archive in the folder: " + name
            continue
        folders.append(dest.strip("/"))
        with zipfile.ZipFile(os.path.join(start, archive)) as zf:
            for info in zf.infolist():
                if not info.is_dir():
                    sha = hashlib.sha256(zf.read(info)).hexdigest()
                    extracted[dest.strip("/") + "/" + info.filename] = ("file", sha)
    plan = planned(before, folders=folders)
    plan.update(extracted)
    off = off_plan(changes, after, plan if not problem else before, free=[lock])
    done = [f for f, entry in extracted.items() if after.get(f) == entry]
    archives = [f for f in regular_files(before, P["folder"]) if after.get(f) == before[f]]
    checks.append(("plan_kept", 0, len(pairs) == P["listed"] and not problem,
                   problem or f"{len(pairs)} rows"))
    checks.append(("archives_kept", 0, len(archives) == P["listed"] + P["keep"],
                   f"{len(archives)} archives as they were"))
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("some_extracted", 1, bool(done), f"{len(done)} of {len(extracted)} files"))
    checks.append(("all_extracted", 3, bool(extracted) and len(done) == len(extracted),
                   "missing: " + ", ".join(sorted(set(extracted) - set(done)))[:150]))
