"""Families on tables inside a document: computing a column and a total row."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import PEOPLE, body_blocks, heading_block, para
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._office import quote
from cuagym.families.writer._base import (
    WriterFamily,
    doc_guards,
    files_guard,
    section_guard,
)
from cuagym.families.writer._text import _listing

__all__ = ["TableTotal"]

# (document title, file stem, section holding the table, line items with a price range)
_BUDGETS: tuple[tuple[str, str, str, tuple[tuple[str, float, float], ...]], ...] = (
    (
        "Team Offsite Budget",
        "offsite_budget",
        "Costs",
        (
            ("Venue hire (per day)", 400, 1500),
            ("Lunch (per person)", 12, 30),
            ("Coach transport", 300, 900),
            ("Facilitator (per day)", 500, 1200),
            ("Printed workbooks", 4, 15),
            ("Team dinner (per person)", 35, 80),
            ("Projector rental", 60, 150),
            ("Hotel room (per night)", 90, 220),
            ("Welcome packs", 8, 25),
            ("Photographer", 250, 700),
        ),
    ),
    (
        "Laptop Refresh Proposal",
        "laptop_refresh",
        "Equipment",
        (
            ("Laptop 14-inch", 800, 1400),
            ("Laptop 16-inch", 1200, 2200),
            ("Docking station", 120, 260),
            ("External monitor", 150, 400),
            ("Keyboard and mouse set", 35, 90),
            ("Laptop bag", 25, 70),
            ("Extended warranty", 90, 200),
            ("USB-C charger", 30, 75),
            ("Headset", 40, 150),
            ("Privacy screen", 25, 60),
        ),
    ),
    (
        "Warehouse Safety Upgrade",
        "safety_upgrade",
        "Purchases",
        (
            ("Safety helmet", 15, 45),
            ("High-visibility vest", 6, 20),
            ("First aid kit", 40, 120),
            ("Fire extinguisher", 45, 140),
            ("Anti-fatigue mat", 30, 90),
            ("Safety boots (pair)", 55, 140),
            ("Floor marking tape (roll)", 9, 25),
            ("Eye wash station", 150, 400),
            ("Ear protection", 8, 30),
            ("Warning sign", 10, 35),
        ),
    ),
)
_SECTIONS_AROUND = ("Purpose", "Approval")


class TableTotal(WriterFamily):
    id: ClassVar[str] = "table-total"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("tables", "table-data", "compute-total")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        title, stem, section, _ = rng.choice(_BUDGETS)
        rows = rng.randint(6, 9)
        path = f"/home/user/Documents/{stem}.docx"
        sections = [_SECTIONS_AROUND[0], section, _SECTIONS_AROUND[1]]
        doc, part, total = f"{stem}.docx", quote(section), quote("Total")
        frames = [
            f"In {doc}, complete the cost table under {part}: fill in each line's Amount "
            "(Quantity \u00d7 Unit price, with two decimals) and add a last row labelled "
            f"{total} whose Amount is the sum of all the line amounts.",
            f"The cost table in the {part} section of {doc} has an empty Amount column. Fill it "
            "with Quantity \u00d7 Unit price for every line (two decimals), and append a "
            f"{total} row whose Amount adds up all the lines.",
            f"Complete the table of {doc} under {part}: each line's Amount is its Quantity "
            "times its Unit price, written with two decimals, and a final row labelled "
            f"{total} carries the sum of those amounts.",
            f"Work out the Amount of every line in the {part} cost table of {doc} (Quantity "
            f"\u00d7 Unit price, two decimals) and close the table with a {total} row holding "
            "the sum of the line amounts.",
            f"In the table under {part} in {doc}, no line has an Amount yet: enter Quantity "
            "\u00d7 Unit price to two decimal places for each, plus one more row at the "
            f"bottom, {total}, whose Amount is the sum of all the lines.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{path} is the {title}, with the sections {_listing(sections)}. The "
            f"{quote(section)} section holds a table with the columns Item, Quantity, Unit "
            f"price and Amount and {rows} line items; the Amount column is still empty.",
            path=path,
            title=title,
            sections=sections,
            section=section,
            rows=rows,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        items = next(b[3] for b in _BUDGETS if b[2] == p["section"])
        table = [["Item", "Quantity", "Unit price", "Amount"]]
        for name, low, high in rng.sample(items, p["rows"]):
            price = round(rng.uniform(low, high) * 4) / 4  # quarter steps: prices like 12.75
            table.append([name, str(rng.randint(1, 40)), f"{price:,.2f}", ""])
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for section in p["sections"]:
            blocks += [heading_block(section), *body_blocks(rng, "the purchase", 1, 2)]
            if section == p["section"]:
                blocks += [para("All prices exclude VAT."), {"t": "table", "rows": table}]
        blocks.append(para(f"Submitted by {rng.choice(PEOPLE)}.", "i"))
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
total = 0.0
for row in table.rows[1:]:
    quantity = float(row.cells[1].text)
    price = float(row.cells[2].text.replace(",", ""))
    amount = round(quantity * price, 2)
    total += amount
    row.cells[3].text = f"{amount:,.2f}"
cells = table.add_row().cells
cells[0].text = "Total"
cells[3].text = f"{round(total, 2):,.2f}"
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
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
decimals = [bool(re.search(r"\\d\\.\\d\\d$", r[3].strip())) for r in lines]
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
after = body_view(doc)
after = after[:at] + [before[at]] + after[at + 1:] if len(after) > at else after
"""
            + doc_guards(after="after")
            + files_guard("path")
        )
