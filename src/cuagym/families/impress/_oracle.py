"""GUI oracles of the impress families: each solves its task in LibreOffice Impress.

Keyboard first: slides are reached in the Normal view with Home and Page Down (nothing
selected), deleted and moved in the Slide Sorter (Delete, Shift+Alt+Home / Page Down / End),
objects of a slide picked with Tab and edited with Enter; views, layouts and dialogs come from
the command search (Shift+Esc). The Character dialog's colour picker is the one place that
needs clicks (its tab, the colour list, Custom Color). See :mod:`cuagym.families._office_oracle`
for the round loop (plan from the saved file, act, save, read back).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from cuagym.families._office_oracle import (
    IMPRESS_POPUP,
    Call,
    Dynamic,
    Move,
    OfficeOracle,
    click,
    export_pdf,
    key,
    match_case_box,
    pause,
    pdf_pages,
    text,
    typed,
)

__all__ = [
    "ORACLES",
    "AddBulletSlideOracle",
    "AgendaSlideOracle",
    "DeleteSlideOracle",
    "DuplicateSlideOracle",
    "ExportPdfOracle",
    "FixTypoOracle",
    "HideSlidesOracle",
    "ImpressOracle",
    "ReorderSlidesOracle",
    "SlideTableOracle",
    "SpeakerNotesOracle",
    "TitleFormatOracle",
    "TwoColumnOracle",
    "WorkbookTableOracle",
]

#: Impress's Find and Replace: its Find and Replace fields, Replace All and Close buttons, in
#: pixels from the top left of its Match case box.
FIND_FIELD = (210, -27)
REPLACE_FIELD = (210, 65)
ALL = (390, 119)
CLOSE_FROM_BOX = (441, 310)
#: The Slide menu's title in the menu bar on a 1280x800 screen.
SLIDE_MENU = (266, 12)
#: The Character dialog (Format > Character) and its colour picker on a 1280x800 screen.
FONT_EFFECTS_TAB = (462, 150)
FONT_COLOR_LIST = (555, 215)
CUSTOM_COLOR = (546, 519)
HEX_FIELD = (885, 281)


def squash(value: str) -> str:
    return " ".join(str(value).split())


def title_of(slide: Any) -> str:
    shape = slide.shapes.title
    return squash(shape.text_frame.text) if shape is not None else ""


def notes_of(slide: Any) -> str:
    if not slide.has_notes_slide or slide.notes_slide.notes_text_frame is None:
        return ""
    return squash(slide.notes_slide.notes_text_frame.text)


def body_lines(slide: Any) -> list[str]:
    """Paragraphs of the slide's text shapes other than its title and footer placeholders."""
    from pptx.enum.shapes import PP_PLACEHOLDER

    footers = {PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER}
    title = slide.shapes.title
    out: list[str] = []
    shapes = sorted(slide.shapes, key=lambda s: (s.left or 0, s.top or 0))
    for shape in shapes:
        if not shape.has_text_frame or (title is not None and shape.shape_id == title.shape_id):
            continue
        if shape.is_placeholder and shape.placeholder_format.type in footers:
            continue
        out += [squash(p.text) for p in shape.text_frame.paragraphs if p.text.strip()]
    return out


class ImpressOracle(OfficeOracle):
    """Shared moves of the impress oracles; ``read`` gives the deck (python-pptx)."""

    app_title: ClassVar[str] = "LibreOffice Impress"
    popup_points: ClassVar[tuple[tuple[int, int], ...]] = IMPRESS_POPUP

    def read(self, home: Path) -> Any:
        from pptx import Presentation

        return Presentation(str(self.host(self.path)))

    def titles(self, deck: Any) -> list[str]:
        return [title_of(s) for s in deck.slides]

    def slide(self, deck: Any, title: str) -> Any | None:
        hits = [s for s in deck.slides if title_of(s) == title]
        return hits[0] if len(hits) == 1 else None

    # -- moves --------------------------------------------------------------------------------
    def go_to(self, index: int, shown: str) -> Move:
        """In the Normal view, nothing selected: the first slide, then Page Down ``index``
        times."""
        return Move(
            f"go to slide {index + 1}, {shown}.",
            [key("esc"), key("esc"), key("home"), *[key("pagedown")] * index],
        )

    def view(self, name: str) -> list[Move]:
        return self.command(name, self.window)

    def fill_slide(self, title: str, lines: list[str]) -> list[Move]:
        """On the slide shown (nothing selected, Title and Content layout): Tab picks the
        title placeholder, F2 edits it, Ctrl+A and the title replace what it holds; the next
        Tab the content placeholder, its lines one per bullet."""
        return [
            *edit(f"title it {title}.", [key("esc"), key("esc"), key("tab")], typed(title)),
            *edit(
                f"type its {len(lines)} points.",
                [key("esc"), key("tab")],
                [*lines_of(lines), key("esc"), key("esc")],
            ),
        ]

    def new_slide(self, after: int, title: str, lines: list[str]) -> list[Move]:
        """A slide after slide ``after`` (Ctrl+M), laid out Title, Content by Impress itself (a
        new slide on this deck's own layout gets an object placeholder that takes no text)."""
        return [
            self.go_to(after, f"slide {after + 1}"),
            Move("a new slide after it.", [key("ctrl", "m")]),
            *self.command("Title, Content", self.window),
            *self.fill_slide(title, lines),
        ]


