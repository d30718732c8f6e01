"""The GUI oracle of every pdf family: Xournal++ driven through the screen.

A person with the task's answer (which pages, which rows, which note — the Generator's world,
a deterministic function of the task) works the PDF the way Xournal++ offers it:

- ctrl+G and a page number brings that page to the top of the view; the page with the red
  frame is the current one. Where the page lies on the screen is read off the screenshot (the
  red frame's top edge gives its corner, the edge's length its scale), so the plan never
  assumes a scroll position;
- notes: the Text tool (ctrl+shift+T), a click where the note goes (a text box is centred on
  the click's height), the text, Escape;
- highlights: the Highlighter (ctrl+shift+H) dragged along the line;
- pages: never deleted or moved in the journal — the Export dialog's Pages field takes them
  in the wanted order (``5,1-3``), which drops and reorders in one step;
- ctrl+E: the file chooser (a whole path typed in its Name field), then the Export settings
  (the Pages range, OK). The export is checked through the state API (its page count), and
  the plan fails, saying why, if it is not what the golden export holds.
"""

from __future__ import annotations

import io
import time
from collections.abc import AsyncIterator
from typing import Any, ClassVar

from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

__all__ = ["PdfOracle", "page_range"]

HOME = "/home/user"
#: the Export settings dialog (centred on a 1280x800 screen): the Pages radio button, its
#: entry, and OK
PAGES_RADIO, PAGES_ENTRY, EXPORT_OK = (550, 458), (750, 458), (797, 523)
PAGE_WIDTH_PT = 595.0


def page_range(pages: list[int]) -> str:
    """``[1, 2, 3, 5, 9, 8]`` -> ``"1-3,5,9,8"``: runs of consecutive ascending pages."""
    parts: list[str] = []
    i = 0
    while i < len(pages):
        j = i
        while j + 1 < len(pages) and pages[j + 1] == pages[j] + 1:
            j += 1
        parts.append(str(pages[i]) if i == j else f"{pages[i]}-{pages[j]}")
        i = j + 1
    return ",".join(parts)


