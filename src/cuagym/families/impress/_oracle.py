"""GUI oracles of the impress families: each solves its task in LibreOffice Impress.

The Impress oracle base and the UI skills they share with the cross-app oracles are in
:mod:`cuagym.families._impress_oracle`. The Character dialog's colour picker is the one place
that needs clicks (its tab, the colour list, Custom Color).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cuagym.apps.impress import (
    CUSTOM_COLOR,
    FONT_COLOR_LIST,
    FONT_EFFECTS_TAB,
    HEX_FIELD,
    SLIDE_MENU,
)
from cuagym.families._impress_oracle import (
    ImpressOracle,
    body_lines,
    close_find,
    edit,
    find_replace,
    lines_of,
    notes_of,
    squash,
    title_of,
)
from cuagym.families._office_oracle import (
    Call,
    Move,
    OfficeOracle,
    click,
    export_pdf,
    key,
    pause,
    pdf_pages,
    text,
    typed,
)

__all__ = [
    "AddBulletSlideOracle",
    "AgendaSlideOracle",
    "DeleteSlideOracle",
    "DuplicateSlideOracle",
    "ExportPdfOracle",
    "FixTypoOracle",
    "HideSlidesOracle",
    "ReorderSlidesOracle",
    "SpeakerNotesOracle",
    "TitleFormatOracle",
    "TwoColumnOracle",
]


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
                Move(f"replace every {old} with {new}.", dynamic=find_replace(old, new)),
                Move("let it replace.", [pause(1)]),
                Move("close the dialog.", dynamic=close_find, expect=self.window),
            ]
        return moves


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