def edit(thought: str, reach: list[Call], calls: list[Call]) -> list[Move]:
    """Reach a text object (``reach``: keys that select it), F2 and Ctrl+A to edit all its
    text, then ``calls`` in the next turn: under load Impress enters the text edit mode late,
    and characters typed before it are lost (or start a new sentence that AutoCorrect
    capitalizes); between turns the loop waits for the screen to settle."""
    return [
        Move(thought, [*reach, key("f2"), key("ctrl", "a")]),
        Move(thought, [pause(0.5), *calls]),
    ]


def oracle_gives_up(oracle: OfficeOracle, why: str) -> list[Call]:
    """End the episode as a failure: the next turn terminates it."""
    oracle.queue.clear()
    oracle.queue.append(Move(f"give up: {why}.", [{"action": "terminate", "status": "failure"}]))
    return []


def lines_of(lines: list[str]) -> list[Call]:
    """Typed lines with Enter between them (one paragraph, or bullet, each)."""
    out: list[Call] = []
    for i, line in enumerate(lines):
        out += [key("enter")] if i else []
        out += typed(line)
    return out


# -- the families ------------------------------------------------------------------------------
class SpeakerNotesOracle(ImpressOracle):
    """speaker-notes: the slide, View > Notes, Tab twice to the notes box, F2, type."""

    def missing(self, deck: Any) -> list[str]:
        slide = self.slide(deck, self.p["target"])
        notes = notes_of(slide) if slide is not None else ""
        return [] if notes == squash(self.p["notes"]) else [f"notes: {notes[:60]}"]

    def plan(self, deck: Any) -> list[Move]:
        if self.slide(deck, self.p["target"]) is None:
            return []
        at = self.titles(deck).index(self.p["target"])
        return [
            self.go_to(at, f"“{self.p['target']}”"),
            *self.view("Notes"),
            *edit(
                "select the notes box (after the slide image), and type the notes over it.",
                [key("esc"), key("esc"), key("tab"), key("tab")],
                [*typed(self.p["notes"]), key("esc"), key("esc")],
            ),
            *self.view("Normal"),
        ]


class DeleteSlideOracle(ImpressOracle):
    """delete-slide: the Slide Sorter, the slide picked with Home and arrows, Delete."""

    def missing(self, deck: Any) -> list[str]:
        want = [t for t in self.p["slides"] if t != self.p["target"]]
        found = self.titles(deck)
        return [] if found == want else [f"slides {found}"]

    def plan(self, deck: Any) -> list[Move]:
        found = self.titles(deck)
        if self.p["target"] not in found:
            return []
        return [
            *self.view("Slide Sorter"),
            Move(
                f"select “{self.p['target']}” and delete it.",
                [key("home"), *[key("right")] * found.index(self.p["target"]), key("delete")],
            ),
            *self.view("Normal"),
        ]


