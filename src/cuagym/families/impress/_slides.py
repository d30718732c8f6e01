"""Families on the slide list: delete, reorder, add a slide, add an agenda (summary) slide."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.impress import POOL, DeckPlan, deck_spec, pick_deck, slide_list
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
from cuagym.families.impress._oracle import (
    AddBulletSlideOracle,
    AgendaSlideOracle,
    DeleteSlideOracle,
    ReorderSlidesOracle,
)

__all__ = ["AddBulletSlide", "AgendaSlide", "DeleteSlide", "ReorderSlides"]


def _listing(items: list[str] | tuple[str, ...]) -> str:
    quoted = [quote(i) for i in items]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


class DeleteSlideParams(DeckParams):
    """What a delete-slide task states (its ``params``)."""

    target: str


class DeleteSlide(ImpressFamily):
    id: ClassVar[str] = "delete-slide"
    params_type: ClassVar[type[TaskParams] | None] = DeleteSlideParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = DeleteSlideOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("slides", "manage", "delete-slide")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        base = pick_deck(rng, rng.randint(5, 7))
        keep = rng.choice([t for t in base.slides[1:-1] if t in POOL])
        target = f"{keep} (old draft)"
        slides = list(base.slides)
        slides.insert(slides.index(keep) + rng.choice([1, 2]), target)  # a look-alike near it
        plan = DeckPlan(base.title, base.path, base.company, tuple(slides))
        deck, slide = plan.file, quote(target)
        frames = [
            f"Delete the slide {slide} from {deck}; keep every other slide as it is.",
            f"The slide {slide} in {deck} is obsolete: remove it and leave all the other "
            "slides untouched.",
            f"Take {slide} out of {deck}. The remaining slides stay exactly as they are.",
            f"{deck} should no longer contain the slide {slide}; nothing else about the deck "
            "changes.",
            f"Get rid of the {slide} slide in {deck} without changing any of the other slides.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan),
            **deck_params(plan),
            target=target,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        slides = slide_list(
            rng, plan_of({**p, "slides": [s for s in p["slides"] if s != p["target"]]})
        )
        keep = p["target"].removesuffix(" (old draft)")
        draft = {"layout": 1, "title": p["target"], "bullets": [*POOL[keep][:2], "TBD"]}
        slides.insert(p["slides"].index(p["target"]), draft)
        return [deck_spec(plan_of(p), slides)]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
delete_slide(deck, find_slide(deck, P["target"]))
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return """
found = titles(deck)
rest = [norm(t) for t in P["slides"] if t != P["target"]]
checks.append(("others_kept", 0, [t for t in found if t != norm(P["target"])] == rest,
               f"slides: {found}"))
