"""The reward checks of ``table-total``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
import re

from cuagym.apps.writer._reward_lib import body_view, norm, number, section_blocks
from cuagym.families._office_scope import P, checks, doc, first

# ruff: noqa: B905, RUF005  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
tables = [b for b in section_blocks(doc, P["section"]) or [] if hasattr(b, "rows")]
header = ["item", "quantity", "unit price", "amount"]
table = next((t for t in tables if [norm(c.text) for c in t.rows[0].cells][:4] == header), None)
rows = [[c.text for c in r.cells][:4] for r in table.rows[1:]] if table is not None else []
lines = [r for r in rows if norm(r[0]) != "total"]
totals = [i for i, r in enumerate(rows) if norm(r[0]) == "total"]
expected = [round((number(r[1]) or 0) * (number(r[2]) or 0), 2) for r in lines]
got = [number(r[3]) for r in lines]
right = [g is not None and abs(g - e) < 0.006 for g, e in zip(got, expected)]
grand = round(sum(expected), 2)
total_cell = number(rows[totals[0]][3]) if len(totals) == 1 else None
checks.append(("table_found", 0, table is not None and len(lines) == P["rows"],
               f"{len(lines)} line items"))
checks.append(("amounts_some", 1, any(right), f"{sum(right)} of {len(lines)} amounts right"))
checks.append(("amounts_all", 2, bool(right) and all(right),
               f"amounts: {got}, expected {expected}"))
decimals = [bool(re.search(r"\d\.\d\d$", r[3].strip())) for r in lines]
checks.append(("two_decimals", 1, bool(lines) and all(decimals), f"2 decimals: {decimals}"))
total_only = len(totals) == 1 and rows[totals[0]][0] == "Total" and not (
    rows[totals[0]][1].strip() or rows[totals[0]][2].strip())
checks.append(("total_row", 1, len(totals) == 1 and totals[0] == len(rows) - 1 and total_only,
               f"total rows at {totals} of {len(rows)}, only its label and amount: {total_only}"))
checks.append(("total_value", 2, total_cell is not None and abs(total_cell - grand) < 0.011,
               f"total: {total_cell}, expected {grand}"))
# The line items' Item, Quantity and Unit price cells are as setup wrote them (an amount that
# matches a changed price does not pay); past the table, nothing else changed.
before = body_view(first)
at = next((i for i, b in enumerate(before) if b[0] == "t" and b[1][0][3:4] == ["Amount"]), 0)
given = [r[:3] for r in before[at][1][1:]] if before[at][0] == "t" else None
kept = [r[:3] for r in rows[:len(given or [])]]
checks.append(("lines_kept", 0, kept == given and len(rows) >= len(given or []),
               "line items' cells as given"))
head_given = before[at][1][0] if before[at][0] == "t" else None
head_now = [c.text for c in table.rows[0].cells] if table is not None else None
checks.append(("header_kept", 0, head_now == head_given, f"header row: {head_now}"))
after = body_view(doc)
after = after[:at] + [before[at]] + after[at + 1:] if len(after) > at else after
