"""What every image GUI oracle shares: GIMP 2.10 driven from the keyboard.

A person who knows GIMP reaches every command of these tasks without hunting through menus:
``/`` opens Search Actions (type the command's name, Enter runs it), the dialogs take typed
numbers and Tab, their buttons answer to their mnemonics (alt+S Scale, alt+R Resize, alt+O OK,
alt+E Export), and File > Export As is ctrl+shift+E, whose name field takes a whole path. The
window title (the app's ``image-title-format``: ``[name] (imported) 900x600 * – GIMP``) shows
the image's size after each step; the home's state (the state API) shows that an export wrote
its file. A :class:`GimpOracle` waits for each dialog by its title and checks each outcome
before it moves on; an export that did not write is done again, a bounded number of times.

Privileged knowledge: the task's params and the world its Generator made from them (which
photos of a folder are too wide) — what a person learns by opening the files.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar

from cuagym.families._family import family_rng
from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

__all__ = ["CaptionOracle", "GimpOracle", "band_on_screen"]

HOME = "/home/user"
#: Search Actions queries that name one command (labels are shared by the view's, the image's
#: and the layer's versions: the tooltips tell them apart)
ROTATE_QUERIES = {90: "image 90 degrees to the right", 270: "image 90 degrees to the left",
                  180: "turn the image upside"}  # fmt: skip
FLIP_QUERIES = {"horizontal": "flip image horizontally", "vertical": "flip image vertically"}


def size_in(title: str) -> tuple[int, int] | None:
    """The image size the GIMP window title shows, if it shows one."""
    found = re.search(r" (\d+)x(\d+) ", title)
    return (int(found.group(1)), int(found.group(2))) if found else None


class GimpOracle(PlannedOracle):
    """An image oracle: :meth:`plan` uses the building blocks below."""

    tries: ClassVar[int] = 3
    #: one polling turn's wait: an episode has 50 turns, and a folder of photos needs most
    poll_s: ClassVar[float] = 1.0

    def __init__(self, task: Any, family: Any) -> None:
        super().__init__(task)
        images, others = family.world(self.p, family_rng(task, "world"))
        self.images: dict[str, dict[str, Any]] = {i["path"]: i for i in images}
        self.others: list[dict[str, Any]] = others
        self.family = family

    # -- the window ----------------------------------------------------------------------------
    async def until_image(self, wanted: Callable[[str], bool], what: str) -> AsyncIterator[str]:
        async for turn in self.until_title(lambda t: t.endswith("GIMP") and wanted(t), what):
            yield turn

    async def command(self, query: str, dialog: str | None) -> AsyncIterator[str]:
        """Run a command through Search Actions; wait for its dialog when it has one."""
        yield answer("open Search Actions.", call("type", text="/"), call("wait", time=1))
        async for turn in self.until_title(lambda t: t == "Search Actions", "Search Actions", 20):
            yield turn
        yield answer(f"run {query!r}.", call("type", text=query), call("wait", time=0.5),
                     key("enter"), call("wait", time=1.5))  # fmt: skip
        if dialog is not None:
            async for turn in self.until_title(lambda t: t == dialog, f"the {dialog} dialog"):
                yield turn

    async def until_size(self, size: tuple[int, int], what: str) -> AsyncIterator[str]:
        async for turn in self.until_image(lambda t: size_in(t) == size, what):
            yield turn

    # -- image commands ------------------------------------------------------------------------
    async def scale(self, width: int, height: int) -> AsyncIterator[str]:
        """Image > Scale Image: the width typed, the linked chain gives the height."""
        async for turn in self.command("scale image", "Scale Image"):
            yield turn
        yield answer(f"type the width {width} and scale.", key("ctrl", "a"),
                     call("type", text=f"{width}\t"), call("wait", time=0.5),
                     key("alt", "s"), call("wait", time=1.5))  # fmt: skip
        async for turn in self.until_size((width, height), f"the image at {width}x{height}"):
            yield turn

    async def canvas(self, x: int, y: int, w: int, h: int) -> AsyncIterator[str]:
        """Image > Canvas Size: w x h with the image shifted by (-x, -y): the rectangle at
        (x, y) is what remains (the export flattens the layer to the canvas)."""
        async for turn in self.command("canvas size", "Set Image Canvas Size"):
            yield turn
        yield answer(
            f"set the canvas to {w}x{h} at offset -{x}, -{y} and resize.",
            key("tab"), key("tab"), call("type", text=f"{w}\t\t{h}\t\t-{x}\t-{y}\t"),
            call("wait", time=0.5), key("alt", "r"), call("wait", time=1.5),
        )  # fmt: skip
        async for turn in self.until_size((w, h), f"the canvas at {w}x{h}"):
            yield turn

    async def rotate(self, degrees: int, size: tuple[int, int]) -> AsyncIterator[str]:
        async for turn in self.command(ROTATE_QUERIES[degrees], None):
            yield turn
        turned = (size[1], size[0]) if degrees != 180 else size
        async for turn in self.until_image(
            lambda t: size_in(t) == turned and "*" in t, "the turned image"
        ):
            yield turn

    async def desaturate(self) -> AsyncIterator[str]:
        async for turn in self.command("desaturate", "Desaturate"):
            yield turn
        yield answer("keep the Luminance mode: OK.", key("alt", "o"), call("wait", time=2))
        async for turn in self.until_image(lambda t: "*" in t, "the grey image"):
            yield turn

    # -- files ---------------------------------------------------------------------------------
    async def file_sha(self, path: str) -> str | None:
        entry = await self.read_file(path)
        return None if entry is None else str(entry.get("sha256") or "")

    async def until_written(self, path: str, old: str | None, what: str) -> AsyncIterator[str]:
        deadline = time.monotonic() + 30
        while (now := await self.file_sha(path)) is None or now == old:
            if time.monotonic() > deadline:
                raise OracleStuck(f"{what} did not write {path}")
            yield answer(f"wait until {path} is written.", call("wait", time=self.poll_s))

    async def export(self, path: str, quality: int | None = None) -> AsyncIterator[str]:
        """File > Export As (ctrl+shift+E): the whole path typed, the format's options
        answered (a JPEG's quality typed), checked on the home's state."""
        full = f"{HOME}/{path}"
        old = await self.file_sha(path)
        jpeg = path.lower().endswith((".jpg", ".jpeg"))
        options = "Export Image as JPEG" if jpeg else "Export Image as PNG"
        for attempt in range(self.tries):
            yield answer("open Export As.", key("ctrl", "shift", "e"), call("wait", time=1.5))
            async for turn in self.until_title(lambda t: t == "Export Image", "Export As", 30):
                yield turn
            yield answer(f"export to {full}.", key("ctrl", "a"), call("type", text=full + "\n"),
                         call("wait", time=1.5))  # fmt: skip
            async for turn in self.until_title(
                lambda t: t in (options, "Confirm File Replacement"), f"the {options} dialog"
            ):
                yield turn
            if await self.title() == "Confirm File Replacement":
                yield answer("replace the file.", key("alt", "r"), call("wait", time=1))
                async for turn in self.until_title(lambda t: t == options, options):
                    yield turn
            # The options dialog: a JPEG's quality is the spin entry after the slider; Enter
            # is its Export button.
            typed = [key("tab"), key("ctrl", "a"), call("type", text=f"{quality}\t"),
                     call("wait", time=0.5)] if quality is not None else []  # fmt: skip
            yield answer("set the options and export.", *typed, key("enter"),
                         call("wait", time=1.5))  # fmt: skip
            try:
                async for turn in self.until_written(path, old, "the export"):
                    yield turn
            except OracleStuck:
                if attempt == self.tries - 1:
                    raise
                yield answer("close what is open.", key("esc"), call("wait", time=1), key("esc"))
                continue
            async for turn in self.until_image(lambda t: True, "the image window"):
                yield turn
            return

    async def overwrite(self, path: str) -> AsyncIterator[str]:
        """File > Overwrite: the edits written back over the imported file."""
        old = await self.file_sha(path)
        async for turn in self.command("overwrite", None):
            yield turn
        if (await self.title()).startswith("Export Image as"):  # a JPEG asks its options
            yield answer("export with these options.", key("enter"), call("wait", time=1.5))
        async for turn in self.until_written(path, old, "Overwrite"):
            yield turn

    async def open_image(self, path: str) -> AsyncIterator[str]:
        """File > Open (ctrl+O): ctrl+L focuses the dialog's location entry (it may hold the
        last file's name, selected), ctrl+A, then the whole path."""
        for attempt in range(self.tries):
            yield answer("open File > Open.", key("ctrl", "o"), call("wait", time=1.5))
            async for turn in self.until_title(lambda t: t == "Open Image", "Open Image", 20):
                yield turn
            yield answer(f"open {HOME}/{path}.", key("ctrl", "l"), key("ctrl", "a"),
                         call("type", text=f"{HOME}/{path}"), call("wait", time=0.5),
                         key("enter"), call("wait", time=2))  # fmt: skip
            try:
                async for turn in self.loaded(path, 15):
                    yield turn
                return
            except OracleStuck:
                if attempt == self.tries - 1:
                    raise
                yield answer("close the message and the dialog.", key("enter"),
                             call("wait", time=1), key("esc"), call("wait", time=1))  # fmt: skip

    async def loaded(self, path: str, patience_s: float | None = None) -> AsyncIterator[str]:
        """Wait until GIMP shows the image at ``path`` (its first start takes seconds)."""
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        async for turn in self.until_title(
            lambda t: t.endswith("GIMP") and f"[{stem}]" in t, f"{stem} in GIMP", patience_s
        ):
            yield turn


#: the Text tool's font size entry in the Tool Options dock (Windows > Dockable Dialogs > Tool
#: Options docks it at the right of the single window, 1280x800 screen)
TEXT_SIZE_ENTRY = (1160, 121)
#: the dark band painted under a promo image's caption
BAND_RGB = (24, 24, 28)


def band_on_screen(png: bytes) -> tuple[int, int, int, int] | None:
    """The screen rectangle (left, top, right, bottom) of the caption band's visible part in
    a screenshot: the rows and then the columns where most pixels have the band's colour (a
    few UI pixels of a similar grey are not a band)."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as shot:
        rgb = shot.convert("RGB")
    near = [
        ch.point(lambda v, c=c: 255 if abs(v - c) <= 3 else 0)
        for ch, c in zip(rgb.split(), BAND_RGB, strict=True)
    ]
    mask = near[0]
    for ch in near[1:]:
        mask = Image.composite(ch, Image.new("L", ch.size, 0), mask)
    rows = [y for y, v in enumerate(mask.resize((1, mask.height), Image.Resampling.BOX).tobytes())
            if v > 96]  # fmt: skip
    if not rows:
        return None
    strip = mask.crop((0, rows[0], mask.width, rows[-1] + 1))
    cols = [x for x, v in enumerate(strip.resize((strip.width, 1), Image.Resampling.BOX).tobytes())
            if v > 160]  # fmt: skip
    return (cols[0], rows[0], cols[-1] + 1, rows[-1] + 1) if cols else None


class CaptionOracle(GimpOracle):
    """A caption in a promo image's band: the Text tool (T) with its size typed in the Tool
    Options dock, a click where the text centred in the band starts (found on the screenshot:
    the band's dark rectangle), the caption typed, Escape; Colors > Invert ("invert the
    components": Select > Invert shares the label) turns the black text white (the text's own
    colour sits behind a colour dialog); then Export As."""

    def caption(self) -> str:
        raise NotImplementedError

    async def plan(self) -> AsyncIterator[str]:
        from PIL import ImageFont

        from cuagym.apps.image_editor._edit import CAPTION_FONT

        text, size, band = self.caption(), self.p["size"], self.p["band"]
        async for turn in self.loaded(self.p["image"]):
            yield turn
        yield answer("take the Text tool.", key("t"), call("wait", time=0.5))
        async for turn in self.command("tool options", None):
            yield turn
        yield answer(
            f"set the font size to {size} px.",
            call("triple_click", coordinate=list(TEXT_SIZE_ENTRY)),
            call("type", text=f"{size}\t"), call("wait", time=1),
        )  # fmt: skip
        found = band_on_screen(bytes(self.observation.screenshot))
        if found is None:
            raise OracleStuck("the caption band is not on the screen")
        # GIMP shows a 960x540 image at 100 %; the Tool Options dock may hide its right part,
        # so the band's left edge is the image's x = 0.
        left, top, _, _ = found
        width = ImageFont.truetype(CAPTION_FONT, size).getlength(text)
        x = left + round((960 - width) / 2)
        y = top + round((band - size * 1.2) / 2)
        yield answer(
            "click where the caption starts and type it.",
            call("left_click", coordinate=[x, y]), call("wait", time=1),
            call("type", text=text), call("wait", time=1), key("esc"), call("wait", time=1),
        )  # fmt: skip
        async for turn in self.command("invert the components", None):
            yield turn
        async for turn in self.export(self.p["output"]):
            yield turn
