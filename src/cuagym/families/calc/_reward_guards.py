"""Exactness helpers every calc ``reward.py`` carries (inlined after the shared guard libraries
and :mod:`cuagym.apps.calc._reward_lib`).

A reward that inspects only its target accepts wrong end states: a collateral edit elsewhere,
formatting beyond what was asked, a number format that only looks like the asked one, a
formula that holds a constant. These helpers let a family say exactly what may change and how:

* :func:`unexpected_changes` compares the workbook's view (``office_view``) before and after
  and names every change that the family's allowance does not cover — per cell range *and* per
  part of a cell (value, number format, font, fill, alignment), plus sheet-level keys (merges,
  rules, validations, charts, panes, the sheet list);
* :func:`format_section` / :func:`format_codes` / :func:`format_shows` read a number format
  the way a spreadsheet does: quoted and escaped characters are literals, ``[$€-407]`` is a
  currency symbol, ``[RED]`` a colour, ``_x`` and ``*x`` padding — so ``0.0"%"`` is not a
  percent format and ``#,##0.000`` does not have two decimals;
* :func:`formula_refs` lists the cells a formula reads, so "a formula that sums F2:F31" can
  be told from ``=1234``.

Like every inlined library it imports only the standard library at module level; the names it
uses from the shared libraries (``view_changes``, ``cell_in``) are in the script before it.
"""

# -- inlined into reward.py --
from typing import Any

from cuagym.apps.calc._reward_lib import (
    TOKEN,
    cell_key,
    col_index,
    col_letters,
    split_ref,
)
from cuagym.scripts._home import cell_in, view_changes

CELL_PARTS = ("value", "format", "font", "fill", "align")
# What a cell without a value or visible formatting looks like in a view (office_view leaves
# such cells out); the font size is taken from the other side, since views keep it as written.
PLAIN_CELL: list[Any] = [
    None,
    "general",
    [False, False, "", False, ""],
    "",
    ["general", "bottom", False, 0.0],
]


def cell_parts(old: Any, new: Any) -> list[str]:
    """Which parts of a cell differ between two view entries (None: a plain cell)."""
    if old is None or new is None:
        known = new if old is None else old
        blank = [PLAIN_CELL[0], PLAIN_CELL[1], PLAIN_CELL[2] + known[2][5:], *PLAIN_CELL[3:]]
        old, new = (blank, new) if old is None else (old, blank)
    return [part for i, part in enumerate(CELL_PARTS) if old[i] != new[i]]


def unexpected_changes(before: dict[str, Any], after: dict[str, Any], allowed: Any) -> list[str]:
    """The view changes ``allowed`` does not cover, as ``key (parts)`` texts, sorted.

    ``allowed`` is a list of ``[where, parts]``: ``where`` is ``"Sheet!F2:F30"`` (cells in a
    range; several ranges separated by spaces), or a sheet-level key (``"Sheet:merged"``,
    ``"sheets"``; ``"Sheet:*"`` for all of them, e.g. on a new sheet), or ``"Sheet!*"``
    (every cell of a sheet); ``parts`` lists the cell parts that may change (``value``,
    ``format``, ``font``, ``fill``, ``align``) or is ``"*"``.
    """
    out = []
    for key in view_changes(before, after):
        sheet, bang, coord = key.rpartition("!")
        if not bang:
            if not any(sheet_key_allowed(where, key) for where, _ in allowed):
                out.append(key)
            continue
        parts = cell_parts(before.get(key), after.get(key))
        ok = False
        for where, may in allowed:
            name, wbang, ranges = where.rpartition("!")
            if not wbang or name != sheet:
                continue
            if ranges != "*" and not cell_in(coord, ranges.split()):
                continue
            if may == "*" or all(part in may for part in parts):
                ok = True
                break
        if not ok:
            out.append(key + " (" + ",".join(parts) + ")")
    return sorted(out)


def sheet_key_allowed(where: str, key: str) -> bool:
    if where.endswith(":*") and "!" not in where:
        return key.startswith(where[:-1])
    return where == key


def view_row(view: dict[str, Any], sheet: str, row: int, width: int) -> list[Any]:
    """The values of cells A..(width) of ``row`` in a view (None where a cell is plain)."""
    return [
        (view.get(sheet + "!" + col_letters(c) + str(row)) or PLAIN_CELL)[0]
        for c in range(1, width + 1)
    ]


