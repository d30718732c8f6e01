"""What the impress oracles share, single-app and cross-app: their base and Impress's UI skills.

Keyboard first: slides are reached in the Normal view with Home and Page Down (nothing
selected), deleted and moved in the Slide Sorter (Delete, Shift+Alt+Home / Page Down / End),
objects of a slide picked with Tab and edited with Enter; views, layouts and dialogs come from
the command search (Shift+Esc). Find and Replace is driven by clicks placed from its Match case
box (:func:`find_replace`, :func:`close_find`). See :mod:`cuagym.families._office_oracle` for
the round loop (plan from the saved file, act, save, read back).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from cuagym.apps.impress import (
    CLOSE_FROM_BOX,
    FIND_FIELD,
    IMPRESS_POPUP,
    REPLACE_ALL_BUTTON,
    REPLACE_FIELD,
)
from cuagym.families._office_oracle import (
    Call,
    Dynamic,
    Move,
    OfficeOracle,
    click,
    key,
    match_case_box,
    pause,
    text,
    typed,
)

__all__ = [
    "REPLACE_ALL_BUTTON",
    "ImpressOracle",
    "SlideTableOracle",
    "body_lines",
    "close_find",
    "edit",
    "find_replace",
    "lines_of",
    "notes_of",
    "oracle_gives_up",
    "squash",
    "title_of",
]


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


def find_replace(old: str, new: str) -> Dynamic:
    """Replace every ``old`` with ``new`` in the open Find and Replace dialog (Match case on):
    clicks placed from the Match case box, once the dialog is drawn (under load its window shows
    before its content), since its mnemonics may land in the slide."""

    async def fill(oracle: OfficeOracle, obs: Any) -> list[Call]:
        box = match_case_box(obs.screenshot)
        if box is None:
            oracle.waited += 1
            if oracle.waited > oracle.patience * 2:
                return oracle_gives_up(oracle, "the Find and Replace dialog never showed")
            oracle.queue.appendleft(Move("wait for the dialog.", dynamic=fill))
            return [pause(0.5)]
        oracle.waited = 0
        (x, y, ticked), (fx, fy), (rx, ry), (ax, ay) = (
            box,
            FIND_FIELD,
            REPLACE_FIELD,
            REPLACE_ALL_BUTTON,
        )
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
