"""writer: LibreOffice Writer documents (.docx), state read and written with python-docx.

SKILL.md (beside this file) documents the file layout, the script templates and the bitter
lessons; taxonomy.yaml is Writer's feature tree; ``_families`` holds the procedural task
families, including the cross-application ones whose product is (or starts from) a document.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release

__all__ = ["app"]

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