class FixTypoOracle(ImpressOracle):
    """fix-typo: Replace All with Match case, once for the word and once capitalized.

    Impress's Find and Replace hands the keyboard focus back to the slide after a search, so
    its mnemonics can land in the document (Alt+L opens the Slide menu there): the oracle
    clicks the dialog's fields and buttons instead, placed from its Match case box, and acts
    only once that box is drawn (under load the dialog's window shows before its content)."""

    def texts(self, deck: Any) -> str:
        out = []
        for slide in deck.slides:
            for shape in slide.shapes:
                if shape.has_text_frame:
                    out += [p.text for p in shape.text_frame.paragraphs]
        return "\n".join(out)

    def missing(self, deck: Any) -> list[str]:
        left = self.texts(deck).casefold().count(self.p["wrong"])
        return [f"{left} misspellings left"] if left else []

    def plan(self, deck: Any) -> list[Move]:
        wrong, right = self.p["wrong"], self.p["right"]
        moves = [Move("nothing selected.", [key("esc"), key("esc")])]
        for old, new in ((wrong, right), (wrong.capitalize(), right.capitalize())):
            moves += [
                Move("open Find and Replace.", [key("ctrl", "h")], expect="Find and Replace"),
                Move(f"replace every {old} with {new}.", dynamic=self.replace(old, new)),
                Move("let it replace.", [pause(1)]),
                Move("close the dialog.", dynamic=close_find, expect=self.window),
            ]
        return moves

    def replace(self, old: str, new: str) -> Dynamic:
        async def fill(oracle: OfficeOracle, obs: Any) -> list[Call]:
            box = match_case_box(obs.screenshot)
            if box is None:
                oracle.waited += 1
                if oracle.waited > oracle.patience * 2:
                    return oracle_gives_up(oracle, "the Find and Replace dialog never showed")
                oracle.queue.appendleft(Move("wait for the dialog.", dynamic=fill))
                return [pause(0.5)]
            oracle.waited = 0
            (x, y, ticked), (fx, fy), (rx, ry), (ax, ay) = box, FIND_FIELD, REPLACE_FIELD, ALL
            return [
                *([] if ticked else [click(x + 8, y + 8)]),
                click(x + fx, y + fy),
                key("ctrl", "a"),
                text(old),
                click(x + rx, y + ry),
                key("ctrl", "a"),
                text(new),
                click(x + ax, y + ay),
            ]

        return fill


async def close_find(oracle: OfficeOracle, obs: Any) -> list[Call]:
    """Close Find and Replace with its Close button: after Replace All the focus may be on the
    slide, where Esc would not reach the dialog (and Ctrl+H toggles it)."""
    box = match_case_box(obs.screenshot)
    if box is None:
        return []  # not on the screen: closed already
    return [click(box[0] + CLOSE_FROM_BOX[0], box[1] + CLOSE_FROM_BOX[1]), pause(0.5)]


class AddBulletSlideOracle(ImpressOracle):
    """add-bullet-slide: the slide before, Slide > New Slide (Ctrl+M), title and points."""

    def missing(self, deck: Any) -> list[str]:
        at = self.p["slides"].index(self.p["after"]) + 1
        want = [*self.p["slides"][:at], self.p["new"], *self.p["slides"][at:]]
        out = [] if self.titles(deck) == want else [f"slides {self.titles(deck)}"]
        slide = self.slide(deck, self.p["new"])
        lines = body_lines(slide) if slide is not None else []
        return out + ([] if lines == self.p["bullets"] else [f"points {lines}"])

    def plan(self, deck: Any) -> list[Move]:
        found = self.titles(deck)
        if len(found) == len(self.p["slides"]):
            at = found.index(self.p["after"])
            return self.new_slide(at, self.p["new"], list(self.p["bullets"]))
        extra = [i for i, t in enumerate(found) if t not in self.p["slides"]]
        if len(extra) != 1:
            return []
        # the slide is there but its text is not right: type it over
        return [
            self.go_to(extra[0], "the new slide"),
            *self.fill_slide(self.p["new"], list(self.p["bullets"])),
        ]


