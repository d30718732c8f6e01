"""Families on tables inside a document: computing a column and a total row."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import BUDGETS, PEOPLE, body_blocks, heading_block, para
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment, quote
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import (
    WriterFamily,
    doc_guards,
    files_guard,
    section_guard,
)
from cuagym.families.writer._oracle_structure import TableTotalOracle
from cuagym.families.writer._text import _listing

#: Script fragments: real modules (:mod:`cuagym.families.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.writer._fragments"
_TABLE_TOTAL_CHECKS = fragment(_FRAGMENTS, "table_total_checks.py")

__all__ = ["TableTotal"]

_SECTIONS_AROUND = ("Purpose", "Approval")


class TableTotalParams(TaskParams):
    """What a table-total task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    section: str
    rows: int


class TableTotal(WriterFamily):
    id: ClassVar[str] = "table-total"
    params_type: ClassVar[type[TaskParams] | None] = TableTotalParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = TableTotalOracle
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("tables", "table-data", "compute-total")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        title, stem, section, _ = rng.choice(BUDGETS)
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
        items = next(b[3] for b in BUDGETS if b[2] == p["section"])
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
            section_guard() + _TABLE_TOTAL_CHECKS + doc_guards(after="after") + files_guard("path")
        )
