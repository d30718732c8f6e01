"""GUI oracles of the cross-app families homed in writer: a workbook summed into the report,
a memo outlined as slides, a deck written out as a handout, a total carried into report and deck.

They drive Writer with the writer oracles' skills (:mod:`cuagym.families._writer_oracle`) and
Impress with impress's (:mod:`cuagym.families._impress_oracle`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from cuagym.apps.impress import IMPRESS_POPUP
from cuagym.apps.writer import SAVE_FILE_TYPE
from cuagym.families._impress_oracle import close_find, find_replace
from cuagym.families._office_oracle import (
    Call,
    Move,
    OfficeOracle,
    click,
    key,
    pause,
    text,
)
from cuagym.families._writer_oracle import (
    WriterOracle,
    heading_level,
    list_format,
    oracle_gives_up,
    section_paragraphs,
    squash,
)

__all__ = ["DeckHandoutOracle", "MemoToSlidesOracle", "ReportAndSlideOracle", "SalesSummaryOracle"]


class SalesSummaryOracle(WriterOracle):
    """sales-summary-table (calc -> writer): the region totals summed from the workbook; in
    the report, a new paragraph after the section's intro, Insert Table (Ctrl+F12) with two
    columns and a row per region plus header and total, then the cells, Tab to Tab."""

    def rows(self) -> list[list[str]]:
        from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

        book = load_workbook(str(self.host(self.p["xlsx"])), read_only=True)
        try:
            sheet = book[self.p["sheet"]]
            lines = list(sheet.iter_rows(values_only=True))
        finally:
            book.close()
        head = [str(c).strip().casefold() for c in lines[0]]
        sums: dict[str, float] = {}
        for row in lines[1:]:
            region, amount = row[head.index("region")], row[head.index("amount")]
            if isinstance(amount, int | float):
                sums[str(region)] = sums.get(str(region), 0.0) + amount
        table = [["Region", "Total sales"]]
        table += [[r, f"{sums[r]:,.2f}"] for r in sorted(sums, key=str.casefold)]
        return [*table, ["Total", f"{sum(sums.values()):,.2f}"]]

    def missing(self, doc: Any) -> list[str]:
        tables = [[[squash(c.text) for c in r.cells] for r in t.rows] for t in doc.tables]
        return [] if tables == [self.rows()] else [f"{len(tables)} tables, not the summary"]

    def plan(self, doc: Any) -> list[Move]:
        if doc.tables:
            return []  # a table is there already: a second one would not fix it
        rows = self.rows()
        cells: list[Call] = []
        for i, value in enumerate(v for row in rows for v in row):
            cells += [key("tab")] if i else []
            cells.append(text(value))
        intro = section_paragraphs(doc, self.p["section"])[0].text
        return [
            *self.find(intro),
            Move("a new paragraph after the intro.", [key("end"), key("enter")]),
            Move("open Insert Table.", [key("ctrl", "f12")], expect="Insert Table"),
            Move(
                f"two columns, {len(rows)} rows.",
                [
                    key("tab"),
                    key("ctrl", "a"),
                    text("2"),
                    key("tab"),
                    key("ctrl", "a"),
                    text(str(len(rows))),
                    key("enter"),
                ],
                expect=self.window,
            ),
            Move("fill in the table.", cells),
        ]


class MemoToSlidesOracle(WriterOracle):
    """memo-to-slides (writer -> impress): File > New > Presentation, its Outline view, where
    each level-1 heading typed is a slide's title and each Tab-indented line below it a bullet
    (the memo's level-2 headings), then Save As (Ctrl+Shift+S) the .pptx, with the PowerPoint
    file type picked in the dialog."""

    #: How far PowerPoint 2007-365 (.pptx) is below ODF Presentation (.odp), where the Save
    #: dialog's file type list starts.
    PPTX_BELOW_ODP = 5

    @property
    def deck(self) -> str:
        return str(self.p["deck"])

    @property
    def window(self) -> str:
        return f"{self.deck.rsplit('/', 1)[-1]} - LibreOffice Impress"

    def outputs(self) -> list[str]:
        return [self.deck]

    def read(self, home: Path) -> Any:
        from docx import Document
        from pptx import Presentation

        deck = Presentation(str(self.host(self.deck))) if self.host(self.deck).exists() else None
        return Document(str(self.host(self.path))), deck

    def outline(self, doc: Any) -> list[tuple[str, list[str]]]:
        out: list[tuple[str, list[str]]] = []
        for p in doc.paragraphs:
            level = heading_level(p)
            if level == 1 and p.text.strip():
                out.append((squash(p.text), []))
            elif level == 2 and p.text.strip() and out:
                out[-1][1].append(squash(p.text))
        return out

    def missing(self, state: Any) -> list[str]:
        doc, deck = state
        if deck is None:
            return ["no deck saved"]
        from pptx.enum.shapes import PP_PLACEHOLDER

        footers = {PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER}
        slides = []
        for slide in deck.slides:
            title = slide.shapes.title
            lines = []
            for shape in slide.shapes:
                if not shape.has_text_frame or shape == title:
                    continue
                if shape.is_placeholder and shape.placeholder_format.type in footers:
                    continue
                lines += [squash(x.text) for x in shape.text_frame.paragraphs if x.text.strip()]
            slides.append((squash(title.text) if title is not None else "", lines))
        return [] if slides == self.outline(doc) else [f"slides {slides[:2]}"]

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        return []  # the plan's Save As saves it

    def plan(self, state: Any) -> list[Move]:
        doc, deck = state
        if deck is not None:
            return []  # saved already: the round's Ctrl+S saves it again
        typed: list[Call] = []
        for i, (title, points) in enumerate(self.outline(doc)):
            typed += [key("enter"), key("shift", "tab")] if i else []
            typed.append(text(title))
            for j, point in enumerate(points):
                typed += [key("enter")] + ([key("tab")] if j == 0 else []) + [text(point)]
        name = f"Untitled 1 - {'LibreOffice Impress'}"

        async def template(oracle: OfficeOracle, obs: Any) -> list[Call]:
            title = await oracle.title()
            if "Select a Template" in title:
                oracle.queue.appendleft(Move("wait for the new presentation.", [pause(0.5)], name))
                return [key("esc")]  # a blank presentation
            if "Impress" in title:
                return []
            oracle.waited += 1
            if oracle.waited > oracle.patience:
                return oracle_gives_up(oracle, "Impress did not open")
            oracle.queue.appendleft(Move("wait for Impress.", dynamic=template))
            return [pause(1)]

        async def file_type(oracle: OfficeOracle, obs: Any) -> list[Call]:
            return [click(*SAVE_FILE_TYPE)] if obs.screen_size == (1280, 800) else []

        return [
            *self.menu(
                "f", [key("n"), key("down"), key("down"), key("enter")], "File > New > Presentation"
            ),
            Move("a blank presentation.", dynamic=template),
            *self.command("Outline", name, points=IMPRESS_POPUP),
            Move("type the memo's outline: titles, then Tab-indented points.", typed),
            self.stamped(Move("save it as…", [key("ctrl", "shift", "s")], expect="Save")),
            Move(
                f"name it {self.deck}.",
                [key("ctrl", "a"), text(self.deck)],
                expect="Save",
            ),
            Move("open the file type list.", dynamic=file_type, expect="Save"),
            Move(
                "pick PowerPoint 2007-365 (.pptx) and save.",
                [*[key("down")] * self.PPTX_BELOW_ODP, key("enter"), key("enter")],
                expect="Confirm File Format",
            ),
            Move("keep the PowerPoint format.", [key("enter")], expect=self.window),
        ]


class DeckHandoutOracle(WriterOracle):
    """deck-handout (impress -> writer): the slides' titles and points read from the deck
    (what a person reads off Impress's window); in the handout, from the end of its text, per
    slide Ctrl+1 and the title, then Shift+F12 and the points, Shift+F12 again to end the list
    on the empty paragraph that the next heading takes."""

    def slides(self) -> list[tuple[str, list[str]]]:
        from pptx import Presentation

        deck = Presentation(str(self.host(self.p["deck"])))
        out = []
        for slide in list(deck.slides)[1:]:
            title = slide.shapes.title
            points = []
            for shape in slide.placeholders:
                if shape.placeholder_format.idx == 1 and shape.has_text_frame:
                    points += [squash(x.text) for x in shape.text_frame.paragraphs]
            out.append((squash(title.text_frame.text), [x for x in points if x]))
        return out

    def missing(self, doc: Any) -> list[str]:
        got: list[tuple[str, list[str]]] = []
        kinds: list[str] = []
        for p in doc.paragraphs:
            if not p.text.strip():
                continue
            if heading_level(p) == 1:
                got.append((squash(p.text), []))
            elif got:
                got[-1][1].append(squash(p.text))
                kinds.append(list_format(doc, p))
        out = [] if got == self.slides() else [f"sections {got[:2]}"]
        return out + ([] if set(kinds) <= {"bullet"} else [f"list formats {kinds}"])

    def plan(self, doc: Any) -> list[Move]:
        if any(heading_level(p) == 1 for p in doc.paragraphs):
            return []  # typed already: typing again would add the sections twice
        moves = [
            Move("to the end of the handout, a new paragraph.", [key("ctrl", "end"), key("enter")])
        ]
        for title, points in self.slides():
            moves.append(
                Move(
                    f"the heading {title}.",
                    [key("ctrl", "1"), text(title), key("esc"), key("enter")],
                )
            )
            if points:
                typed: list[Call] = [key("shift", "f12")]
                for i, point in enumerate(points):
                    typed += ([key("enter")] if i else []) + [text(point), key("esc")]
                moves.append(Move("its points as bullets.", typed))
                moves.append(Move("end the list.", [key("enter"), key("shift", "f12")]))
        return moves


class ReportAndSlideOracle(WriterOracle):
    """report-and-slide-total (calc -> writer -> impress): the total summed from the workbook
    (what a person reads off Calc's status bar); in the report, Replace All of the placeholder,
    saved; Alt+Tab to the deck (each app runs on its own, so LibreOffice's Window menu lists
    only its own window), Impress's Find and Replace there, saved. One round: a second would
    start in the deck's window."""

    rounds: ClassVar[int] = 1

    @property
    def deck(self) -> str:
        return str(self.p["deck"])

    @property
    def deck_window(self) -> str:
        return f"{self.deck.rsplit('/', 1)[-1]} - LibreOffice Impress"

    def outputs(self) -> list[str]:
        return [self.path, self.deck]

    def figure(self) -> str:
        from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

        book = load_workbook(str(self.host(self.p["xlsx"])), read_only=True)
        try:
            lines = list(book[self.p["sheet"]].iter_rows(values_only=True))
        finally:
            book.close()
        at = [str(c).strip().casefold() for c in lines[0]].index("amount")
        return f"{sum(r[at] for r in lines[1:] if isinstance(r[at], int | float)):,.2f}"

    def read(self, home: Path) -> Any:
        from pptx import Presentation

        return super().read(home), Presentation(str(self.host(self.deck)))

    def missing(self, state: Any) -> list[str]:
        doc, deck = state
        mark, figure = self.p["placeholder"], self.figure()
        texts = [p.text for p in doc.paragraphs]
        for slide in deck.slides:
            for shape in slide.shapes:
                if shape.has_text_frame:
                    texts += [p.text for p in shape.text_frame.paragraphs]
        left = [t for t in texts if mark in t]
        both = [t for t in texts if figure in t]
        return [f"placeholders left: {left}"] if left or len(both) < 2 else []

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        return []  # the plan saves the report, then the deck

    async def switch_to_deck(self, oracle: OfficeOracle, obs: Any) -> list[Call]:
        """The window manager's next window (Alt+Tab) until the deck's is in front."""
        if self.deck_window in await self.title():
            self.waited = 0
            return []
        self.waited += 1
        if self.waited > 8:
            return oracle_gives_up(self, "the deck's window never came to the front")
        self.queue.appendleft(Move("look for the deck.", dynamic=self.switch_to_deck))
        return [key("alt", "tab"), pause(1)]

    def plan(self, state: Any) -> list[Move]:
        mark, figure = self.p["placeholder"], self.figure()
        impress_replace = find_replace(mark, figure)
        return [
            *self.replace_all(mark, figure),
            self.stamped(
                Move("save the report.", [key("ctrl", "s")], expect="Confirm File Format")
            ),
            Move("keep the Word format.", [key("enter")], expect=self.window),
            Move("switch to the deck.", dynamic=self.switch_to_deck),
            Move("nothing selected.", [key("esc"), key("esc")]),
            Move("open Find and Replace.", [key("ctrl", "h")], expect="Find and Replace"),
            Move(f"replace {mark} with {figure}.", dynamic=impress_replace),
            Move("let it replace.", [pause(1)]),
            Move("close the dialog.", dynamic=close_find, expect=self.deck_window),
            Move("save the deck.", [key("ctrl", "s")], expect="Confirm File Format"),
            Move("keep the PowerPoint format.", [key("enter")], expect=self.deck_window),
        ]
