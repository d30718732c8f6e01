"""impress: LibreOffice Impress presentations (.pptx), state read and written with python-pptx.

SKILL.md (beside this file) documents the file layout, the script templates and the bitter
lessons; taxonomy.yaml is Impress's feature tree; ``_families`` holds the procedural task
families. The script frame is shared with the writer domain (``cuagym.families._office``).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release

__all__ = ["app"]

app = AppSpec(
    app_id="impress",
    title="LibreOffice Impress",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Office productivity",
    paper_domain="Presentation",
    release=Release(generic_name="Presentations"),
    launcher="impress",
    surface="cuagym.apps.impress",
)
