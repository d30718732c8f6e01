"""Who the app is. ``cuagym appgen build`` rewrites each constant from the plan when it copies
the scaffold (one ``NAME = value`` line each: keep them so)."""

from __future__ import annotations

from typing import Literal

from cuagym.apps import AppCategory, PaperDomain

__all__ = [
    "ACCENT",
    "APP_ID",
    "CATEGORY",
    "DENSITY",
    "GENERIC_NAME",
    "NAV",
    "PAPER_DOMAIN",
    "TERMS_REVIEW",
    "TITLE",
]

APP_ID = "recipe-box"
TITLE = "Recipe Box"
GENERIC_NAME = "Recipe Box"
CATEGORY: AppCategory = "Media"
PAPER_DOMAIN: PaperDomain = "Media"
ACCENT = "sage"
NAV: Literal["top", "side"] = "top"
DENSITY: Literal["comfortable", "compact"] = "comfortable"
# finance, health or government: the release needs a person's review of the terms
TERMS_REVIEW = False
