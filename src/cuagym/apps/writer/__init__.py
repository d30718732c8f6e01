"""writer: LibreOffice Writer documents (.docx), state read and written with python-docx.

SKILL.md (beside this file) documents the file layout, the script templates and the bitter
lessons; taxonomy.yaml is Writer's feature tree. The public surface families use:

- world builders: the document world (:mod:`._world`: plans, specs, filler) and ``DOCX_BUILDER``,
  the setup script's renderer of a spec;
- the golden patch's vocabulary: ``PATCH_IMPORTS``, ``PATCH_HELPERS``;
- state readers for rewards: ``REWARD_IMPORTS``, ``REWARD_HELPERS`` (effective formatting,
  sections, the whole-document guards).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.writer._scripts import (
    DOCX_BUILDER,
    PATCH_HELPERS,
    PATCH_IMPORTS,
    REWARD_HELPERS,
    REWARD_IMPORTS,
)
from cuagym.apps.writer._ui import (
    BELOW_FIELD,
    COMMAND_POPUP,
    MENU_POPUP,
    PAGE_TAB_ORDER,
    PAGE_TABS,
    SAVE_FILE_TYPE,
    SPACING_LIST,
    WRITER_FIND,
)
from cuagym.apps.writer._world import (
    BUDGETS,
    COMPANIES,
    MONTHS,
    PEOPLE,
    SECTIONS,
    DocPlan,
    body_blocks,
    doc_spec,
    filler,
    heading_block,
    para,
    pick_plan,
)

__all__ = [
    "BELOW_FIELD",
    "BUDGETS",
    "COMMAND_POPUP",
    "COMPANIES",
    "DOCX_BUILDER",
    "MENU_POPUP",
    "MONTHS",
    "PAGE_TABS",
    "PAGE_TAB_ORDER",
    "PATCH_HELPERS",
    "PATCH_IMPORTS",
    "PEOPLE",
    "REWARD_HELPERS",
    "REWARD_IMPORTS",
    "SAVE_FILE_TYPE",
    "SECTIONS",
    "SPACING_LIST",
    "WRITER_FIND",
    "DocPlan",
    "app",
    "body_blocks",
    "doc_spec",
    "filler",
    "heading_block",
    "para",
    "pick_plan",
]

app = AppSpec(
    app_id="writer",
    title="LibreOffice Writer",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Office productivity",
    paper_domain="Document Editing",
    release=Release(generic_name="Word processor"),
    launcher="writer",
    surface="cuagym.apps.writer",
)
