"""calc: LibreOffice Calc spreadsheets (xlsx files under /home/user), a desktop domain.

The domain's SKILL.md (beside this file) documents the file layout, openpyxl and the task
scripts; taxonomy.yaml is Calc's feature tree, and ``_families`` holds the procedural task
families. There is no app to serve: the environment opens the workbook in LibreOffice, and the
scripts read and write the xlsx files with openpyxl.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.domains._registry import Domain
from cuagym.domains.calc._families import FAMILIES

__all__ = ["FAMILIES", "domain"]

domain = Domain(
    id="calc",
    title="LibreOffice Calc",
    platform="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    families=FAMILIES,
)
