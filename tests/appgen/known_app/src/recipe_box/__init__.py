"""A mock web app built on cuagym's web kit (DESIGN.md and SKILL.md beside it say what it is).

Its public surface for task families is this module: the seed and the state schema.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps import AppSpec, Release

from ._app import MockApp
from ._identity import APP_ID, CATEGORY, GENERIC_NAME, PAPER_DOMAIN, TITLE
from ._schema import AppState
from ._seed import build_seed

__all__ = ["AppState", "MockApp", "app", "build_seed"]

app = AppSpec(
    app_id=APP_ID,
    kind="web",
    title=TITLE,
    category=CATEGORY,
    paper_domain=PAPER_DOMAIN,
    release=Release(generic_name=GENERIC_NAME),
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    web_app=MockApp(),
    surface=__name__,
)
