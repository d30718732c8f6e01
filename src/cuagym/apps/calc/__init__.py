"""calc: LibreOffice Calc spreadsheets (xlsx files under /home/user), a desktop app.

The app's SKILL.md (beside this file) documents the file layout, openpyxl and the task
scripts; taxonomy.yaml is Calc's feature tree; the task families live in
:mod:`cuagym.families.calc`. There is no app to serve: the environment opens the workbook in
LibreOffice, and the scripts read and write the xlsx files with openpyxl.

The surface families use:

- world builders: realistic companies, regions, products and tables (rows with a header) of
  sales, budgets, invoices, tasks, prices, orders and contacts (:mod:`._world`);
- state readers for rewards, as text to paste: :data:`READ_WORKBOOK` (the read block: ``wb``,
  ``vals``, ``start``, ``before``, ``after``) and :data:`REWARD_LIBRARY` (what a cell shows,
  with a formula evaluator; numbers and texts compared as a spreadsheet shows them).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.calc._world import (
    COMPANIES,
    PRODUCTS,
    REGIONS,
    TASKS,
    Table,
    budget_table,
    contact_table,
    invoice_table,
    month_sheet,
    order_lines,
    price_list,
    region_summary,
    sales_table,
    slug,
    task_table,
)
from cuagym.scripts import inlined

__all__ = [
    "COMPANIES",
    "PRODUCTS",
    "READ_WORKBOOK",
    "REGIONS",
    "REWARD_LIBRARY",
    "TASKS",
    "Table",
    "app",
    "budget_table",
    "contact_table",
    "invoice_table",
    "month_sheet",
    "order_lines",
    "price_list",
    "region_summary",
    "sales_table",
    "slug",
    "task_table",
]

# Read as text, never imported: the read block runs on a reward's ``P``; the library stays out
# of the host's import graph.
READ_WORKBOOK = inlined(Path(__file__).with_name("_read_workbook.py"))
REWARD_LIBRARY = inlined(Path(__file__).with_name("_reward_lib.py"))

app = AppSpec(
    app_id="calc",
    title="LibreOffice Calc",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Office productivity",
    paper_domain="Spreadsheet",
    release=Release(generic_name="Spreadsheet"),
    launcher="calc",
    surface="cuagym.apps.calc",
)
