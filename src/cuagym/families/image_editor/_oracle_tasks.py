"""GUI oracles of the image families: commands through Search Actions, numbers typed into
GIMP's dialogs, File > Export As (see :mod:`._oracle`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from cuagym.apps.image_editor import scaled_height
from cuagym.families.image_editor._oracle import CaptionOracle, GimpOracle

__all__ = ["ORACLES"]


class ScaleToWidthOracle(GimpOracle):
    async def plan(self) -> AsyncIterator[str]:
        spec = self.images[self.p["image"]]
        width = self.p["width"]
        async for turn in self.loaded(self.p["image"]):
            yield turn
        async for turn in self.scale(width, scaled_height(spec["w"], spec["h"], width)):
            yield turn
        async for turn in self.export(self.p["output"]):
            yield turn


class RotateUprightOracle(GimpOracle):
    async def plan(self) -> AsyncIterator[str]:
        spec = self.images[self.p["image"]]
        degrees = {"clockwise": 90, "counter-clockwise": 270, "upside down": 180}[self.p["turn"]]
        async for turn in self.loaded(self.p["image"]):
            yield turn
        async for turn in self.rotate(degrees, (spec["w"], spec["h"])):
            yield turn
        async for turn in self.overwrite(self.p["image"]):
            yield turn


class CropRegionOracle(GimpOracle):
    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.loaded(self.p["image"]):
            yield turn
        async for turn in self.canvas(*self.p["box"]):
            yield turn
        async for turn in self.export(self.p["output"]):
            yield turn


class DesaturateForPrintOracle(GimpOracle):
    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.loaded(self.p["image"]):
            yield turn
        async for turn in self.desaturate():
            yield turn
        async for turn in self.export(self.p["output"], quality=self.p["quality"]):
            yield turn


class BannerPanelOracle(GimpOracle):
    async def plan(self) -> AsyncIterator[str]:
        x, y, w, h = self.p["panel"]
        width = self.p["width"]
        async for turn in self.loaded(self.p["image"]):
            yield turn
        async for turn in self.canvas(x, y, w, h):
            yield turn
        async for turn in self.scale(width, scaled_height(w, h, width)):
            yield turn
        async for turn in self.export(self.p["output"]):
            yield turn


class ShrinkFolderOracle(GimpOracle):
    """Open each too-wide photo in turn (the first is open), scale it, overwrite it."""

    async def plan(self) -> AsyncIterator[str]:
        limit = self.p["max_width"]
        first = self.family.start_image(self.p)
        for path, spec in sorted(self.images.items()):
            if spec["w"] <= limit:
                continue
            if path == first:
                async for turn in self.loaded(path):
                    yield turn
            else:
                async for turn in self.open_image(path):
                    yield turn
            async for turn in self.scale(limit, scaled_height(spec["w"], spec["h"], limit)):
                yield turn
            async for turn in self.overwrite(path):
                yield turn


class SizesFromSheetOracle(GimpOracle):
    """The widths as the workbook in Calc shows them; each listed photo opened, scaled and
    exported into the target folder."""

    async def plan(self) -> AsyncIterator[str]:
        rows = next(o["rows"] for o in self.others if o["kind"] == "xlsx")[1:]
        first = self.family.start_image(self.p)
        for name, width in rows:
            path = f"{self.p['folder']}/{name}"
            spec = self.images[path]
            if path == first:
                async for turn in self.loaded(path):
                    yield turn
            else:
                async for turn in self.open_image(path):
                    yield turn
            async for turn in self.scale(width, scaled_height(spec["w"], spec["h"], width)):
                yield turn
            async for turn in self.export(f"{self.p['target']}/{name}"):
                yield turn


class CaptionBandOracle(CaptionOracle):
    def caption(self) -> str:
        return str(self.p["caption"])


class CaptionFromBriefOracle(CaptionOracle):
    """The caption as the brief open in Writer shows it (its 'Caption:' line)."""

    def caption(self) -> str:
        brief = next(o["text"] for o in self.others if o["kind"] == "docx")
        line = next(x for x in brief.split("\n") if x.startswith("Caption:"))
        return str(line.split(":", 1)[1].strip())


ORACLES: dict[str, Callable[[Any, Any], Any]] = {
    "scale-to-width": ScaleToWidthOracle,
    "rotate-upright": RotateUprightOracle,
    "crop-region": CropRegionOracle,
    "desaturate-for-print": DesaturateForPrintOracle,
    "banner-panel": BannerPanelOracle,
    "shrink-folder": ShrinkFolderOracle,
    "sizes-from-sheet": SizesFromSheetOracle,
    "caption-band": CaptionBandOracle,
    "caption-from-brief": CaptionFromBriefOracle,
}
