"""The release disclosure of every mock web app a corpus uses (spec: 상표와 트레이드 드레스 준수).

The paper publishes, with its dataset card, a document naming for each mock its public
identifier, function category, the compliance measures applied and its terms review. Here each
web app declares that itself (``WebApp.release``); this module collects the declarations of
the apps a corpus uses. An app a corpus uses that is neither an installed desktop domain nor
an installed web app, or a web app without a declaration, is listed as undeclared, so a card
never implies a review that did not happen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cuagym.analysis._corpus import TupleInfo

if TYPE_CHECKING:
    from cuagym.hub import ComplianceMeasure, ReleaseDisclosure

__all__ = ["MEASURE_TEXT", "AppDisclosure", "web_app_disclosures"]

#: How the card names each measure.
MEASURE_TEXT: dict[ComplianceMeasure, str] = {
    "generic_name": "generic name",
    "no_brand_assets": "no brand assets",
    "neutral_palette": "neutral palette",
    "original_ui_copy": "original UI copy",
}

#: Desktop programs a task may name besides the desktop domains: real software, not mocks.
_DESKTOP_PROGRAMS = frozenset({"chromium", "terminal"})


@dataclass(frozen=True)
class AppDisclosure:
    """One web app a corpus uses: its public id, its declaration (None: undeclared), usage."""

    app_id: str
    title: str | None
    release: ReleaseDisclosure | None
    tuples: int
    installed: bool


def web_app_disclosures(tuples: Sequence[TupleInfo]) -> list[AppDisclosure]:
    """The disclosure rows of every mock web app (or unknown app) ``tuples`` use, by id."""
    from cuagym.domains import load_domains  # the plugins load the web apps: only when needed

    used = Counter(app for t in tuples for app in set(t.apps))
    domains = load_domains()
    web = {d.web_app.app_id: d.web_app for d in domains.values() if d.web_app is not None}
    desktop = {d.id for d in domains.values() if d.platform == "desktop"} | _DESKTOP_PROGRAMS
    rows = []
    for app_id, n in sorted(used.items()):
        if app_id in desktop:
            continue
        app = web.get(app_id)
        rows.append(
            AppDisclosure(
                app_id=app_id,
                title=app.title if app else None,
                release=app.release if app else None,
                tuples=n,
                installed=app is not None,
            )
        )
    return rows
