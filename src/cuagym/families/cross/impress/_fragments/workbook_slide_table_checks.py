"""The reward checks of ``workbook-slide-table``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
import re

from cuagym.apps.impress._reward_lib import number, slide_views, slides_titled, squash, tables_of
from cuagym.families._office_scope import P, checks, deck, first, head, orders

# ruff: noqa: B905  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
sums, counts = {}, {}
for row in orders:
    region, amount = row[head.index("region")], row[head.index("amount")]
    if isinstance(amount, (int, float)):
        sums[str(region)] = sums.get(str(region), 0.0) + amount
        counts[str(region)] = counts.get(str(region), 0) + 1
regions = sorted(sums, key=str.casefold)
target = slides_titled(deck, P["target"])
tables = tables_of(target[0]) if len(target) == 1 else []
rows = [[squash(c.text) for c in r.cells] for r in tables[0].rows] if tables else []
body = [r for r in rows[1:] if r[:1] != ["Total"]]
totals = [i for i, r in enumerate(rows) if i and r[:1] == ["Total"]]
shaped = bool(rows) and all(len(r) == 3 for r in rows)
counted = [shaped and r[0] == g and re.fullmatch(r"\d+", r[1]) is not None
           and int(r[1]) == counts[g] for r, g in zip(body, regions)]
summed = [shaped and r[0] == g and number(r[2]) is not None and abs(number(r[2]) - sums[g]) < 0.011
          for r, g in zip(body, regions)]
last = rows[totals[0]] if len(totals) == 1 and shaped else []
grand = sum(sums.values())
checks.append(("orders_kept", 0, len(orders) == P["orders"], f"{len(orders)} order rows"))
checks.append(("table_added", 1, len(tables) == 1, f"{len(tables)} tables on the slide"))
checks.append(("header_row", 1, rows[:1] == [P["header"]], f"header: {rows[:1]}"))
checks.append(("regions_in_order", 2, [r[0] for r in body] == regions,
               f"regions: {[r[0] for r in body]}, expected {regions}"))
checks.append(("order_counts", 1, len(counted) == len(regions) > 0 and all(counted),
               f"counts: {[r[1:2] for r in body]}"))
checks.append(("revenues", 2, len(summed) == len(regions) > 0 and all(summed),
               f"revenues: {[r[2:] for r in body]}"))
checks.append(("two_decimals", 1, shaped and len(rows) > 1 and all(
    re.search(r"\d\.\d\d$", r[2]) for r in rows[1:]), "revenues written with 2 decimals"))
checks.append(("total_row", 2, len(totals) == 1 and totals[0] == len(rows) - 1 and bool(last)
               and last[1] == str(len(orders)) and number(last[2]) is not None
               and abs(number(last[2]) - grand) < 0.011,
               f"total: {last}, expected {len(orders)} orders, {round(grand, 2)}"))
# Every slide is as setup wrote it, but for the table on the target slide; the workbook is
# untouched (opened and saved without edits is fine).
at = P["slides"].index(P["target"])
before = slide_views(first)
after = slide_views(deck)
if len(after) > at:
    after[at] = [[x for x in after[at][0] if x[0] != "TABLE"], after[at][1]]