class ReorderSlidesOracle(ImpressOracle):
    """reorder-slides: in the Slide Sorter, the first slide to the start and one down
    (Shift+Alt+Home, Shift+Alt+Page Down), the other to the end (Shift+Alt+End)."""

    def wanted(self) -> list[str]:
        rest = [t for t in self.p["slides"][1:] if t not in (self.p["first"], self.p["last"])]
        return [self.p["slides"][0], self.p["first"], *rest, self.p["last"]]

    def missing(self, deck: Any) -> list[str]:
        found = self.titles(deck)
        return [] if found == self.wanted() else [f"slides {found}"]

    def plan(self, deck: Any) -> list[Move]:
        order = self.titles(deck)
        if sorted(order) != sorted(self.wanted()):
            return []
        first, last = self.p["first"], self.p["last"]
        moves = list(self.view("Slide Sorter"))
        if order[1:2] != [first]:
            moves.append(
                Move(
                    f"move “{first}” to the start, then one down.",
                    [
                        key("home"),
                        *[key("right")] * order.index(first),
                        key("shift", "alt", "home"),
                        key("shift", "alt", "pagedown"),
                    ],
                )
            )
            order.remove(first)
            order.insert(1, first)
        if order[-1] != last:
            moves.append(
                Move(
                    f"move “{last}” to the end.",
                    [key("home"), *[key("right")] * order.index(last), key("shift", "alt", "end")],
                )
            )
        return [*moves, *self.view("Normal")]


class TitleFormatOracle(ImpressOracle):
    """title-format: the title slide's title selected with Tab; Ctrl+B; Format > Character:
    its size, and on Font Effects a custom colour by its hex code."""

    def runs(self, deck: Any) -> list[Any]:
        shape = deck.slides[0].shapes.title
        return [r for p in shape.text_frame.paragraphs for r in p.runs if r.text.strip()]

    def missing(self, deck: Any) -> list[str]:
        out = []
        for run in self.runs(deck):
            try:
                rgb = str(run.font.color.rgb or "")
            except AttributeError:
                rgb = ""
            size = run.font.size.pt if run.font.size is not None else None
            if run.font.bold is not True or size != self.p["size"] or rgb != self.p["color"]:
                out.append(f"{run.text[:20]}: bold {run.font.bold}, {size} pt, #{rgb}")
        return out

    def plan(self, deck: Any) -> list[Move]:
        bold = all(r.font.bold is True for r in self.runs(deck))

        async def clicks(oracle: OfficeOracle, obs: Any) -> list[Call]:
            if tuple(obs.screen_size) != (1280, 800):
                oracle.queue.clear()  # the picker's places are known for this screen only
                return [key("esc")]
            return [click(*FONT_EFFECTS_TAB), click(*FONT_COLOR_LIST), click(*CUSTOM_COLOR)]

        return [
            self.go_to(0, "the title slide"),
            Move(
                "select the title" + ("" if bold else " and make it bold") + ".",
                [key("tab")] + ([] if bold else [key("ctrl", "b")]),
            ),
            *self.command("Character", "Character"),
            Move(
                f"{self.p['size']} pt.",
                [key("alt", "z"), key("ctrl", "a"), text(f"{self.p['size']} pt"), key("tab")],
                expect="Character",
            ),
            Move(
                "Font Effects, the font colour list, Custom Color.",
                dynamic=clicks,
                expect="Pick a Color",
            ),
            Move(
                f"the colour #{self.p['color']}.",
                [
                    click(*HEX_FIELD),
                    key("ctrl", "a"),
                    text(self.p["color"]),
                    key("tab"),
                    key("enter"),
                ],
                expect="Character",
            ),
            Move("confirm.", [key("enter")], expect=self.window),
            Move("deselect.", [key("esc"), key("esc")]),
        ]


class TwoColumnOracle(ImpressOracle):
    """two-column-layout: the slide, Slide > Layout > Title and 2 Content (its points stay in
    the left column), Tab to the right column, Enter, the new points."""

    def missing(self, deck: Any) -> list[str]:
        slide = self.slide(deck, self.p["target"])
        lines = body_lines(slide) if slide is not None else []
        return [] if lines == [*self.p["left"], *self.p["right"]] else [f"points {lines}"]

    def plan(self, deck: Any) -> list[Move]:
        slide = self.slide(deck, self.p["target"])
        if slide is None:
            return []
        at = self.titles(deck).index(self.p["target"])
        moves = [self.go_to(at, f"“{self.p['target']}”")]
        if body_lines(slide) == list(self.p["left"]):  # still one column
            moves += self.command("Title and 2 Content", self.window)
        return [
            *moves,
            *edit(
                "the right column (the third object on the slide): type its points over it.",
                [key("esc"), key("esc"), key("tab"), key("tab"), key("tab")],
                [*lines_of(list(self.p["right"])), key("esc"), key("esc")],
            ),
        ]


