"""The check blocks of the rewards of :mod:`cuagym.families.cross.code_editor._cross`.

Each function's body is one family's flat check block (pasted by
:func:`cuagym.scripts.statements_of`, never called). The plan is read from the other app's
file as it is in the final state — the workbook or the review document, which must itself
stay unchanged (a change of it is a change outside the plan) — and pinned to what the context
states (its row count).
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    import docx  # type: ignore[import-untyped, unused-ignore]
    import openpyxl  # type: ignore[import-untyped, unused-ignore]

    from cuagym.apps.code_editor._read_home import changes, start
    from cuagym.apps.code_editor._reward_lib import ini_set, plan_checks, set_constant, text_in
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = ["constants_from_review", "settings_from_workbook"]

# fmt: off


def settings_from_workbook() -> None:
    """:class:`SettingsFromWorkbook`: settings.ini with every (section, key, value) row of the
    workbook's sheet set, nothing else."""
    rows = []
    try:
        book = openpyxl.load_workbook(os.path.join(HOME, P["plan"]), read_only=True)
        for row in book[P["sheet"]].iter_rows(min_row=2, max_col=3, values_only=True):
            if any(cell is not None for cell in row):
                value = row[2]
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                rows.append((str(row[0]).strip(), str(row[1]).strip(), str(value).strip()))
    except Exception as exc:  # an unreadable workbook leaves no plan
        checks.append(("workbook_read", 0, False, type(exc).__name__))
    ini = P["root"] + "/settings.ini"
    text = text_in(start, ini) or ""
    for section, key, value in rows:
        text = ini_set(text, section, key, value)
    plan = {ini: text}
    checks.append(("rows_known", 0, len(rows) == P["rows"], str(len(rows)) + " rows"))
    checks.extend(plan_checks(plan, changes, start, HOME))


def constants_from_review() -> None:
    """:class:`ConstantsFromReview`: config.py with every constant of the review's table set
    to its new value, nothing else."""
    rows = []
    try:
        table = docx.Document(os.path.join(HOME, P["doc"])).tables[0]
        for row in table.rows[1:]:
            cells = [cell.text.strip() for cell in row.cells]
            if any(cells):
                rows.append((cells[0], cells[1]))
    except Exception as exc:  # an unreadable document leaves no plan
        checks.append(("document_read", 0, False, type(exc).__name__))
    config = P["root"] + "/" + P["pkg"] + "/config.py"
    text = text_in(start, config) or ""
    for name, value in rows:
        text = set_constant(text, name, value)
    plan = {config: text}
    checks.append(("rows_known", 0, len(rows) == P["count"], str(len(rows)) + " rows"))
    checks.extend(plan_checks(plan, changes, start, HOME))