def typed_row(ws: Any, row: int, width: int) -> list[list[Any]]:
    """A row's cells as ``[kind, key]``: text that looks like a date is not a date."""
    out = []
    for c in range(1, width + 1):
        value = ws.cell(row=row, column=c).value
        kind = "empty" if value is None else type(value).__name__
        kind = "date" if kind in ("datetime", "date") else kind
        kind = "number" if kind in ("int", "float") else kind
        out.append([kind, cell_key(value)])
    return out


# -- number formats ----------------------------------------------------------------------------
def format_section(fmt: Any, index: int = 0) -> list[tuple[str, str]]:
    """Section ``index`` of a number format as tokens ``(kind, text)``: ``code`` (one format
    character), ``lit`` (a quoted or escaped literal), ``cur`` (the symbol of ``[$€-407]``),
    ``pad`` (``_x`` / ``*x``), ``tag`` (any other ``[...]``: colour, condition, locale)."""
    text = str(fmt or "General")
    sections: list[list[tuple[str, str]]] = [[]]
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            end = text.find('"', i + 1)
            end = len(text) if end < 0 else end
            sections[-1].append(("lit", text[i + 1 : end]))
            i = end + 1
        elif ch == "\\" and i + 1 < len(text):
            sections[-1].append(("lit", text[i + 1]))
            i += 2
        elif ch in "_*" and i + 1 < len(text):
            sections[-1].append(("pad", text[i + 1]))
            i += 2
        elif ch == "[":
            end = text.find("]", i)
            end = len(text) if end < 0 else end
            inner = text[i + 1 : end]
            if inner.startswith("$") and inner[1:2] not in ("-", ""):
                sections[-1].append(("cur", inner[1:].split("-", 1)[0]))
            else:
                sections[-1].append(("tag", inner))
            i = end + 1
        elif ch == ";":
            sections.append([])
            i += 1
        else:
            sections[-1].append(("code", ch))
            i += 1
    return sections[index] if index < len(sections) else []


def format_codes(fmt: Any) -> str:
    """The first section's format characters alone (literals, symbols, tags and padding
    dropped; spaces too): ``[$€-407]#,##0.00`` -> ``#,##0.00``."""
    return "".join(t for kind, t in format_section(fmt) if kind == "code" and t != " ")


def format_shows(fmt: Any) -> str:
    """What the first section prints around the number: codes and literal texts and currency
    symbols in order, spaces dropped (``[$€-1809]#,##0.00`` -> ``€#,##0.00``)."""
    return "".join(
        t for kind, t in format_section(fmt) if kind in ("code", "lit", "cur") and t != " "
    )


def format_symbols(fmt: Any) -> list[str]:
    """Currency symbols and literal texts of the first section (``€``, ``EUR``, ``%``)."""
    return [t.strip() for kind, t in format_section(fmt) if kind in ("lit", "cur") and t.strip()]


# -- formulas ----------------------------------------------------------------------------------
def formula_refs(text: Any, sheet: str) -> list[str]:
    """The cells a formula reads, as sorted ``Sheet!A1`` texts (ranges expanded; a whole
    column stays ``Sheet!F:F``). Not a formula: no cells."""
    text = getattr(text, "text", text)
    if not isinstance(text, str) or not text.startswith("="):
        return []
    out = set()
    pos = 1
    while text[pos:].strip():
        m = TOKEN.match(text, pos)
        if m is None or m.lastgroup is None:
            break
        pos = m.end()
        if m.lastgroup != "ref":
            continue
        name, ref = split_ref(m.group("ref"), sheet)
        first, _, last = ref.partition(":")
        last = last or first
        if first.isalpha() or last.isalpha():
            out.add(name + "!" + ref)
            continue
        c1, r1 = split_cell(first)
        c2, r2 = split_cell(last)
        for c in range(min(c1, c2), max(c1, c2) + 1):
            for r in range(min(r1, r2), max(r1, r2) + 1):
                out.add(name + "!" + col_letters(c) + str(r))
    return sorted(out)


def split_cell(coord: str) -> tuple[int, int]:
    letters = coord.rstrip("0123456789")
    return col_index(letters), int(coord[len(letters) :])


def cells_of(sheet: str, column: str, first: int, last: int) -> list[str]:
    """``Sheet!F2`` ... ``Sheet!F<last>``, sorted as :func:`formula_refs` sorts."""
    return sorted(sheet + "!" + column + str(r) for r in range(first, last + 1))
