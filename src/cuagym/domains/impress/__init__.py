"""impress: LibreOffice Impress presentations (.pptx), state read and written with python-pptx.

SKILL.md (beside this file) documents the file layout, the script templates and the bitter
lessons; taxonomy.yaml is Impress's feature tree; ``_families`` holds the procedural task
families. The script frame is shared with the writer domain (``cuagym.domains._office``).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.domains._registry import Domain
from cuagym.domains.impress._families import FAMILIES

__all__ = ["FAMILIES", "domain"]

domain = Domain(
    id="impress",
    title="LibreOffice Impress",
    platform="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    families=FAMILIES,
)
