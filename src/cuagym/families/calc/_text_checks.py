"""The check blocks of the rewards of :mod:`cuagym.families.calc._text`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only; a parameter is a name the family's own read lines define.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# ruff: noqa: B905

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cuagym.apps.calc._read_workbook import after, before, vals, wb
    from cuagym.apps.calc._reward_lib import shown_or_error, text_of
    from cuagym.families.calc._reward_guards import formula_refs, unexpected_changes
    from cuagym.scripts._globs import listing
    from cuagym.scripts._reward_names import P, checks

__all__ = ["display_names"]

# fmt: off


def display_names(ws: Any, COLS: list[str], SEPS: list[str]) -> None:
    """:class:`DisplayNames`: the checks of its reward, after ``ws`` (the sheet) and the style's
    ``COLS``, ``SEPS``."""
    rows = range(2, P["n"] + 2)
    want, reads = {}, {}
    for r in rows:
        parts = [text_of(shown_or_error(wb, vals, P["sheet"], c + str(r))) for c in COLS]
        text = parts[0]
        for sep, part in zip(SEPS, parts[1:]):
            text += sep + part
        want[r] = text + (")" if len(COLS) == 3 else "")
        reads[r] = sorted(P["sheet"] + "!" + c + str(r) for c in COLS)
    got = {r: shown_or_error(wb, vals, P["sheet"], f"E{r}") for r in rows}
    right = [r for r in rows if got[r] == want[r]]
    formulas = [r for r in rows if formula_refs(ws[f"E{r}"].value, P["sheet"]) == reads[r]]
    names_ok = all(ws[f"A{r}"].value and ws[f"B{r}"].value for r in rows)
    extra = unexpected_changes(before, after, [[P["sheet"] + "!E1:E" + str(P["n"] + 1), "*"]])
    checks.append(("contacts_kept", 0, names_ok, "every contact has a first and a last name"))
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    checks.append(("header", 1, ws["E1"].value == P["header"], "E1: " + text_of(ws["E1"].value)))
    checks.append(("formulas", 2, len(formulas) == P["n"],
                   f"{len(formulas)} of {P['n']} read exactly their row's name cells"))
    checks.append(("most_right", 1, len(right) * 2 >= P["n"], f"{len(right)} of {P['n']} right"))
    wrong = [f"E{r}={text_of(got[r])}" for r in rows if r not in right]
    checks.append(("all_right", 2, len(right) == P["n"], "wrong: " + listing(wrong)))
