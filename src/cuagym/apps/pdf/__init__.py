"""pdf: PDF annotation and page work in Xournal++, a desktop app.

The app's SKILL.md (beside this file) documents what Xournal++ writes and the task scripts;
taxonomy.yaml is its feature tree; the task families live in :mod:`cuagym.families.pdf`.
The state is the home's files: source PDFs setup renders from data, and the PDFs the user
exports (File > Export as PDF), read back with PyMuPDF.

The surface families use:

- world builders (:mod:`._world`): documents as data (:data:`DocSpec`: pages of positioned
  lines) — reports with one section per client, invoices with a table of lines, invoice
  bundles, papers with appendices;
- script parts, as text to paste (real modules, read below their inline marker):
  :data:`RENDER` (setup: render ``DOCS`` and the companion workbook or memo ``EXTRAS``),
  :data:`REPLAY` (golden: write ``EXPORTS``);
- state readers for rewards: :data:`READ_HOME` (the home before and after, ``changes``) and
  :data:`REWARD_LIBRARY` (pages as words and marks, source pages identified, rows, notes).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.pdf._world import (
    CLIENTS,
    PAGE_H,
    PAGE_W,
    PEOPLE,
    ROW_STEP,
    DocSpec,
    Pager,
    invoice_bundle,
    invoice_doc,
    paper_doc,
    report_doc,
    text_width,
)
from cuagym.scripts import inlined

__all__ = [
    "CLIENTS",
    "PAGE_H",
    "PAGE_W",
    "PEOPLE",
    "READ_HOME",
    "RENDER",
    "REPLAY",
    "REWARD_LIBRARY",
    "ROW_STEP",
    "DocSpec",
    "Pager",
    "app",
    "invoice_bundle",
    "invoice_doc",
    "paper_doc",
    "report_doc",
    "text_width",
]

# Statement modules and the reward library are read as text, never imported (they run on a
# script's constants and import PyMuPDF, which the environment image has).
_HERE = Path(__file__).parent
RENDER = inlined(_HERE / "_render.py")
REPLAY = inlined(_HERE / "_replay.py")
READ_HOME = inlined(_HERE / "_read_home.py")
REWARD_LIBRARY = inlined(_HERE / "_reward_lib.py")

app = AppSpec(
    app_id="pdf",
    title="PDF annotator",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Document collaboration",
    paper_domain="PDF",
    release=Release(generic_name="PDF annotator"),
    launcher="pdf",
    surface="cuagym.apps.pdf",
)
