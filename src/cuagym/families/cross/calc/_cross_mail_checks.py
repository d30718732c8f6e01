"""The check blocks of the rewards of :mod:`cuagym.families.cross.calc._cross_mail`, as code.

Each function's body is one family's flat check block: :func:`cuagym.scripts.statements_of`
pastes it into reward.py's ``main``; the functions are never called. The names they read are
the reward's (its read block, ``P``, ``checks``, the inlined libraries), imported here for
the type checker only; a parameter is a name the family's own read lines define.
"""

# The blocks are pasted verbatim into rewards generated before they were code: one indent
# deeper here than there, and kept as they are (byte-identical scripts).
# ruff: noqa: B007

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import os

    from cuagym.apps.calc._read_workbook import after, before, start, vals, wb
    from cuagym.apps.calc._reward_lib import close, is_number, shown_or_error
    from cuagym.families.calc._reward_guards import unexpected_changes
    from cuagym.scripts._figures import states_figure
    from cuagym.scripts._globs import listing, uncovered
    from cuagym.scripts._home import HOME, tree, tree_changes
    from cuagym.scripts._hub import diff_outside
    from cuagym.scripts._reward_names import P, checks

__all__ = ["record_mailed_prices"]

# fmt: off


def record_mailed_prices(book0: Any, minit: dict[str, Any], mdiff: dict[str, Any]) -> None:
    """:class:`RecordMailedPrices`: the checks of its reward."""
    # -- the email, as the mailbox holds it: it states each new price the context promises --------
    said = [m for m in minit["messages"].values()
            if m["from"]["email"].lower() == P["sender_email"].lower()
            and " ".join(m["subject"].split()) == P["subject"]]
    body = said[0]["body"] if len(said) == 1 else ""
    stated = all(code in body and states_figure(body, new) for code, _, _, new in P["changes"])
    checks.append(("email_states_the_prices", 0, stated, f"{len(said)} email(s) {P['subject']!r}"))

    # -- the price list: each changed item's unit price is the email's, as a number ---------------
    rows = {c.value: c.row for (c,) in book0[P["sheet"]].iter_rows(min_row=2, max_col=1) if c.value}
    found = [code for code, _, _, _ in P["changes"] if code in rows]
    checks.append(("items_found", 0, len(found) == len(P["changes"]) and len(rows) == P["items"],
                   f"{len(rows)} items; changed items at rows {[rows.get(c) for c in found]}"))
    for code, item, old, new in P["changes"]:
        at = "D" + str(rows[code]) if code in rows else None
        got = shown_or_error(wb, vals, P["sheet"], at) if at else None
        checks.append(("price_" + code, 1, is_number(got) and close(got, new),
                       f"{code} ({item}): {got!r}, expected {new}"))

    # -- nothing else: only those price cells (value, number format), no other file, no mail ------
    cells = " ".join("D" + str(rows[c]) for c in found)
    extra = unexpected_changes(before, after, [[P["sheet"] + "!" + cells, ["value", "format"]]])
    checks.append(("nothing_else_changed", 0, not extra, "also changed: " + listing(extra)))
    target = os.path.relpath(P["path"], HOME)
    lock = os.path.join(os.path.dirname(target), ".~lock." + os.path.basename(target) + "#")
    strays = uncovered(tree_changes(tree(start), tree(HOME), start, HOME), [target, lock], "/")
    checks.append(("other_files_kept", 0, not strays, "other files changed: " + listing(strays)))
    # Reading the email may mark its conversation read (when the mailbox marks on opening).
    marks = ["threads." + t + ".unread" for t in sorted(minit["threads"])] if minit["settings"].get(
        "markReadOnOpen") else []
    mextra = diff_outside(mdiff, marks)
    checks.append(("mailbox_unchanged", 0, not mextra, "mail changes: " + listing(mextra)))
