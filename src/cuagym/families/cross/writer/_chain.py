"""calc → writer → impress: a workbook's total, written into a report and onto the slide that
presents it.

The report and the deck both hold the placeholder "[total]" where the quarter's sales total
goes. The reward recomputes the total from the workbook as it is in the final state and
expects it, written with a thousands separator and two decimals, in place of every placeholder
— and nothing else changed: the report's body with the total turned back into the placeholder
is the one setup wrote, and so is every text of the deck. The workbook is pinned to the
context's row count and, like every other file, left as setup wrote it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.impress import PPTX_BUILDER, DeckPlan, deck_spec, pick_deck, slide_list
from cuagym.apps.writer import body_blocks, heading_block, para
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment, quote
from cuagym.families._office_impress import deck_context
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import WriterFamily, doc_guards, files_guard
from cuagym.families.cross.writer._cross import SalesSummaryTable, SalesSummaryTableParams
from cuagym.families.cross.writer._oracle import ReportAndSlideOracle

#: Script fragments: real modules (:mod:`cuagym.families.cross.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.cross.writer._fragments"
_REPORT_AND_SLIDE_TOTAL_HELPERS = fragment(_FRAGMENTS, "report_and_slide_total_helpers.py")

__all__ = ["ReportAndSlideTotal"]

PLACEHOLDER = "[total]"
_SLIDE = "Quarter in Numbers"


def _frames(book: str, doc: str, deck: str) -> list[str]:
    """Sentence frames: each names the three files, the placeholder, the slide, what the
    figure is (the sum of every order amount in the workbook) and how it is written."""
    mark, slide = quote(PLACEHOLDER), quote(_SLIDE)
    return [
        f"Replace the placeholder {mark} in {doc} and on the {slide} slide of {deck} with the "
        f"sum of all order amounts in {book}, written with a thousands separator and two "
        "decimals (like 12,345.67).",
        f"Both {doc} and the slide {slide} in {deck} still show {mark} where the quarter's "
        f"sales total belongs. Fill in that total, the sum of every amount in {book}, as a "
        "number with comma thousands separators and two decimal places.",
        f"Work out the total of the order amounts in {book} and write it instead of {mark} "
        f"in the report {doc} and on {slide} in {deck} (format: 12,345.67, comma as the "
        "thousands separator, two decimals).",
        f"The quarter's sales total (all amounts of {book} added up) goes where {mark} "
        f"stands, in {doc} as well as on the {slide} slide of {deck}; write it with two "
        "decimals and a comma between thousands, e.g. 12,345.67.",
        f"I need the figure from {book} in my report and deck: put the sum of its order "
        f"amounts in place of {mark}, both in {doc} and on the slide {slide} of {deck}, "
        "formatted like 12,345.67.",
        f"The quarterly pack goes out this afternoon and still shows {mark} instead of the "
        f"sales figure, both in {doc} and on the {slide} slide of {deck}. That figure is "
        f"every order amount in {book} added up, written with two decimals and commas "
        "between thousands.",
        f"Finance has closed the books in {book}, so the quarter's sales are known: the "
        f"total of its order amounts. Wherever {mark} stands, in the report {doc} and on "
        f"{slide} in {deck}, that number should now read like 12,345.67.",
        f"How much did we sell this quarter? The answer, the sum of all amounts in {book}, "
        f"is missing from {doc} and from the {slide} slide of {deck}, where {mark} marks "
        "its place; fill it in both with a thousands comma and two decimal places.",
        f"Our CEO presents {deck} tomorrow and sends {doc} to the board. Both still say "
        f"{mark} on the {slide} slide and in the report; give them the real total of the "
        f"orders in {book}, formatted as in 12,345.67.",
        f"Someone left {mark} in two of my files. In {doc}, and on the slide {slide} of "
        f"{deck}, it stands for the sales total, meaning the amounts of {book} summed; "
        "write that total there with two decimals and comma-grouped thousands.",
    ]


class ReportAndSlideTotalParams(SalesSummaryTableParams):
    """What a report-and-slide-total task states (its ``params``): sales-summary-table's, then
    the deck and the slide that carry the total."""

    deck: str
    deck_title: str
    company: str
    slides: list[str]
    slide: str
    placeholder: str


class ReportAndSlideTotal(SalesSummaryTable):
    id: ClassVar[str] = "report-and-slide-total"
    params_type: ClassVar[type[TaskParams] | None] = ReportAndSlideTotalParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = ReportAndSlideOracle
    apps: ClassVar[tuple[str, ...]] = ("calc", "writer", "impress")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("sharing", "export", "figure-to-slide")
    also_covers: ClassVar[tuple[str, ...]] = (
        "calc:formulas/aggregate/sum-average",
        "writer:editing/find-replace/replace-all",
        "impress:text/find-replace/replace-all",
    )

    builders: ClassVar[dict[str, str]] = {**WriterFamily.builders, "pptx": PPTX_BUILDER}
    reward_imports: ClassVar[str] = (
        SalesSummaryTable.reward_imports + "from pptx import Presentation\n"
    )
    patch_imports: ClassVar[str] = (
        SalesSummaryTable.patch_imports + "from pptx import Presentation\n"
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
        slides = list(base.slides)
        slides.insert(rng.randint(1, len(slides) - 1), _SLIDE)
        plan = DeckPlan(base.title, base.path, base.company, tuple(slides))
        book, doc = p["xlsx"].rsplit("/", 1)[-1], p["path"].rsplit("/", 1)[-1]
        report = report.replace(
            "section has an introductory paragraph and no table yet.",
            f"section says the quarter's sales totalled {quote(PLACEHOLDER)}.",
        )
        return self.make_task(
            task_id,
            rng.choice(_frames(book, doc, plan.file)),
            report + " " + deck_context(plan) + f" The slide {quote(_SLIDE)} lists "
            f"\u201cTotal sales: {PLACEHOLDER}\u201d among its points.",
            **p,
            deck=plan.path,
            deck_title=plan.title,
            company=plan.company,
            slides=list(plan.slides),
            slide=_SLIDE,
            placeholder=PLACEHOLDER,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        book = super().files(p, rng)[0]
        title = f"Sales Report {p['quarter']} {p['year']}"
        blocks: list[dict[str, Any]] = [
            {"t": "title", "text": title},
            heading_block("Overview"),
            *body_blocks(rng, "the quarter", 1, 2),
            heading_block(p["section"]),
            para(f"Sales for the quarter totalled {PLACEHOLDER} across all regions."),
            heading_block("Outlook"),
            *body_blocks(rng, "the quarter", 1, 2),
        ]
        plan = DeckPlan(p["deck_title"], p["deck"], p["company"], tuple(p["slides"]))
        slides = slide_list(rng, plan, notes=False)
        slides[p["slides"].index(_SLIDE)] = {
            "layout": 1,
            "title": _SLIDE,
            "bullets": [
                f"Orders: {p['orders']}",
                f"Total sales: {PLACEHOLDER}",
                "Largest region named in the report",
            ],
        }
        return [
            book,
            {"kind": "docx", "path": p["path"], "title": title, "blocks": blocks},
            deck_spec(plan, slides),
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
ws = load_workbook(P["xlsx"])[P["sheet"]]
head = [c.value for c in ws[1]]
total = sum(row[head.index("Amount")] for row in ws.iter_rows(min_row=2, values_only=True))
figure = f"{total:,.2f}"
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:  # setup writes the placeholder inside one run
        run.text = run.text.replace(P["placeholder"], figure)
doc.save(P["path"])
deck = Presentation(P["deck"])
for slide in deck.slides:
    for shape in slide.shapes:
        if shape.has_text_frame:
            for paragraph in shape.text_frame.paragraphs:
                for run in paragraph.runs:
                    run.text = run.text.replace(P["placeholder"], figure)
deck.save(P["deck"])
"""

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
            """
amounts = [row[head.index("amount")] for row in orders]
total = sum(a for a in amounts if isinstance(a, (int, float)))
figure = f"{total:,.2f}"
mark = P["placeholder"]
doc_now = [x.text for x in doc.paragraphs]
doc_want = [x.text.replace(mark, figure) for x in first.paragraphs]
deck_now = deck_texts(deck)
deck_want = [[t.replace(mark, figure) for t in s] for s in deck_texts(first_deck)]
left = sum(t.count(mark) for t in doc_now) + sum(t.count(mark) for s in deck_now for t in s)
checks.append(("orders_kept", 0, len(orders) == P["orders"], f"{len(orders)} order rows"))
checks.append(("placeholders_filled", 1, left == 0, f"{left} placeholders left"))
checks.append(("report_total", 2, doc_now == doc_want,
               f"report: {[t for t in doc_now if figure in t or mark in t]}, total {figure}"))
checks.append(("slide_total", 2, deck_now == deck_want,
               f"slide: {[t for s in deck_now for t in s if figure in t or mark in t]}"))
checks.append(("deck_slides_kept", 0, [slide_title(s) for s in deck.slides] == P["slides"],
               f"slides: {[slide_title(s) for s in deck.slides]}"))
# Turning the total back into the placeholder gives the report setup wrote (formatting and
# all); the deck's texts are checked above; no other file changed.
"""
            + doc_guards(after="replaced(body_view(doc), figure, mark)")
            + files_guard(*self.targets)
        )

    reward_helpers: ClassVar[str] = (
        SalesSummaryTable.reward_helpers + "\n" + _REPORT_AND_SLIDE_TOTAL_HELPERS
    )
