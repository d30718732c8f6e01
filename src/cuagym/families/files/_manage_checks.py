"""The check blocks of the rewards of :mod:`cuagym.families.files._manage`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# mypy: disable-error-code="var-annotated"
# ruff: noqa: E501

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import hashlib
    import zipfile

    from cuagym.apps.files._read_home import after, before, changes, files, start
    from cuagym.apps.files._reward_lib import (
        ext_of,
        inside,
        kind_in,
        off_plan,
        parent_of,
        planned,
        regular_files,
        stem_of,
    )
    from cuagym.scripts._globs import listing
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = ["archive_folder", "fix_extensions"]

# fmt: off


def fix_extensions() -> None:
    """:class:`FixExtensions`: the checks of its reward."""
    base = P["folder"]
    first = [f for f in regular_files(before, base) if parent_of(f) == base]
    found = [(f, kind_in(start, f)) for f in first]
    moves = [(f, base + "/" + stem_of(f) + "." + k) for f, k in found if k and ext_of(f) != k]
    off = off_plan(changes, after, planned(before, moves=moves))
    here = [f for f in files if parent_of(f) == base]
    by_stem = {}
    for f in here:
        by_stem.setdefault(stem_of(f), []).append(f)
    stems = {n.rsplit(".", 1)[0] for n in P["names"]}
    bad = [f for f in here if files[f]["kind"] is not None and ext_of(f) != files[f]["kind"]]
    # a listed name that is gone must have been wrong: its file now shows another format
    renamed_ok = all(base + "/" + n in here or any(files[f]["kind"] not in (None, n.rsplit(".", 1)[1])
                                                    for f in by_stem.get(n.rsplit(".", 1)[0], []))
                     for n in P["names"])
    checks.append(("names_kept", 0, set(by_stem) == stems and len(here) == len(P["names"]),
                   f"{len(here)} files, stems: {sorted(set(by_stem) ^ stems)}"))
    checks.append(("right_ones_untouched", 0, renamed_ok, "a correct name was changed"))
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("most_fixed", 1, len(bad) * 2 <= P["wrong"] and len(bad) < P["wrong"],
                   f"{len(bad)} still wrong"))
    checks.append(("all_fixed", 3, not bad, "still wrong: " + ", ".join(bad)))


def archive_folder() -> None:
    """:class:`ArchiveFolder`: the checks of its reward."""
    folder = P["parent"] + "/" + P["project"]
    archive = folder + ".zip"
    inner = {f[len(P["parent"]) + 1:]: files[f]["sha"] for f in files if inside(f, folder)}
    entries, problem = {}, ""
    try:
        with zipfile.ZipFile(HOME + "/" + archive) as zf:
            for info in zf.infolist():
                if not info.is_dir():
                    entries[info.filename] = hashlib.sha256(zf.read(info)).hexdigest()
    except Exception as exc:  # missing or not a zip: the checks below fail
        problem = str(exc)
    same = [name for name, sha in inner.items() if entries.get(name) == sha]
    off = off_plan(changes, after, before, free=[archive])
    regular = after.get(archive, ("",))[0] == "file"
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("folder_kept", 0, len(inner) == P["count"], f"{len(inner)} files in {folder}"))
    checks.append(("archive_readable", 1, regular and bool(entries),
                   problem or f"{len(entries)} entries, a regular file: {regular}"))
    checks.append(("half_the_files", 1, len(same) * 2 >= len(inner),
                   f"{len(same)} of {len(inner)} files"))
    checks.append(("all_files", 2, len(same) == len(inner),
                   "missing: " + ", ".join(sorted(set(inner) - set(same)))[:150]))
    checks.append(("only_the_folder", 1, bool(entries) and set(entries) <= set(inner),
                   "unexpected: " + ", ".join(sorted(set(entries) - set(inner)))[:150]))
