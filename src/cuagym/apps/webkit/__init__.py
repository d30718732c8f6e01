"""The web kit (DESIGN.md §11): what the mock web apps share, in one place.

- ``NEUTRAL_PALETTE``: the twelve neutral accent colours a mock's theme picks from;
- :class:`ModelWebApp`: the hub-facing app (invariants on the validated state model, UI routes
  loaded on demand);
- :class:`Screens` and :func:`render_screen`: the page frame, error pages and the
  mutate-then-redirect of every form post (a toast after it, :class:`FormInvalid` for inline
  field errors), bound by each app to its own shell;
- :class:`Theme`: an app's look (a palette accent, top or side navigation, density, radius);
  the components themselves are templates (``kit/shell.html``, ``kit/ui.html``,
  ``kit/lists.html``) with ``static/kit.css`` and ``kit.js`` (see README.md);
- public submodules ``tables`` (sort, filter and paginate rows from query params) and
  ``calendar`` (month and week grids);
- ``load``, ``field``, ``fields``, ``safe_next``, :func:`save_uploads`, ``State``: the form and
  session helpers the apps' routes use;
- :class:`StateModel`, ``Id``, ``Timestamp``, ``HexColor``, ``Name80``, :func:`diff_path`,
  :func:`parse_ts`: the building blocks of a state schema and its invariants.
"""

from __future__ import annotations

from cuagym.apps.webkit._app import KIT_TEMPLATES, ModelWebApp
from cuagym.apps.webkit._palette import NEUTRAL_PALETTE, is_palette_colour
from cuagym.apps.webkit._screens import (
    FormInvalid,
    Screens,
    State,
    field,
    fields,
    flash_redirect,
    load,
    rejected,
    render_screen,
    save_uploads,
)
from cuagym.apps.webkit._state import (
    HexColor,
    Id,
    Name80,
    StateModel,
    Timestamp,
    diff_path,
    parse_ts,
)
from cuagym.apps.webkit.theme import Theme
from cuagym.hub import safe_next

__all__ = [
    "KIT_TEMPLATES",
    "NEUTRAL_PALETTE",
    "FormInvalid",
    "HexColor",
    "Id",
    "ModelWebApp",
    "Name80",
    "Screens",
    "State",
    "StateModel",
    "Theme",
    "Timestamp",
    "diff_path",
    "field",
    "fields",
    "flash_redirect",
    "is_palette_colour",
    "load",
    "parse_ts",
    "rejected",
    "render_screen",
    "safe_next",
    "save_uploads",
]