checks.append(("target_gone", 2, norm(P["target"]) not in found, f"slides: {found}"))
checks.append(("slide_count", 1, len(found) == len(rest), f"{len(found)} slides"))
# Every other slide (shapes, text, formatting, notes) is as setup wrote it.
at = P["slides"].index(P["target"])
kept = [v for i, v in enumerate(slide_views(first)) if i != at]
left = [v for s, v in zip(deck.slides, slide_views(deck)) if title_of(s) != norm(P["target"])]
""" + deck_guards("kept", "left")


class ReorderSlidesParams(DeckParams):
    """What a reorder-slides task states (its ``params``)."""

    first: str
    last: str


class ReorderSlides(ImpressFamily):
    id: ClassVar[str] = "reorder-slides"
    params_type: ClassVar[type[TaskParams] | None] = ReorderSlidesParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = ReorderSlidesOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("slides", "manage", "move-slide")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 7))
        first = rng.choice(plan.slides[2:-1])  # not already second, not the closer
        last = rng.choice([t for t in plan.slides[1:-1] if t != first])
        deck, up, end = plan.file, quote(first), quote(last)
        frames = [
            f"Reorder {deck} so that {up} is the second slide (right after the title slide) "
            f"and {end} is the last slide. Keep all other slides in their current order.",
            f"Move {up} up to be the second slide of {deck}, directly after the title slide, "
            f"and send {end} to the very end; the other slides keep their relative order.",
            f"In {deck}, the slide {up} should come second, right behind the title slide, and "
            f"{end} should close the deck, with every other slide left in its present order.",
            f"Change the slide order of {deck}: {up} goes immediately after the title slide "
            f"and {end} becomes the final slide. Don't reorder anything else.",
            f"{deck} should open with the title slide followed by {up}, and end with {end}; "
            "the remaining slides stay in the sequence they are in now.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan),
            **deck_params(plan),
            first=first,
            last=last,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return [deck_spec(plan_of(p), slide_list(rng, plan_of(p)))]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
move_slide(deck, find_slide(deck, P["first"]), 1)
move_slide(deck, find_slide(deck, P["last"]), len(deck.slides) - 1)
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return """
found = titles(deck)
wanted = [norm(t) for t in P["slides"]]
middle = [t for t in wanted[1:] if t not in (norm(P["first"]), norm(P["last"]))]
expected = [wanted[0], norm(P["first"]), *middle, norm(P["last"])]
checks.append(("same_slides", 0, sorted(found) == sorted(wanted), f"slides: {found}"))
checks.append(("first_moved", 1, found[1:2] == [norm(P["first"])], f"second slide: {found[1:2]}"))
checks.append(("last_moved", 1, found[-1:] == [norm(P["last"])], f"last slide: {found[-1:]}"))
checks.append(("exact_order", 2, found == expected, f"expected: {expected}"))
# Each slide, found by its title, is as setup wrote it (moved, not edited or rebuilt).
before = [v for _, v in sorted(by_title(first).items())]
after = [v for _, v in sorted(by_title(deck).items())]
""" + deck_guards("before", "after")


# (title, three bullet points) of slides an agent is asked to add; none is in the pool.
_NEW_SLIDES: tuple[tuple[str, tuple[str, str, str]], ...] = (
    ("Support Hours", ("Weekdays 8:00-20:00 CET", "Saturday 9:00-13:00", "Urgent line: 24/7")),
    (
        "Office Locations",
        ("Oslo headquarters", "Rotterdam distribution hub", "Remote team in Lisbon"),
    ),
    (
        "Training Schedule",
        (
            "Basics: first week of the month",
            "Advanced: every other Thursday",
            "Refresher: on request",
        ),
    ),
    (
        "Partner Programme",
        ("Referral fee of 10%", "Joint marketing budget", "Quarterly partner call"),
    ),
    (
        "Security Highlights",
        ("SOC 2 report renewed", "Single sign-on for all staff", "Quarterly phishing drills"),
    ),
)


class AddBulletSlideParams(DeckParams):
    """What a add-bullet-slide task states (its ``params``)."""

    after: str
    new: str
    bullets: list[str]


class AddBulletSlide(ImpressFamily):
    id: ClassVar[str] = "add-bullet-slide"
    params_type: ClassVar[type[TaskParams] | None] = AddBulletSlideParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = AddBulletSlideOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("slides", "manage", "new-slide")
    # the title and the points are typed into the new slide's placeholders
    also_covers: ClassVar[tuple[str, ...]] = ("impress:text/editing/edit-placeholder",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 7))
        after = rng.choice(plan.slides[1:-1])
        new, bullets = rng.choice(_NEW_SLIDES)
        deck, prev, name, points = plan.file, quote(after), quote(new), _listing(bullets)
        frames = [
            f"Add a new slide right after {prev} in {deck}, titled {name}, with the bullet "
            f"points {points}.",
            f"{deck} needs a slide titled {name} directly following {prev}; its bullet points "
            f"are {points}.",
            f"Insert {name} as a new slide just after {prev} in {deck}, listing {points} as its "
            "bullet points.",
            f"Right behind the {prev} slide of {deck}, there should be a new slide called "
            f"{name} whose bullets read {points}.",
            f"Create a slide {name} in {deck} with the points {points}, placed immediately "
            f"after the slide {prev}.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan),
            **deck_params(plan),
            after=after,
            new=new,
            bullets=list(bullets),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return [deck_spec(plan_of(p), slide_list(rng, plan_of(p)))]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
at = index_of(deck, find_slide(deck, P["after"])) + 1
slide = deck.slides.add_slide(deck.slide_layouts[1])  # "Title and Content"
slide.shapes.title.text = P["new"]
fill(slide.placeholders[1].text_frame, P["bullets"])
move_slide(deck, slide, at)
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return """
found = titles(deck)
wanted = [norm(t) for t in P["slides"]]
at = wanted.index(norm(P["after"])) + 1
expected = wanted[:at] + [norm(P["new"])] + wanted[at:]
added = slides_titled(deck, P["new"])
got = exact_lines(added[0]) if len(added) == 1 else []
checks.append(("others_kept", 0, [t for t in found if t != norm(P["new"])] == wanted,
               f"slides: {found}"))
