"""files: the desktop file manager over the /home/user tree, a desktop domain.

The app's SKILL.md (beside this file) documents the folder layout and the task scripts;
taxonomy.yaml is the file manager's feature tree, and ``_families`` holds the procedural task
families. There is no app state beyond the files themselves: scripts build and inspect the
tree with the standard library (and Pillow / python-docx / openpyxl for realistic contents).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release

__all__ = ["app"]

app = AppSpec(
    app_id="files",
    title="File manager",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="System / OS",
    paper_domain="System & OS",
    release=Release(generic_name="File manager"),
    launcher="files",
    surface="cuagym.apps.files",
)