class SlideTableOracle(ImpressOracle):
    """slide-table: the slide, Insert > Table with its columns and rows, then the cells."""

    def cells(self) -> list[list[str]]:
        return [list(self.p["header"]), *[list(r) for r in self.p["rows"]]]

    def missing(self, deck: Any) -> list[str]:
        slide = self.slide(deck, self.p["target"])
        tables = [s.table for s in slide.shapes if s.has_table] if slide is not None else []
        got = [[[squash(c.text) for c in r.cells] for r in t.rows] for t in tables]
        return [] if got == [self.cells()] else [f"tables {got}"]

    def plan(self, deck: Any) -> list[Move]:
        slide = self.slide(deck, self.p["target"])
        if slide is None or any(s.has_table for s in slide.shapes):
            return []
        rows = self.cells()
        cells: list[Call] = []
        for i, value in enumerate(v for row in rows for v in row):
            cells += [key("tab")] if i else []
            # the first key into the new table starts its text edit mode, and under load keys
            # right behind it arrive out of order ("Rgione"): the rest after a pause
            cells += typed(value) if i else [text(value[:1]), pause(0.5), *typed(value[1:])]
        at = self.titles(deck).index(self.p["target"])
        return [
            # the new table's typing starts in the cell under the pointer when there is one
            # (a start screen of two windows leaves it mid-screen): the pointer out of the way
            Move(
                "move the pointer off the slide.",
                [{"action": "mouse_move", "coordinate": [1100, 790]}],
            ),
            self.go_to(at, f"“{self.p['target']}”"),
            *self.command("Table", "Insert Table"),
            Move(
                f"{len(rows[0])} columns, {len(rows)} rows.",
                [
                    key("ctrl", "a"),
                    text(str(len(rows[0]))),
                    key("tab"),
                    key("ctrl", "a"),
                    text(str(len(rows))),
                    key("enter"),
                ],
                expect=self.window,
            ),
            Move("wait for the new table.", [pause(1)]),
            Move("fill in the table.", cells),
            Move("leave the table.", [key("esc"), key("esc")]),
        ]


class AgendaSlideOracle(ImpressOracle):
    """agenda-slide: the title slide, Ctrl+M for a slide after it: "Agenda" and the titles of
    every slide that follows, one per point."""

    def missing(self, deck: Any) -> list[str]:
        found = self.titles(deck)
        want = [self.p["slides"][0], "Agenda", *self.p["slides"][1:]]
        out = [] if found == want else [f"slides {found}"]
        slide = self.slide(deck, "Agenda")
        lines = body_lines(slide) if slide is not None else []
        return out + ([] if lines == list(self.p["slides"][1:]) else [f"points {lines}"])

    def plan(self, deck: Any) -> list[Move]:
        found = self.titles(deck)
        items = list(self.p["slides"][1:])
        if len(found) == len(self.p["slides"]):
            return self.new_slide(0, "Agenda", items)
        if len(found) != len(self.p["slides"]) + 1:
            return []
        return [self.go_to(1, "the agenda"), *self.fill_slide("Agenda", items)]


class WorkbookTableOracle(SlideTableOracle):
    """workbook-slide-table (calc -> impress): the region counts and sums read from the
    workbook (what a person reads off Calc's window), then the slide's table as slide-table
    makes it."""

    def cells(self) -> list[list[str]]:
        from openpyxl import load_workbook  # type: ignore[import-untyped, unused-ignore]

        book = load_workbook(str(self.host(self.p["xlsx"])), read_only=True)
        try:
            lines = list(book[self.p["sheet"]].iter_rows(values_only=True))
        finally:
            book.close()
        head = [str(c).strip().casefold() for c in lines[0]]
        sums: dict[str, float] = {}
        counts: dict[str, int] = {}
        for row in lines[1:]:
            region, amount = str(row[head.index("region")]), row[head.index("amount")]
            if isinstance(amount, int | float):
                sums[region] = sums.get(region, 0.0) + amount
                counts[region] = counts.get(region, 0) + 1
        rows = [list(self.p["header"])]
        rows += [[r, str(counts[r]), f"{sums[r]:.2f}"] for r in sorted(sums, key=str.casefold)]
        return [*rows, ["Total", str(sum(counts.values())), f"{sum(sums.values()):.2f}"]]