named = [squash(s.shapes.title.text_frame.text) for s in added]
checks.append(("slide_added", 1, named == [squash(P["new"])],
               f"{len(added)} slides titled {P['new']}, exactly: {named}"))
checks.append(("position", 2, found == expected, f"slides: {found}"))
checks.append(("bullets", 2, got == [squash(b) for b in P["bullets"]], f"bullets: {got}"))
# Every slide but the new one is as setup wrote it.
others = [v for s, v in zip(deck.slides, slide_views(deck)) if title_of(s) != norm(P["new"])]
""" + deck_guards(after="others")


class AgendaSlideParams(DeckParams):
    """What a agenda-slide task states (its ``params``): the deck alone."""


class AgendaSlide(ImpressFamily):
    id: ClassVar[str] = "agenda-slide"
    params_type: ClassVar[type[TaskParams] | None] = AgendaSlideParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = AgendaSlideOracle
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("slides", "manage", "summary-slide")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 8))
        deck, agenda = plan.file, quote("Agenda")
        frames = [
            f"Insert a slide titled {agenda} as the second slide of {deck}, right after the "
            "title slide, whose bullet points are the titles of all the slides that follow "
            "it, in the same order and wording.",
            f"{deck} needs an {agenda} slide in second position (directly after the title "
            "slide) listing, as bullet points, the titles of every slide after it, word for "
            "word and in order.",
            f"Add an agenda to {deck}: a new second slide titled {agenda} whose bullets repeat "
            "the titles of all the later slides exactly, in deck order.",
            f"Right after the title slide of {deck}, there should be a slide called {agenda} "
            "with one bullet per following slide, giving that slide's title as written, in the "
            "same sequence.",
            f"Create a slide {agenda} behind the opening slide of {deck}; its bullet points are "
            "the exact titles of the slides that come after it, in their order.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan) + " There is no agenda slide yet.",
            **deck_params(plan),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return [deck_spec(plan_of(p), slide_list(rng, plan_of(p)))]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
following = [s.shapes.title.text for s in list(deck.slides)[1:]]
slide = deck.slides.add_slide(deck.slide_layouts[1])
slide.shapes.title.text = "Agenda"
fill(slide.placeholders[1].text_frame, following)
move_slide(deck, slide, 1)
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return """
found = titles(deck)
wanted = [norm(t) for t in P["slides"]]
agenda = slides_titled(deck, "Agenda")
items = body_lines(agenda[0]) if len(agenda) == 1 else []
listed = [t for t in wanted[1:] if t in items]
checks.append(("others_kept", 0, [t for t in found if t != "agenda"] == wanted,
               f"slides: {found}"))
named = [squash(s.shapes.title.text_frame.text) for s in agenda]
checks.append(("agenda_second", 2, found[1:2] == ["agenda"] and named == ["Agenda"],
               f"second slide: {found[1:2]}, titled exactly: {named}"))
checks.append(("items_listed", 1, len(listed) == len(wanted) - 1,
               f"{len(listed)} of {len(wanted) - 1} titles listed"))
exact = exact_lines(agenda[0]) if len(agenda) == 1 else []
checks.append(("items_exact", 2, exact == [squash(t) for t in P["slides"][1:]],
               f"bullets: {exact}"))
# Every slide but the agenda is as setup wrote it.
others = [v for s, v in zip(deck.slides, slide_views(deck)) if title_of(s) != "agenda"]
""" + deck_guards(after="others")
