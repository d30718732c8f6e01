"""calc → writer → impress: a workbook's regional totals as a table in a report, and the same
table on a slide of the deck that presents the report.

It extends :class:`SalesSummaryTable` (the report's table, recomputed from the workbook as it
is in the final state) with the deck: the slide's table must hold exactly the report's rows,
so the reward reads the chain end to end. Guards keep the workbook, the deck's slides (but for
the new table) and every other file as setup wrote them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.domains._office import quote
from cuagym.domains.impress._families._base import deck_context
from cuagym.domains.impress._families._pptx import PPTX_BUILDER
from cuagym.domains.impress._families._world import DeckPlan, deck_spec, pick_deck, slide_list

from ._base import WriterFamily
from ._cross import SalesSummaryTable

__all__ = ["ReportAndSlideTable"]

_SLIDES = ("Regional Results", "Sales by Region", "Revenue by Region")


def _frames(book: str, doc: str, deck: str, slide: str) -> list[str]:
    """Sentence frames: each names the three files, the report's section, the table's header,
    row order, sums with two decimals and the Total row, and that the slide gets the same
    table."""
    part, head, total = (
        quote("Regional Summary"),
        "\u201cRegion\u201d | \u201cTotal sales\u201d",
        quote("Total"),
    )
    return [
        f"Summarise {book} by region in {doc}: under the {part} heading, a table with the "
        f"header row {head}, one row per region in alphabetical order with the sum of its "
        f"order amounts (two decimals) and a last row {total} with the sum of all orders. "
        f"Then put the same table on the slide {slide} of {deck}.",
        f"The regional totals of {book} must appear twice: as a table in the {part} section of "
        f"{doc} (header {head}, regions A to Z with their summed amounts to two decimals, a "
        f"closing {total} row for all orders) and as an identical table on the {slide} slide "
        f"of {deck}.",
        f"Build the report table and its slide: in {doc}, below {part}, add a table headed "
        f"{head} listing each region of {book} alphabetically with its total order amount "
        f"(two decimals) and ending with a {total} row; the slide {slide} in {deck} must show "
        "exactly the same table.",
        f"I'm presenting {doc} with {deck}, so both need the region summary of {book}: a "
        f"table whose first row is {head}, a row per region sorted alphabetically giving the "
        f"sum of its orders with two decimals, and a final {total} row, placed under {part} "
        f"in the report and on the {slide} slide.",
        f"From the orders in {book}, make a table of the total sales per region (header "
        f"{head}, regions in alphabetical order, two decimals, a last {total} row summing all "
        f"orders). It goes under the {part} heading of {doc}, and a copy of it goes on the "
        f"slide {slide} of {deck}.",
    ]


class ReportAndSlideTable(SalesSummaryTable):
    id: ClassVar[str] = "report-and-slide-table"
    apps: ClassVar[tuple[str, ...]] = ("calc", "writer", "impress")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sharing", "export", "table-to-slide")
    also_covers: ClassVar[tuple[str, ...]] = (
        "calc:formulas/aggregate/conditional-aggregate",
        "writer:tables/create/insert-table",
        "impress:content/tables/insert-table",
    )

    builders: ClassVar[dict[str, str]] = {**WriterFamily.builders, "pptx": PPTX_BUILDER}
    reward_imports: ClassVar[str] = (
        SalesSummaryTable.reward_imports + "from pptx import Presentation\n"
    )
    patch_imports: ClassVar[str] = (
        SalesSummaryTable.patch_imports
        + "from pptx import Presentation\nfrom pptx.util import Inches\n"
    )
    targets: ClassVar[tuple[str, ...]] = ("path", "deck")

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The workbook in Calc, the deck in Impress, then the report in Writer (on top)."""
        return [
            StartWindow(app="calc", path=params["xlsx"]),
            StartWindow(app="impress", path=params["deck"]),
            StartWindow(app="writer", path=params["path"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        report, p = self.report_facts(rng)
        base = pick_deck(rng, rng.randint(3, 5))
        slide = rng.choice(_SLIDES)
        slides = list(base.slides)
        slides.insert(rng.randint(2, len(slides) - 1), slide)
        plan = DeckPlan(base.title, base.path, base.company, tuple(slides))
        book, doc = p["xlsx"].rsplit("/", 1)[-1], p["path"].rsplit("/", 1)[-1]
        return self.make_task(
            task_id,
            rng.choice(_frames(book, doc, plan.file, quote(slide))),
            report + " " + deck_context(plan) + f" The slide {quote(slide)} has only "
            "its title so far.",
            **p,
            deck=plan.path,
            deck_title=plan.title,
            company=plan.company,
            slides=list(plan.slides),
            slide=slide,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        plan = DeckPlan(p["deck_title"], p["deck"], p["company"], tuple(p["slides"]))
        return [*super().files(p, rng), deck_spec(plan, slide_list(rng, plan, notes=False))]

    def patch(self, p: dict[str, Any]) -> str:
        return (
            super().patch(p)
            + """
deck = Presentation(P["deck"])
slide = next(s for s in deck.slides if s.shapes.title.text == P["slide"])
rows = [[c.text for c in r.cells] for r in table.rows]
frame = slide.shapes.add_table(len(rows), 2, Inches(1.5), Inches(1.6), Inches(7),
                               Inches(0.4) * len(rows))
for r, row in enumerate(rows):
    for c, value in enumerate(row):
        frame.table.cell(r, c).text = value
deck.save(P["deck"])
"""
        )

    def reward_read(self, p: dict[str, Any]) -> str:
        return (
            super().reward_read(p)
            + """
deck = Presentation(P["deck"])
first_deck = Presentation(initial_path(P["deck"]))
"""
        )

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            super().reward_body(p)
            + """
named = [s for s in deck.slides if slide_title(s) == P["slide"]]
shown = [sh.table for sh in named[0].shapes if sh.has_table] if len(named) == 1 else []
cells = [[squash(c.text) for c in r.cells] for r in shown[0].rows] if shown else []
checks.append(("slide_table_added", 1, len(shown) == 1, f"{len(shown)} tables on the slide"))
checks.append(("slide_table_same", 2, bool(rows) and cells == rows,
               f"slide: {cells[:3]}..., report: {rows[:3]}..."))
# The deck's slides keep their titles and order and every text they had (the target slide
# only gains the table), and its notes.
checks.append(("deck_slides_kept", 0, [slide_title(s) for s in deck.slides] == P["slides"],
               f"slides: {[slide_title(s) for s in deck.slides]}"))
checks.append(("deck_text_kept", 0,
               deck_texts(deck, P["slide"]) == deck_texts(first_deck, P["slide"]),
               "the slides' shapes and texts as setup wrote them, but the new table"))
"""
        )

    reward_helpers: ClassVar[str] = (
        SalesSummaryTable.reward_helpers
        + '''

def slide_title(slide):
    shape = slide.shapes.title
    return squash(shape.text_frame.text) if shape is not None else ""


def deck_texts(deck, target):
    """Per slide: its shapes (kind and text; on the slide titled ``target``, tables left out),
    and its notes."""
    out = []
    for slide in deck.slides:
        mine = slide_title(slide) == target
        shapes = [[str(sh.shape_type), sh.text_frame.text if sh.has_text_frame else ""]
                  for sh in slide.shapes if not (mine and getattr(sh, "has_table", False))]
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        out.append([shapes, notes])
    return out
'''
    )
