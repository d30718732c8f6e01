"""notes: a tiny web app (a list of notes one can pin), the walkthrough's example app.

Its public surface for task families is this module: the seed and the state operations.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps import AppSpec, Release
from tests.house.example.apps.notes._app import NotesApp
from tests.house.example.apps.notes._ops import ActionError, add_tag, rename_note, set_pinned
from tests.house.example.apps.notes._seed import build_seed

__all__ = ["ActionError", "NotesApp", "add_tag", "app", "build_seed", "rename_note", "set_pinned"]

app = AppSpec(
    app_id="notes",
    kind="web",
    title="Notes",
    category="Document collaboration",
    paper_domain="Cloud & Productivity",
    release=Release(generic_name="Notes"),
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    web_app=NotesApp(),
    surface=__name__,
)
