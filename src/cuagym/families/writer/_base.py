"""What every writer family shares: the docx (and, for cross-app tasks, xlsx) vocabularies."""

from __future__ import annotations

from typing import Any, ClassVar

from cuagym.core import Policy, TaskConfig
from cuagym.families._office import OfficeFamily
from cuagym.families.writer._docx import (
    DOCX_BUILDER,
    PATCH_HELPERS,
    PATCH_IMPORTS,
    REWARD_HELPERS,
    REWARD_IMPORTS,
)

__all__ = ["XLSX_BUILDER", "WriterFamily", "doc_guards", "files_guard", "section_guard"]

# Cells are written as given; columns named in ``date_columns`` hold ISO dates turned into real
# dates (openpyxl stores them as date serials with a number format, as Calc would).
XLSX_BUILDER = """
import datetime

from openpyxl import Workbook
from openpyxl.styles import Font


def build_xlsx(spec):
    book = Workbook()
    book.remove(book.active)
    for sheet in spec["sheets"]:
        ws = book.create_sheet(sheet["name"])
        dates = set(sheet.get("date_columns", []))
        for r, row in enumerate(sheet["rows"]):
            values = [datetime.date.fromisoformat(v) if r and c in dates else v
                      for c, v in enumerate(row)]
            ws.append(values)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for c in dates:
            for row in ws.iter_rows(min_row=2, min_col=c + 1, max_col=c + 1):
                row[0].number_format = "yyyy-mm-dd"
        for c, width in enumerate(sheet.get("widths", [])):
            ws.column_dimensions[chr(ord("A") + c)].width = width
    book.save(spec["path"])
"""

#: A guard most writer rewards carry: the document's level-1 headings are still the ones the
#: context lists, in order (an agent that rewrote or dropped sections gets nothing).
SECTION_GUARD = """
h1 = [text for level, text in headings(doc) if level == 1]
checks.append(("sections_kept", 0, h1 == [norm(s) for s in P["sections"]], f"headings: {h1}"))
"""


def section_guard() -> str:
    return SECTION_GUARD


def files_guard(*targets: str) -> str:
    """The whole-home guard: no file but ``targets`` (param names of paths) added, removed or
    changed (an office file saved without edits is unchanged)."""
    allowed = ", ".join(f'home_relative(P["{t}"])' for t in targets)
    return f"""
strays = home_strays([{allowed}])
checks.append(("no_other_files", 0, not strays, "other files changed: " + listing(strays)))
"""


def doc_guards(after: str = "body_view(doc)", loose: str = "{}", page_free: str = "()") -> str:
    """The whole-document guards, as reward statements: the body (``after``: an expression of
    the final body view, e.g. with the task's new blocks taken out) equals the initial one but
    for ``loose`` (initial paragraph text -> fields that may change, see ``loosened``), and the
    page setup, headers, footers and page breaks are the initial ones but for the page_view
    keys starting with one of ``page_free``."""
    return f"""
body_diff = body_changes(body_view(first), {after}, {loose})
checks.append(("nothing_else_changed", 0, not body_diff, "also changed: " + listing(body_diff)))
page_diff = page_changes(page_view(initial_path(P["path"])), page_view(P["path"]), {page_free})
checks.append(("page_kept", 0, not page_diff, "page setup changed: " + listing(page_diff)))
"""


class WriterFamily(OfficeFamily):
    """A writer task family on one .docx at ``params["path"]`` (override to read more)."""

    domain: ClassVar[str] = "writer"
    builders: ClassVar[dict[str, str]] = {"docx": DOCX_BUILDER, "xlsx": XLSX_BUILDER}
    patch_imports: ClassVar[str] = PATCH_IMPORTS
    patch_helpers: ClassVar[str] = PATCH_HELPERS
    reward_imports: ClassVar[str] = REWARD_IMPORTS
    reward_helpers: ClassVar[str] = REWARD_HELPERS

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (:mod:`cuagym.families.writer._oracle`)."""
        from cuagym.families.writer._oracle import ORACLES

        made = ORACLES.get(self.id)
        return made(task) if made is not None else None

    def reward_read(self, p: dict[str, Any]) -> str:
        """The document as it is, and as setup wrote it (the initial home)."""
        return 'doc = Document(P["path"])\nfirst = Document(initial_path(P["path"]))'
