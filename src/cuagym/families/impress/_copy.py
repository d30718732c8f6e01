"""Families on copies of slides: a slide duplicated and retitled."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import Field

from cuagym.apps.impress import POOL, deck_spec, pick_deck, slide_list
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import quote
from cuagym.families._office_impress import (
    DeckParams,
    ImpressFamily,
    deck_context,
    deck_guards,
    deck_params,
    plan_of,
)
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families.impress._oracle import DuplicateSlideOracle

__all__ = ["DuplicateSlide"]

_SUFFIXES = ("(continued)", "(backup)", "(for Q&A)", "(detail)")


def _frames(deck: str, slide: str, copy: str) -> list[str]:
    """Sentence frames: each names the deck, the slide, that its copy comes right after it
    with the same bullet points, and the copy's title."""
    return [
        f"Duplicate the slide {slide} in {deck}: the copy goes right after it, keeps the same "
        f"bullet points and is titled {copy}.",
        f"{deck} needs a second copy of {slide} directly behind the original, with identical "
        f"bullet points but the title {copy}.",
        f"Make a copy of the {slide} slide of {deck}, place it immediately after that slide "
        f"and rename the copy's title to {copy}; its points stay the same.",
        f"Right after {slide} in {deck}, add a duplicate of that slide carrying the title "
        f"{copy} and the very same bullets.",
        f"Copy {slide} in {deck} so that the next slide is a twin of it titled {copy}; the "
        "original and every other slide stay as they are.",
    ]


class DuplicateSlideParams(DeckParams):
    """What a duplicate-slide task states (its ``params``)."""

    target: str
    copy_title: str = Field(alias="copy")  # "copy" would shadow BaseModel.copy


class DuplicateSlide(ImpressFamily):
    id: ClassVar[str] = "duplicate-slide"
    params_type: ClassVar[type[TaskParams] | None] = DuplicateSlideParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = DuplicateSlideOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("slides", "manage", "duplicate-slide")
    # the copy's title is typed over in its title placeholder
    also_covers: ClassVar[tuple[str, ...]] = ("impress:text/editing/edit-placeholder",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(4, 6))
        target = rng.choice([t for t in plan.slides[1:-1] if t in POOL])
        copy = f"{target} {rng.choice(_SUFFIXES)}"
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, quote(target), quote(copy))),
            deck_context(plan) + f" The slide {quote(target)} has bullet points only.",
            **deck_params(plan),
            target=target,
            copy=copy,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        slides = slide_list(rng, plan_of(p))
        slides[p["slides"].index(p["target"])].pop("notes", None)
        return [deck_spec(plan_of(p), slides)]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
original = find_slide(deck, P["target"])
points = [x.text for x in original.placeholders[1].text_frame.paragraphs]
copy = deck.slides.add_slide(original.slide_layout)
copy.shapes.title.text = P["copy"]
fill(copy.placeholders[1].text_frame, points)
move_slide(deck, copy, index_of(deck, original) + 1)
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return """
found = titles(deck)
wanted = [norm(t) for t in P["slides"]]
at = wanted.index(norm(P["target"])) + 1
expected = wanted[:at] + [norm(P["copy"])] + wanted[at:]
copies = slides_titled(deck, P["copy"])
originals = slides_titled(first, P["target"])
named = [squash(s.shapes.title.text_frame.text) for s in copies]
points = exact_lines(copies[0]) if len(copies) == 1 else []
source = exact_lines(originals[0]) if len(originals) == 1 else ["?"]
checks.append(("others_kept", 0, [t for t in found if t != norm(P["copy"])] == wanted,
               f"slides: {found}"))
checks.append(("copy_added", 1, named == [P["copy"]], f"copies titled exactly: {named}"))
checks.append(("position", 2, found == expected, f"slides: {found}"))
checks.append(("points_copied", 2, bool(points) and points == source,
               f"points: {points}, original: {source}"))
# Every slide but the copy (the original included) is as setup wrote it.
others = [v for s, v in zip(deck.slides, slide_views(deck)) if title_of(s) != norm(P["copy"])]
""" + deck_guards(after="others")
