"""Families on what a slide show includes: hidden slides."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.impress import deck_spec, pick_deck, slide_list
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import quote
from cuagym.families._office_impress import (
    TITLES_GUARD,
    DeckParams,
    ImpressFamily,
    deck_context,
    deck_guards,
    deck_params,
    plan_of,
)
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families.impress._oracle import HideSlidesOracle

__all__ = ["HideSlides"]


def _frames(deck: str, one: str, two: str) -> list[str]:
    """Sentence frames: each names the deck and the two slides, says they are hidden (kept
    in the deck, skipped by the show) and that every other slide stays shown."""
    return [
        f"Hide the slides {one} and {two} in {deck} so that the slide show skips them; they "
        "stay in the deck, and every other slide is still shown.",
        f"{one} and {two} are backup material: keep them in {deck} but make them hidden "
        "slides, leaving all the other slides visible in the show.",
        f"When {deck} is presented, the slides {one} and {two} must not appear, yet they "
        "should not be deleted. Nothing else about the deck changes.",
        f"Set {one} and {two} in {deck} to be hidden from the slide show (not removed); no "
        "other slide is hidden.",
        f"I want to skip {one} and {two} during the presentation of {deck}: hide those two "
        "slides without deleting them and keep the rest of the deck showing.",
    ]


class HideSlidesParams(DeckParams):
    """What a hide-slides task states (its ``params``)."""

    targets: list[str]


class HideSlides(ImpressFamily):
    id: ClassVar[str] = "hide-slides"
    params_type: ClassVar[type[TaskParams] | None] = HideSlidesParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = HideSlidesOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("slides", "visibility", "hide-slide")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 7))
        one, two = sorted(rng.sample(plan.slides[1:-1], 2), key=plan.slides.index)
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, quote(one), quote(two))),
            deck_context(plan) + " Every slide is shown in the slide show; none is hidden.",
            **deck_params(plan),
            targets=[one, two],
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return [deck_spec(plan_of(p), slide_list(rng, plan_of(p)))]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
for title in P["targets"]:
    find_slide(deck, title)._element.set("show", "0")  # <p:sld show="0">: a hidden slide
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            TITLES_GUARD
            + """
# A slide is hidden when its <p:sld> says show="0" (or "false"); shown by default.
hidden = [title_of(s) for s in deck.slides if s._element.get("show") in ("0", "false")]
wanted = [norm(t) for t in P["targets"]]
checks.append(("some_hidden", 1, any(t in hidden for t in wanted), f"hidden: {hidden}"))
checks.append(("targets_hidden", 2, all(t in hidden for t in wanted), f"hidden: {hidden}"))
checks.append(("others_shown", 2, bool(hidden) and set(hidden) <= set(wanted),
               f"hidden: {hidden}, expected only {wanted}"))
# Every slide's content is as setup wrote it (hiding does not edit a slide).
"""
            + deck_guards()
        )