class ExportPdfOracle(ImpressOracle):
    """export-pdf: File > Export as PDF from the command search, its options as they are
    (Export), then the file's full path in the Export dialog's name field."""

    @property
    def pdf(self) -> str:
        return str(self.p["pdf"])

    def outputs(self) -> list[str]:
        return [self.pdf]

    def read(self, home: Path) -> Any:
        return super().read(home), pdf_pages(self.host(self.pdf))

    def missing(self, state: Any) -> list[str]:
        deck, pages = state
        titles = [t.casefold() for t in self.titles(deck)]
        if len(pages) != len(titles):
            return [f"{len(pages)} pages for {len(titles)} slides"]
        pairs = enumerate(zip(titles, pages, strict=True))
        return [f"page {i + 1}" for i, (t, p) in pairs if t not in p]

    def save(self, keep: str = "Confirm File Format") -> list[Move]:
        return []  # the export writes the file; the deck is not edited

    def plan(self, state: Any) -> list[Move]:
        return export_pdf(self, self.pdf)


class DuplicateSlideOracle(ImpressOracle):
    """duplicate-slide: the slide, Slide > Duplicate Slide (the copy comes after it, shown),
    then the copy's title typed over."""

    def missing(self, deck: Any) -> list[str]:
        at = self.p["slides"].index(self.p["target"]) + 1
        want = [*self.p["slides"][:at], self.p["copy"], *self.p["slides"][at:]]
        return [] if self.titles(deck) == want else [f"slides {self.titles(deck)}"]

    def retitle(self) -> list[Move]:
        return edit(
            f"title the copy {self.p['copy']}.",
            [key("esc"), key("esc"), key("tab")],
            [*typed(self.p["copy"]), key("esc"), key("esc")],
        )

    def plan(self, deck: Any) -> list[Move]:
        found = self.titles(deck)
        extra = [i for i, t in enumerate(found) if t not in self.p["slides"]]
        if len(found) == len(self.p["slides"]) + 1 and len(extra) == 1:
            # the copy is there, its title typed wrong (Impress drops keys under load): again
            return [self.go_to(extra[0], "the copy"), *self.retitle()]
        if len(found) != len(self.p["slides"]) or self.p["target"] not in found:
            return []
        return [
            self.go_to(found.index(self.p["target"]), f"“{self.p['target']}”"),
            # the command search does not list it: the Slide menu (by a click on its title,
            # its mnemonic being ambiguous), whose second entry it is
            Move("open the Slide menu.", [click(*SLIDE_MENU), pause(1)]),
            Move(
                "Duplicate Slide, the menu's second entry.",
                [key("down"), key("down"), key("enter")],
            ),
            Move("let the copy show.", [pause(1)]),
            *self.retitle(),
        ]


class HideSlidesOracle(ImpressOracle):
    """hide-slides: each slide reached in the Normal view, then Slide > Hide Slide from the
    command search."""

    def hidden(self, deck: Any) -> list[str]:
        return [title_of(s) for s in deck.slides if s._element.get("show") in ("0", "false")]

    def missing(self, deck: Any) -> list[str]:
        hidden = self.hidden(deck)
        return [] if hidden == list(self.p["targets"]) else [f"hidden {hidden}"]

    def plan(self, deck: Any) -> list[Move]:
        found, hidden = self.titles(deck), self.hidden(deck)
        moves: list[Move] = []
        for title in self.p["targets"]:
            if title in found and title not in hidden:
                moves += [
                    self.go_to(found.index(title), f"“{title}”"),
                    *self.command("Hide Slide", self.window),
                ]
        return moves


#: The oracle of each family, by family id.
ORACLES: dict[str, type[ImpressOracle]] = {
    "speaker-notes": SpeakerNotesOracle,
    "delete-slide": DeleteSlideOracle,
    "fix-typo": FixTypoOracle,
    "add-bullet-slide": AddBulletSlideOracle,
    "reorder-slides": ReorderSlidesOracle,
    "title-format": TitleFormatOracle,
    "two-column-layout": TwoColumnOracle,
    "slide-table": SlideTableOracle,
    "agenda-slide": AgendaSlideOracle,
    "workbook-slide-table": WorkbookTableOracle,
    "export-pdf": ExportPdfOracle,
    "hide-slides": HideSlidesOracle,
    "duplicate-slide": DuplicateSlideOracle,
}
