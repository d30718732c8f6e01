"""The check blocks of the rewards of :mod:`cuagym.families.cross.calc._cross`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# mypy: disable-error-code="misc"
# ruff: noqa: B905, E501

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    from cuagym.apps.calc._read_workbook import after, before, vals, wb
    from cuagym.apps.calc._reward_lib import close, is_number, shown_or_error, text_of
    from cuagym.families.calc._reward_guards import unexpected_changes
    from cuagym.scripts._globs import listing
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = ["folder_inventory"]

# fmt: off


def folder_inventory() -> None:
    """:class:`FolderInventory`: the checks of its reward."""
    ws = wb[P["sheet"]]
    folder = os.path.join(HOME, P["folder"])
    names = sorted(n for n in os.listdir(folder) if not n.startswith(".")
                   and os.path.isfile(os.path.join(folder, n))) if os.path.isdir(folder) else []
    want = [[n, n.rsplit(".", 1)[-1].lower(), os.path.getsize(os.path.join(folder, n))]
            for n in names]
    total = len(want) + 2
    got = [[shown_or_error(wb, vals, P["sheet"], f"{c}{r}") for c in "ABC"]
           for r in range(2, total)]
    got_names = [text_of(g[0]) if g[0] is not None else None for g in got]
    names_ok = got_names == names
    types_ok = names_ok and all(g[1] == w[1] for g, w in zip(got, want))
    sizes_ok = names_ok and all(is_number(g[2]) and close(g[2], w[2], 0.5)
                                for g, w in zip(got, want))
    label = shown_or_error(wb, vals, P["sheet"], f"A{total}")
    summed = shown_or_error(wb, vals, P["sheet"], f"C{total}")
    grand = sum(w[2] for w in want)
    extra = unexpected_changes(before, after, [[P["sheet"] + "!A2:C" + str(total), "*"]])
    checks.append(("folder_kept", 0, len(names) == P["count"], f"{len(names)} files in the folder"))
    checks.append(("headers_kept", 0, [ws[c + "1"].value for c in "ABC"]
                   == ["Name", "Type", "Size (bytes)"], "row 1 as it was"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("names_sorted", 2, names_ok, f"names: {got_names}"))
    checks.append(("types", 1, types_ok, f"types: {[g[1] for g in got]}"))
    checks.append(("sizes", 2, sizes_ok, f"sizes: {[g[2] for g in got]}, expected "
                   f"{[w[2] for w in want]}"))
    checks.append(("total_row", 1, label == "Total" and is_number(summed) and close(summed, grand, 0.5),
                   f"row {total}: {label}, {summed}; expected {grand}"))
