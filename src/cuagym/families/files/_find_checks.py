"""The check blocks of the rewards of :mod:`cuagym.families.files._find`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    from cuagym.apps.files._read_home import after, before, changes, start
    from cuagym.apps.files._reward_lib import off_plan, regular_files
    from cuagym.scripts._globs import listing
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = ["set_permissions"]

# fmt: off


def set_permissions() -> None:
    """:class:`SetPermissions`: the checks of its reward."""
    asked = [(P["base"] + "/scripts/" + n, P["script_mode"]) for n in P["scripts"]] + [
        (P["base"] + "/config/" + P["secret"], P["secret_mode"])]
    off = off_plan(changes, after, before)
    shown = {}  # file -> its permissions before and now, as ls shows them (rw-r--r--)
    for f in regular_files(before):
        if after.get(f) == before[f]:
            old = os.lstat(os.path.join(start, f)).st_mode
            new = os.lstat(os.path.join(HOME, f)).st_mode
            shown[f] = tuple("".join(c if mode & (1 << (8 - i)) else "-"
                                     for i, c in enumerate("rwxrwxrwx")) for mode in (old, new))
    names = {f for f, _ in asked}
    moved = [f for f, (old, new) in shown.items() if old != new and f not in names]
    right = [f for f, text in asked if f in shown and shown[f][1] == text]
    scripts = [f for f in right if f.endswith(".sh")]
    now = [shown[f][1] if f in shown else "missing" for f, _ in asked]
    checks.append(("files_kept", 0, all(f in shown for f in names), "asked files present"))
    checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + listing(off)))
    checks.append(("other_modes_kept", 0, not moved,
                   "also changed: " + ", ".join(f"{f} {shown[f][1]}" for f in moved)[:150]))
    checks.append(("scripts_runnable", 2, len(scripts) == len(P["scripts"]), f"now: {now}"))
    checks.append(("secret_private", 2, P["base"] + "/config/" + P["secret"] in right,
                   f"now: {now}"))
