"""calc: LibreOffice Calc spreadsheets (xlsx files under /home/user), a desktop domain.

The app's SKILL.md (beside this file) documents the file layout, openpyxl and the task
scripts; taxonomy.yaml is Calc's feature tree, and ``_families`` holds the procedural task
families. There is no app to serve: the environment opens the workbook in LibreOffice, and the
scripts read and write the xlsx files with openpyxl.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release

__all__ = ["app"]

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
