"""impress: LibreOffice Impress presentations (.pptx), state read and written with python-pptx.

SKILL.md (beside this file) documents the file layout, the script templates and the bitter
lessons; taxonomy.yaml is Impress's feature tree. The public surface families use:

- world builders: the deck world (:mod:`._world`: decks, slide pools, specs) and
  ``PPTX_BUILDER``, the setup script's renderer of a spec;
- the golden patch's vocabulary: ``PATCH_IMPORTS``, ``PATCH_HELPERS``;
- state readers for rewards: ``REWARD_IMPORTS``, ``REWARD_HELPERS`` (slides by title, bodies,
  tables, the whole-deck guards).
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.impress._scripts import (
    PATCH_HELPERS,
    PATCH_IMPORTS,
    PPTX_BUILDER,
    REWARD_HELPERS,
    REWARD_IMPORTS,
)
from cuagym.apps.impress._ui import (
    CLOSE_FROM_BOX,
    CUSTOM_COLOR,
    FIND_FIELD,
    FONT_COLOR_LIST,
    FONT_EFFECTS_TAB,
    HEX_FIELD,
    IMPRESS_POPUP,
    REPLACE_ALL_BUTTON,
    REPLACE_FIELD,
    SLIDE_MENU,
)
from cuagym.apps.impress._world import (
    POOL,
    DeckPlan,
    deck_spec,
    pick_deck,
    slide_list,
)

__all__ = [
    "CLOSE_FROM_BOX",
    "CUSTOM_COLOR",
    "FIND_FIELD",
    "FONT_COLOR_LIST",
    "FONT_EFFECTS_TAB",
    "HEX_FIELD",
    "IMPRESS_POPUP",
    "PATCH_HELPERS",
    "PATCH_IMPORTS",
    "POOL",
    "PPTX_BUILDER",
    "REPLACE_ALL_BUTTON",
    "REPLACE_FIELD",
    "REWARD_HELPERS",
    "REWARD_IMPORTS",
    "SLIDE_MENU",
    "DeckPlan",
    "app",
    "deck_spec",
    "pick_deck",
    "slide_list",
]

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
