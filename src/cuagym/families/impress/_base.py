"""What every impress family shares: the pptx vocabularies and the deck in the params."""

from __future__ import annotations

from typing import Any, ClassVar

from cuagym.apps.impress._world import DeckPlan
from cuagym.core import Policy, TaskConfig
from cuagym.families._office import OfficeFamily, quote
from cuagym.families.impress._pptx import (
    PATCH_HELPERS,
    PATCH_IMPORTS,
    PPTX_BUILDER,
    REWARD_HELPERS,
    REWARD_IMPORTS,
)

__all__ = [
    "TITLES_GUARD",
    "ImpressFamily",
    "deck_context",
    "deck_guards",
    "deck_params",
    "plan_of",
]

#: The guard of rewards whose task keeps the slide list: same titles, same order.
TITLES_GUARD = """
found = titles(deck)
checks.append(("slides_kept", 0, found == [norm(t) for t in P["slides"]], f"slides: {found}"))
"""


def deck_guards(before: str = "slide_views(first)", after: str = "slide_views(deck)") -> str:
    """The whole-deck guards, as reward statements: the slides ``after`` (an expression, e.g.
    the final views with the task's target taken out or loosened) equal ``before`` (the initial
    ones, likewise), and no file but the deck changed."""
    return f"""
deck_diff = slide_changes({before}, {after})
checks.append(("nothing_else_changed", 0, not deck_diff, "also changed: " + listing(deck_diff)))
strays = home_strays([home_relative(P["path"])])
checks.append(("no_other_files", 0, not strays, "other files changed: " + listing(strays)))
"""


def plan_of(p: dict[str, Any]) -> DeckPlan:
    return DeckPlan(
        title=p["title"], path=p["path"], company=p["company"], slides=tuple(p["slides"])
    )


def deck_context(plan: DeckPlan) -> str:
    """The context sentence every impress task starts from: the deck and its slide titles."""
    listed = ", ".join(f"{i}. {quote(t)}" for i, t in enumerate(plan.slides, 1))
    return (
        f"{plan.path} is the deck {quote(plan.title)} for {plan.company}, with "
        f"{len(plan.slides)} slides titled, in order: {listed}."
    )


def deck_params(plan: DeckPlan) -> dict[str, Any]:
    return {
        "path": plan.path,
        "title": plan.title,
        "company": plan.company,
        "slides": list(plan.slides),
    }


class ImpressFamily(OfficeFamily):
    """An impress task family on one .pptx at ``params["path"]``."""

    domain: ClassVar[str] = "impress"
    builders: ClassVar[dict[str, str]] = {"pptx": PPTX_BUILDER}
    patch_imports: ClassVar[str] = PATCH_IMPORTS
    patch_helpers: ClassVar[str] = PATCH_HELPERS
    reward_imports: ClassVar[str] = REWARD_IMPORTS
    reward_helpers: ClassVar[str] = REWARD_HELPERS

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (:mod:`cuagym.families.impress._oracle`)."""
        from cuagym.families.impress._oracle import ORACLES

        made = ORACLES.get(self.id)
        return made(task) if made is not None else None

    def reward_read(self, p: dict[str, Any]) -> str:
        """The deck as it is, and as setup wrote it (the initial home)."""
        return 'deck = Presentation(P["path"])\nfirst = Presentation(initial_path(P["path"]))'