def page_frame(png: bytes) -> tuple[float, float, float] | None:
    """The current page's corner on the screen and its scale (pixels per point): the top edge
    of the red frame Xournal++ draws around it, right of the sidebar."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    pixels = image.load()
    assert pixels is not None
    for y in range(100, min(height, 760)):
        run_start, best = -1, (0, 0)
        for x in range(180, width):
            r, g, b = pixels[x, y]  # type: ignore[misc]
            if r > 180 and g < 70 and b < 70:
                if run_start < 0:
                    run_start = x
                if x - run_start > best[1] - best[0]:
                    best = (run_start, x)
            else:
                run_start = -1
        if best[1] - best[0] > 200:
            return float(best[0]), float(y), (best[1] - best[0]) / PAGE_WIDTH_PT
    return None


class PdfOracle(PlannedOracle):
    """Carry out the family's golden exports in Xournal++ (see the module docstring)."""

    tries: ClassVar[int] = 3

    def __init__(self, task: Any, family: Any) -> None:
        super().__init__(task)
        self.exports: list[dict[str, Any]] = family.solve(self.p, family.made_world(task))
        self.tool = ""

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.until_title(lambda t: t.endswith("Xournal++"), "Xournal++"):
            yield turn
        for job in self.exports:
            for note in job["notes"]:
                async for turn in self.write_note(job["pages"][note["page"] - 1], note):
                    yield turn
            for mark in job["marks"]:
                async for turn in self.highlight(job["pages"][mark["page"] - 1], mark):
                    yield turn
            async for turn in self.export(job):
                yield turn

    # -- pages on the screen -------------------------------------------------------------------
    async def go_to(self, page: int) -> AsyncIterator[str]:
        """ctrl+G, the page number, Enter: the page comes to the top of the view."""
        for _ in range(self.tries):
            yield answer(f"open the Go to Page dialog for page {page}.", key("ctrl", "g"))
            try:
                async for turn in self.until_title(lambda t: t == "Go to Page", "Go to Page", 15):
                    yield turn
            except OracleStuck:
                yield answer("close whatever opened instead.", key("esc"))
                continue
            yield answer(
                f"go to page {page}.", key("ctrl", "a"), call("type", text=str(page)), key("enter")
            )
            async for turn in self.until_title(lambda t: t.endswith("Xournal++"), "Xournal++"):
                yield turn
            yield answer("let the page render.", call("wait", time=1))
            return
        raise OracleStuck(f"the Go to Page dialog never opened for page {page}")

    async def frame(self) -> tuple[float, float, float]:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = page_frame(await self.env.screenshot())
            if found is not None:
                return found
        raise OracleStuck("the current page's frame is not on the screen")

    async def to_screen(self, x: float, y: float) -> list[int]:
        left, top, scale = await self.frame()
        return [round(left + x * scale), round(top + y * scale)]

    async def pick(self, tool: str, chord: tuple[str, ...]) -> AsyncIterator[str]:
        if self.tool != tool:
            yield answer(f"take the {tool} tool.", key(*chord))
            self.tool = tool

    # -- annotations ---------------------------------------------------------------------------
    async def write_note(self, page: int, note: dict[str, Any]) -> AsyncIterator[str]:
        async for turn in self.go_to(page):
            yield turn
        async for turn in self.pick("text", ("ctrl", "shift", "t")):
            yield turn
        spot = await self.to_screen(note["x"], note["y"])
        yield answer(
            f"write {note['text']!r} on page {page}.",
            call("left_click", coordinate=spot),
            call("wait", time=0.5),
            call("type", text=note["text"]),
            call("wait", time=0.3),
            key("esc"),
        )

    async def highlight(self, page: int, mark: dict[str, Any]) -> AsyncIterator[str]:
        async for turn in self.go_to(page):
            yield turn
        async for turn in self.pick("highlighter", ("ctrl", "shift", "h")):
            yield turn
        start = await self.to_screen(mark["x0"], mark["y"])
        end = await self.to_screen(mark["x1"], mark["y"])
        yield answer(
            f"highlight the line at {mark['y']:.0f} pt on page {page}.",
            call("left_click_drag", start_coordinate=start, coordinate=end),
            call("wait", time=0.3),
        )

    # -- the export ----------------------------------------------------------------------------
    async def export(self, job: dict[str, Any]) -> AsyncIterator[str]:
        path = f"{HOME}/{job['dst']}"
        for _ in range(self.tries):
            yield answer("open File > Export as PDF.", key("ctrl", "e"))
            try:
                async for turn in self.until_title(lambda t: t == "Export PDF", "the chooser", 20):
                    yield turn
            except OracleStuck:
                yield answer("close whatever opened instead.", key("esc"))
                continue
            yield answer(
                f"name the file {path}.",
                key("ctrl", "a"),
                call("type", text=path),
                call("wait", time=0.3),
                key("enter"),
            )
            async for turn in self.until_title(lambda t: t == "Export", "the Export dialog", 20):
                yield turn
            # The range is always typed: "All pages" is right only when nothing is dropped.
            yield answer(
                f"export pages {page_range(job['pages'])}.",
                call("left_click", coordinate=list(PAGES_RADIO)),
                call("triple_click", coordinate=list(PAGES_ENTRY)),
                call("type", text=page_range(job["pages"])),
                call("wait", time=0.3),
                call("left_click", coordinate=list(EXPORT_OK)),
            )
            async for turn in self.until_exported(job):
                yield turn
            return
        raise OracleStuck("the export dialog never opened")

    async def until_exported(self, job: dict[str, Any]) -> AsyncIterator[str]:
        deadline = time.monotonic() + 30
        while True:
            entry = await self.read_file(job["dst"])
            parsed = (entry or {}).get("parsed") or {}
            if parsed.get("page_count"):
                if parsed["page_count"] != len(job["pages"]):
                    raise OracleStuck(
                        f"{job['dst']} has {parsed['page_count']} pages, not {len(job['pages'])}"
                    )
                return
            if time.monotonic() > deadline:
                raise OracleStuck(f"{job['dst']} was never written")
            yield answer("wait for the export.", call("wait", time=self.poll_s))
