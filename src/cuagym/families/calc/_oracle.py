"""What every calc GUI oracle shares: LibreOffice Calc driven from the keyboard, checked.

A person who knows Calc well works from the keyboard: the Name Box to jump to a cell or select
a range, typing values and formulas, Calc's command search (shift+esc, as in
Help > Search Commands) to reach a menu command without hunting through menus, ctrl+1 for
Format Cells, ctrl+S to save ("Use Excel 2007-365!" keeps the xlsx format). A
:class:`CalcOracle` does the same and checks as it goes:

* a dialog is waited for by its window title (LibreOffice opens dialogs seconds late under
  load), and a keystroke meant for a dialog is only sent once it is focused;
* the command search's box is waited for on the screen before its text is typed, and the
  Name Box is focused with a click, not its shortcut (text typed too early would land in a
  cell);
* after saving, the oracle waits for the file to change and reads it back through the state
  API (``read_state``'s parsed view, what a person would see reopening it); a plan whose
  result is not there edits again, a bounded number of times, then gives up.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import AsyncIterator
from typing import Any, ClassVar

from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

__all__ = ["BACKGROUND_COLOR", "FONT_COLOR", "CalcOracle", "MenuStep", "Sheet"]

Sheet = dict[str, Any]
#: one level of a menu: where to click, and the screen region the opened menu covers
MenuStep = tuple[tuple[int, int], tuple[int, int, int, int]]

#: the Name Box, left of the formula bar
NAME_BOX = (80, 121)
#: a cell of the grid far from any task's data (about N28): a click there focuses the sheet
FAR_CELL = (1100, 720)
#: the command search box (shift+esc): white, below the focus line at the top right
_SEARCH_BOX = (660, 36, 990, 60)
#: a band inside both toolbar colour drop-downs (between "Recent" and "Custom Color..."),
#: the drop-down's grey where the sheet's white cells are otherwise
_POPUP_BAND = (500, 380, 640, 395)
_POPUP_GREY = (246, 245, 244)
#: Pick a Color's "Hex #" field
_HEX_FIELD = (884, 281)
#: the Formatting toolbar's drop-down arrows and their "Custom Color..." entries
FONT_COLOR = ((482, 83), (536, 406))
BACKGROUND_COLOR = ((527, 83), (579, 405))


class CalcOracle(PlannedOracle):
    """A calc oracle: :meth:`edit` makes the change, the base saves and checks it."""

    #: edit + save + check rounds before the oracle gives up
    attempts: ClassVar[int] = 3

    def __init__(self, task: Any) -> None:
        super().__init__(task)
        self.path = str(self.p["path"])
        self.doc_title = os.path.basename(self.path) + " - LibreOffice Calc"
        self.saved_sha: str | None = None
        self.attempt = 0
        self.last_book: dict[str, Any] | None = None  # the workbook as the last save left it

    # -- the plan ------------------------------------------------------------------------------
    async def plan(self) -> AsyncIterator[str]:
        first = await self.read_file(self.path)
        self.saved_sha = first["sha256"] if first else None
        async for turn in self.in_document():
            yield turn
        problem = "nothing was tried"
        for attempt in range(1, self.attempts + 1):
            self.attempt = attempt
            async for turn in self.edit():
                yield turn
            async for turn in self.save():
                yield turn
            book = self.last_book = await self.workbook()
            found = self.check(book)
            if found is None:
                return
            problem = found
        raise OracleStuck(f"after {self.attempts} tries the saved workbook is wrong: {problem}")

    def edit(self) -> AsyncIterator[str]:
        """The family's change, through the GUI (called again if the check fails)."""
        raise NotImplementedError

    def check(self, book: dict[str, Any]) -> str | None:
        """What is wrong with the saved workbook (the state API's parsed view), or None."""
        raise NotImplementedError

    # -- building blocks -----------------------------------------------------------------------
    def in_doc(self, title: str) -> bool:
        return title == self.doc_title

    async def in_document(self) -> AsyncIterator[str]:
        """Back to the document window: close whatever dialog or popup is left open."""
        deadline = time.monotonic() + self.patience_s
        while not self.in_doc(await self.title()):
            if time.monotonic() > deadline:
                raise OracleStuck(f"cannot get back to {self.doc_title!r}")
            yield answer("close the dialog that is still open.", key("esc"), call("wait", time=1))

    async def goto(self, ref: str, thought: str = "") -> AsyncIterator[str]:
        """Select ``ref`` (a cell or range, ``$Sheet.A1`` for another sheet) in the Name Box."""
        async for turn in self.in_document():
            yield turn
        # A click focuses the Name Box in the order the events arrive; its shortcut runs as a
        # command later, and text typed meanwhile would land in the current cell.
        yield answer(
            thought or f"select {ref} through the Name Box.",
            call("triple_click", coordinate=list(NAME_BOX)),
            call("type", text=ref + "\n"),
        )

    async def type_cells(self, entries: list[tuple[str, str]]) -> AsyncIterator[str]:
        """Type each (cell, text) pair: jump with the Name Box, type, commit with Enter. One
        cell a turn, so a slow recalculation cannot swallow the next jump."""
        for cell, text in entries:
            async for turn in self.goto(cell, f"go to {cell} and type {text!r} there."):
                yield turn
            yield answer(f"type {text!r} into {cell}.", call("type", text=text + "\n"))

    async def type_block(
        self, rows: list[list[str]], tail: list[Any] | None = None, column: int = 0, row: int = 1
    ) -> AsyncIterator[str]:
        """Type a block of cells from ``row`` of the current sheet, ``column`` columns right
        of A, in one turn: Tab between the cells of a row, Enter after each row (Calc goes back
        to the row's first column), then the ``tail`` calls (keys a text cannot carry; a turn
        holds 10 calls). The sheet gets the focus from a click on an empty cell far from the
        data and the cursor goes to A1 with ctrl+Home, then right and down with the arrow keys
        (a few: they go in one turn), in a turn of its own: after a Name Box jump the box kept
        the focus now and then under load, and the text went into it; arrows sent right after
        typed text were lost."""
        async for turn in self.in_document():
            yield turn
        yield answer(
            f"put the cursor on row {row}, {column} columns right of A.",
            call("left_click", coordinate=list(FAR_CELL)),
            call("wait", time=0.5),
            key("ctrl", "home"),
            *[key("right") for _ in range(column)],
            *[key("down") for _ in range(row - 1)],
        )
        block = "".join("\t".join(row) + "\n" for row in rows)
        yield answer(
            f"type the {len(rows)} rows, Tab between cells.",
            call("wait", time=0.5),
            call("type", text=block),
            *(tail or []),
        )

    async def command(self, search: str, title: str | None, thought: str) -> AsyncIterator[str]:
        """Run a menu command through Calc's command search and wait for its dialog ``title``
        (shift+esc, type, Enter; no title: a command without a dialog). The box must be on
        screen before anything is typed; a dialog that does not come is asked for again."""
        for _ in range(3):
            async for turn in self.in_document():
                yield turn
            yield answer(f"open the command search to {thought}", key("shift", "esc"))
            deadline = time.monotonic() + 15
            while not await self._search_box_open() and time.monotonic() < deadline:
                yield answer("wait for the command search box.", call("wait", time=self.poll_s))
            if not await self._search_box_open():
                continue
            yield answer(f"search for {search!r}.", call("type", text=search))
            yield answer("run the first match.", call("wait", time=0.5), key("enter"))
            if title is None:
                async for turn in self.until_title(self.in_doc, "the document window"):
                    yield turn
                yield answer("let the command finish.", call("wait", time=1))
                return
            deadline = time.monotonic() + 20
            while await self.title() != title and time.monotonic() < deadline:
                yield answer(f"wait for the {title!r} dialog.", call("wait", time=1))
            if await self.title() == title:
                return
        raise OracleStuck(f"the command {search!r} did not open {title or 'anything'}")

    async def _search_box_open(self) -> bool:
        return await self.screen_share(_SEARCH_BOX, (255, 255, 255)) >= 0.9

    async def screen_share(
        self, box: tuple[int, int, int, int], rgb: tuple[int, int, int]
    ) -> float:
        """The share of a screen region's pixels that have colour ``rgb`` (a popup's
        background where the sheet's white cells would be, a search box's white field)."""
        from PIL import Image

        shot = Image.open(io.BytesIO(await self.env.screenshot())).convert("RGB")
        region = shot.crop(box)
        pixels = region.width * region.height
        hits = sum(n for n, color in region.getcolors(pixels) or [] if color == rgb)
        return hits / max(1, pixels)

    async def region(self, box: tuple[int, int, int, int]) -> bytes:
        """The raw pixels of a screen region (to notice when a menu or popup covers it)."""
        from PIL import Image

        shot = Image.open(io.BytesIO(await self.env.screenshot())).convert("RGB")
        return shot.crop(box).tobytes()

    async def menu(
        self, path: list[tuple[tuple[int, int], tuple[int, int, int, int]]], what: str
    ) -> AsyncIterator[str]:
        """Click through a menu path: each step a click at a point, then a wait until the
        region where the next menu opens has changed on the screen (a click sent before its
        menu is drawn would land on the sheet)."""
        for _ in range(3):
            async for turn in self.in_document():
                yield turn
            opened = True
            for point, box in path:
                before = await self.region(box)
                yield answer(
                    f"open {what}: click {point}.", call("left_click", coordinate=list(point))
                )
                deadline = time.monotonic() + 20
                while await self.region(box) == before:
                    if time.monotonic() > deadline:
                        opened = False
                        break
                    yield answer("wait for the menu.", call("wait", time=self.poll_s))
                if not opened:
                    break
            if opened:
                return
            yield answer("close the menus and try again.", key("esc"), key("esc"), key("esc"))
        raise OracleStuck(f"the menu for {what} never opened")

    async def choose(
        self, point: tuple[int, int], steps: int, box: tuple[int, int, int, int], what: str
    ) -> AsyncIterator[str]:
        """Pick an entry of a dialog's drop-down list: click it open, move ``steps`` entries
        from the one shown (down when positive; Home and End do nothing in these lists),
        Enter. ``box`` is a region the open list covers: the list is waited for before the
        keys are sent, and Enter is sent again while the list stays open."""
        for _ in range(3):
            closed = await self.region(box)
            yield answer(f"open the {what} list.", call("left_click", coordinate=[*point]))
            deadline = time.monotonic() + 10
            while await self.region(box) == closed and time.monotonic() < deadline:
                yield answer(f"wait for the {what} list.", call("wait", time=self.poll_s))
            if await self.region(box) != closed:
                break
        else:
            raise OracleStuck(f"the {what} list never opened")
        move = key("down") if steps > 0 else key("up")
        if steps:
            yield answer(f"move {abs(steps)} entries.", *[move for _ in range(abs(steps))])
        for _ in range(3):
            shown = await self.region(box)
            yield answer(f"take that {what}.", key("enter"))
            deadline = time.monotonic() + 4
            while await self.region(box) == shown and time.monotonic() < deadline:
                yield answer("wait for the list to close.", call("wait", time=self.poll_s))
            if await self.region(box) != shown:
                return
        raise OracleStuck(f"the {what} list did not take the entry")

    async def pick_color(
        self, arrow: tuple[int, int], custom: tuple[int, int], rgb: str, what: str
    ) -> AsyncIterator[str]:
        """A toolbar colour drop-down (font or background colour): open it, "Custom Color...",
        type the hex code into Pick a Color, OK. The drop-down is waited for on the screen
        (a click meant for it would otherwise land on a cell)."""
        for _ in range(3):
            async for turn in self.in_document():
                yield turn
            yield answer(f"open the {what} drop-down.", call("left_click", coordinate=list(arrow)))
            deadline = time.monotonic() + 20
            while await self.screen_share(_POPUP_BAND, _POPUP_GREY) < 0.6:
                if time.monotonic() > deadline:
                    break
                yield answer(f"wait for the {what} drop-down.", call("wait", time=self.poll_s))
            else:
                yield answer("choose Custom Color...", call("left_click", coordinate=list(custom)))
                async for turn in self.until_title(lambda t: t == "Pick a Color", "Pick a Color"):
                    yield turn
                yield answer(
                    f"type the hex code {rgb}.",
                    call("triple_click", coordinate=list(_HEX_FIELD)),
                    key("ctrl", "a"),
                    call("type", text=rgb.lower()),
                    key("tab"),
                )
                async for turn in self.dialog_ok(f"apply the {what} (OK)."):
                    yield turn
                return
            yield answer("close the drop-down.", key("esc"))
        raise OracleStuck(f"the {what} drop-down never opened")

    async def fill_down(self, ref: str) -> AsyncIterator[str]:
        """Copy the first row of ``ref`` down through it (Sheet > Fill Cells > Down: ctrl+D)."""
        async for turn in self.goto(ref, f"select {ref} to fill it down."):
            yield turn
        yield answer(f"fill {ref} down from its first row.", key("ctrl", "d"))

    async def dialog_ok(self, thought: str = "confirm the dialog.") -> AsyncIterator[str]:
        """Enter (the dialog's default button, OK) and wait for the document again."""
        yield answer(thought, key("enter"))
        async for turn in self.until_title(self.in_doc, "the document window"):
            yield turn

    async def save(self) -> AsyncIterator[str]:
        """ctrl+S, keep the xlsx format, and wait until the file on disk has changed."""
        async for turn in self.in_document():
            yield turn
        yield answer("save the workbook.", key("ctrl", "s"))
        async for turn in self.until_title(
            lambda t: t == "Confirm File Format" or self.in_doc(t), "the save"
        ):
            yield turn
        if await self.title() == "Confirm File Format":
            yield answer("keep the current format (xlsx).", key("enter"))
        deadline = time.monotonic() + self.patience_s
        while True:
            entry = await self.read_file(self.path)
            sha = entry["sha256"] if entry else None
            if sha is not None and sha != self.saved_sha and self.in_doc(await self.title()):
                self.saved_sha = sha
                return
            if time.monotonic() > deadline:
                raise OracleStuck(f"the save never reached {self.path}")
            if await self.title() == "Confirm File Format":
                yield answer("keep the current format (xlsx).", key("enter"))
            else:
                yield answer("wait for the save to finish.", call("wait", time=self.poll_s))

    async def workbook(self) -> dict[str, Any]:
        entry = await self.read_file(self.path)
        parsed = (entry or {}).get("parsed")
        if not isinstance(parsed, dict):
            raise OracleStuck(f"cannot read {self.path} back: {(entry or {}).get('error')}")
        return parsed

    @staticmethod
    def sheet(book: dict[str, Any], name: str) -> Sheet:
        for sheet in book.get("sheets", []):
            if sheet.get("name") == name:
                return dict(sheet)
        raise OracleStuck(f"no sheet {name!r} in the saved workbook")

    @staticmethod
    def cell(sheet: Sheet, coord: str) -> dict[str, Any]:
        return dict(sheet.get("cells", {}).get(coord) or {})
