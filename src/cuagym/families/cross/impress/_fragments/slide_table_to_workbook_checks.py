"""The reward checks of ``slide-table-to-workbook``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated, arg-type"
# arg-type: float() of a cell value is reached only when every value is a number
# (``all(numeric)`` is and-ed before it).
from cuagym.apps.impress._reward_lib import number, slides_titled, squash, tables_of
from cuagym.families._office_guards import home_relative, home_strays
from cuagym.families._office_scope import P, book, checks, deck, start
from cuagym.scripts._globs import listing

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
named = slides_titled(deck, P["slide"])
shown = tables_of(named[0]) if len(named) == 1 else []
rows = [[squash(c.text) for c in r.cells] for r in list(shown[0].rows)[1:]] if shown else []
ws = book[P["sheet"]] if P["sheet"] in book.sheetnames else None
got = [list(r) for r in ws.iter_rows(values_only=True)] if ws is not None else []
got = [r for r in got if any(v is not None and str(v).strip() for v in r)]
body = got[1:len(rows) + 1]
regions = [squash(str(r[0])) if r and r[0] is not None else "" for r in body]
values = [r[1] if len(r) > 1 else None for r in body]
numeric = [isinstance(v, (int, float)) and not isinstance(v, bool) for v in values]
last = got[len(rows) + 1] if len(got) > len(rows) + 1 else []
grand = sum(number(r[1]) or 0 for r in rows)
wide = [r for r in got if len(r) > 2 and any(v is not None for v in r[2:])]
notes = [list(r) for r in start["Notes"].iter_rows(values_only=True)]
notes_now = [list(r) for r in book["Notes"].iter_rows(values_only=True)] \
    if "Notes" in book.sheetnames else None
checks.append(("slide_kept", 0, len(rows) == P["rows"], f"{len(rows)} rows in the slide's table"))
checks.append(("headers_kept", 0, got[:1] == [["Region", "Revenue ($k)"]], f"row 1: {got[:1]}"))
checks.append(("notes_kept", 0, notes_now == notes, "the Notes sheet as setup wrote it"))
checks.append(("regions", 2, regions == [r[0] for r in rows], f"column A: {regions}"))
checks.append(("revenues", 2, len(values) == len(rows) and all(numeric)
               and [float(v) for v in values] == [number(r[1]) for r in rows],
               f"column B: {values}, numbers: {numeric}"))
checks.append(("total_row", 2, len(last) > 1 and last[0] == "Total"
               and isinstance(last[1], (int, float)) and abs(last[1] - grand) < 0.001,
               f"total row: {last}, expected {grand:g}"))
checks.append(("nothing_else", 1, len(got) == len(rows) + 2 and not wide,
               f"{len(got)} filled rows, {len(wide)} with cells past column B"))
# The deck is as setup wrote it (opened, maybe copied from, never edited); the workbook is
# the one file that changes.
strays = home_strays([home_relative(P["path"])])
checks.append(("no_other_files", 0, not strays, "other files changed: " + listing(strays)))
