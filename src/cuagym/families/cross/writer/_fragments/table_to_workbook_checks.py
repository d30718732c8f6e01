"""The reward checks of ``table-to-workbook``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from cuagym.apps.writer._reward_lib import number, squash
from cuagym.families._office_scope import HEADER, P, book, checks, doc, start

# ruff: noqa: B905  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
tables = [t for t in doc.tables if [squash(c.text) for c in t.rows[0].cells][:1] == ["Item"]]
lines = [[squash(c.text) for c in r.cells] for r in list(tables[0].rows)[1:]] if tables else []
ws = book[P["sheet"]] if P["sheet"] in book.sheetnames else None
got = [list(r) for r in ws.iter_rows(values_only=True)] if ws is not None else []
got = [r + [None] * (4 - len(r)) for r in got if any(v is not None and str(v).strip() for v in r)]
body = got[1:len(lines) + 1]
is_num = [all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in r[1:4])
          for r in body]
copied = [r[0] == line[0] and n and abs(r[1] - number(line[1])) < 1e-9
          and abs(r[2] - number(line[2])) < 1e-9 for r, line, n in zip(body, lines, is_num)]
amounts = [n and abs(r[3] - round(r[1] * r[2], 2)) < 0.006 for r, n in zip(body, is_num)]
last = got[len(lines) + 1] if len(got) > len(lines) + 1 else [None] * 4
grand = sum(round(number(x[1]) * number(x[2]), 2) for x in lines)
wide = [r for r in got if len(r) > 4 and any(v is not None for v in r[4:])]
notes = [list(r) for r in start["Notes"].iter_rows(values_only=True)]
notes_now = [list(r) for r in book["Notes"].iter_rows(values_only=True)] \
    if "Notes" in book.sheetnames else None
checks.append(("report_kept", 0, len(lines) == P["rows"], f"{len(lines)} line items"))
checks.append(("headers_kept", 0, got[:1] == [list(HEADER)], f"row 1: {got[:1]}"))
checks.append(("notes_kept", 0, notes_now == notes, "the Notes sheet as setup wrote it"))
checks.append(("items_copied", 2, len(copied) == len(lines) > 0 and all(copied),
               f"rows: {body}"))
checks.append(("amounts", 2, len(amounts) == len(lines) > 0 and all(amounts),
               f"amounts: {[r[3] for r in body]}"))
checks.append(("total_row", 2, last[0] == "Total" and isinstance(last[3], (int, float))
               and abs(last[3] - grand) < 0.011, f"total row: {last}, expected {grand:.2f}"))
checks.append(("nothing_else", 1, len(got) == len(lines) + 2 and not wide,
               f"{len(got)} filled rows, {len(wide)} with cells past column D"))
# The report is as setup wrote it (read, never edited): the workbook is the one file that
# changes.
