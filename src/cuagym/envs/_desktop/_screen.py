"""Screenshots of a display: mss over MIT-SHM (about 1 ms for 1280x800), PNG by Pillow.

Not pyautogui's screenshot (it shells out to scrot or gnome-screenshot) and no global
``DISPLAY``: mss opens its own connection to the display it is given, and the server lets our
uid in without a cookie (see ``_display.py``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import mss
from PIL import Image

from cuagym.envs._desktop._proc import DesktopError
from cuagym.envs._png import PNG_LEVEL, encode_png

__all__ = ["PNG_LEVEL", "Frame", "Screen", "encode_png"]


@dataclass(frozen=True)
class Frame:
    """One raw capture: ``bgra`` holds width*height*4 bytes, row-major, blue first."""

    width: int
    height: int
    bgra: bytes

    def image(self) -> Image.Image:
        return Image.frombuffer("RGB", (self.width, self.height), self.bgra, "raw", "BGRX", 0, 1)

    def rgb(self) -> bytes:
        """The pixels as RGB bytes (width*height*3), the PNG's and the policy image's input."""
        return self.image().tobytes()

    def png(self, level: int = PNG_LEVEL) -> bytes:
        return encode_png(self.width, self.height, self.rgb(), level)

    def colors(self, region: tuple[int, int, int, int] | None = None, cap: int = 4096) -> int:
        """Distinct colours on a 4x-downsampled image (of ``region`` = left, top, right, bottom).

        A cheap "has something been drawn" measure: a blank or half-painted window has a
        handful; a rendered spreadsheet or page has hundreds (antialiased text).
        """
        image = self.image()
        if region is not None:
            image = image.crop(region)
        size = (max(1, image.width // 4), max(1, image.height // 4))
        small = image.resize(size, Image.Resampling.NEAREST)
        found = small.getcolors(cap)
        return cap if found is None else len(found)


def menubar_drawn(frame: Frame, width: int = 400, height: int = 24) -> bool:
    """Whether the top-left strip looks like a menu bar: one background colour over most of it
    (>= 75 %) with dark text on it (>= 1 %). LibreOffice paints its document first and its
    menus and toolbars up to a second later; a dense sheet's grid alone passes the colour
    count, but its column headers and highlighted column are no uniform band, and a page's
    grey backdrop has no text."""
    band = frame.image().crop((0, 0, min(width, frame.width), min(height, frame.height)))
    total = band.width * band.height
    found = band.getcolors(total) or []
    if not found:
        return False
    top = max(n for n, _ in found)
    dark = 0
    for n, pixel in found:
        r, g, b = pixel[:3]  # type: ignore[index]  # an RGB image's colours are triples
        if (r * 299 + g * 587 + b * 114) // 1000 < 110:
            dark += n
    return top >= 0.75 * total and dark >= 0.01 * total


class Screen:
    """A capture connection to one display (not thread-safe: one desktop, one caller)."""

    def __init__(self, display: str) -> None:
        self.display = display
        try:
            self._mss = mss.MSS(display=display)
        except mss.ScreenShotError as exc:
            raise DesktopError(f"cannot capture {display}: {exc}") from None
        self._monitor = self._mss.monitors[0]

    def grab(self) -> Frame:
        shot = self._mss.grab(self._monitor)
        # bytes(): the backend may reuse its shared-memory buffer for the next grab.
        return Frame(width=shot.width, height=shot.height, bgra=bytes(shot.bgra))

    async def png(self, level: int = PNG_LEVEL) -> bytes:
        frame = self.grab()
        # Encoding takes 10-20 ms: off the event loop, so other environments keep running.
        return await asyncio.to_thread(frame.png, level)

    def close(self) -> None:
        self._mss.close()
