"""The reward checks of ``sales-summary-table``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
import re

from cuagym.apps.writer._reward_lib import number, section_blocks, squash
from cuagym.families._office_scope import P, checks, doc, head, orders

# ruff: noqa: B905  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
sums = {}
for row in orders:
    region, amount = row[head.index("region")], row[head.index("amount")]
    if isinstance(amount, (int, float)):
        sums[str(region)] = sums.get(str(region), 0.0) + amount
regions = sorted(sums, key=str.casefold)
tables = [b for b in section_blocks(doc, P["section"]) or [] if hasattr(b, "rows")]
rows = [[squash(c.text) for c in r.cells] for r in tables[0].rows] if tables else []
body = [r for r in rows[1:] if r[0] != "Total"]
totals = [i for i, r in enumerate(rows) if i and r[0] == "Total"]
values = [number(r[1]) if len(r) > 1 else None for r in body]
right = [r[0] == g and v is not None and abs(v - sums[g]) < 0.011
         for r, v, g in zip(body, values, regions)]
grand = sum(sums.values())
total = number(rows[totals[0]][1]) if len(totals) == 1 and len(rows[totals[0]]) > 1 else None
checks.append(("orders_kept", 0, len(orders) == P["orders"], f"{len(orders)} order rows"))
checks.append(("table_added", 1, len(tables) == 1, f"{len(tables)} tables in the section"))
header = rows[0] if rows else []
checks.append(("header_row", 1, header == ["Region", "Total sales"], f"header: {header}"))
checks.append(("regions_in_order", 2, [r[0] for r in body] == regions,
               f"regions: {[r[0] for r in body]}, expected {regions}"))
checks.append(("region_totals", 2, len(right) == len(regions) > 0 and all(right),
               f"values: {values}"))
checks.append(("two_decimals", 1, bool(rows[1:]) and all(
    len(r) == 2 and re.search(r"\d\.\d\d$", r[1]) for r in rows[1:]),
    "values written with 2 decimals, two columns"))
checks.append(("grand_total", 2, len(totals) == 1 and totals[0] == len(rows) - 1
               and total is not None and abs(total - grand) < 0.011,
               f"total: {total}, expected {round(grand, 2)}"))
# The report had no table: everything but the new tables is as setup wrote it, and the
# workbook is untouched (opened and saved without edits is fine).
