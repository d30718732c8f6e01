"""Single-edit families: scale to a width, turn a sideways scan upright, crop a screenshot to a
stated rectangle, and a grey JPEG at a stated quality for print."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.image_editor import BRANDS, ImageSpec, image_spec
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.image_editor._base import ImageFamily, Job, job

__all__ = ["CropRegion", "DesaturateForPrint", "RotateUpright", "ScaleToWidth"]

_PRODUCTS = ("mug", "lamp", "kettle", "speaker", "backpack", "bottle")


class ScaleToWidthParams(TaskParams):
    image: str
    output: str
    width: int


class ScaleToWidth(ImageFamily):
    """Scale a product photo to a stated width, proportions kept, exported as a new PNG."""

    id: ClassVar[str] = "scale-to-width"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("image", "size", "scale-image")
    params_type: ClassVar[type[TaskParams] | None] = ScaleToWidthParams
    also_covers: ClassVar[tuple[str, ...]] = ("image-editor:file/export/export-png",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name = rng.choice(_PRODUCTS)
        image, output = f"Pictures/{name}.png", f"Pictures/{name}_web.png"
        width = rng.choice([320, 400, 480, 512, 600])
        src, dst = f"~/{image}", f"~/{output}"
        instruction = rng.choice([
            f"Make a copy of {src} that is {width} pixels wide, with its proportions kept, "
            f"and save it as the PNG {dst}. The original stays as it is.",
            f"The web shop needs {src} at a width of {width} px (height in proportion). "
            f"Export the scaled image as {dst}; leave the original file untouched.",
            f"Scale the product photo {src} down to {width} pixels wide without distorting "
            f"it and export the result to {dst} as PNG.",
            f"{dst} should be {src} resized to {width} px wide, aspect ratio unchanged, in "
            "PNG format. Do not modify the original.",
            f"Produce a {width}-pixel-wide version of {src} (keep the aspect ratio) and "
            f"write it to {dst}, keeping {src} unchanged.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{image} is a 900x600 PNG product photo open in GIMP. The home folder "
            "is /home/user (~).",
            image=image, output=output, width=width,
        )  # fmt: skip

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["image"])

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[ImageSpec], list[Any]]:
        photo = image_spec(p["image"], "product", 900, 600, rng, rng.choice(BRANDS))
        return [
            photo,
            image_spec("Pictures/banner_draft.png", "banner", 800, 300, rng, "Draft"),
        ], []

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        return [job(p["image"], p["output"], [["scale", p["width"], 0]])]


class RotateUprightParams(TaskParams):
    image: str
    turn: str


_TURNS = {"clockwise": 90, "counter-clockwise": 270, "upside down": 180}


class RotateUpright(ImageFamily):
    """A scan saved sideways: turn it the stated way and overwrite the file."""

    id: ClassVar[str] = "rotate-upright"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("image", "transform", "rotate")
    params_type: ClassVar[type[TaskParams] | None] = RotateUprightParams
    also_covers: ClassVar[tuple[str, ...]] = ("image-editor:file/export/overwrite",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        image = f"Documents/{rng.choice(['receipt_scan', 'whiteboard', 'poster_photo'])}.png"
        turn = rng.choice(sorted(_TURNS))
        path = f"~/{image}"
        way = (
            "turned 180 degrees (upside down)"
            if turn == "upside down"
            else (f"rotated a quarter turn {turn}")
        )
        instruction = rng.choice([
            f"{path} was scanned the wrong way round. It must be {way}; overwrite the file "
            "with the corrected image, same name and PNG format.",
            f"Fix the orientation of {path}: the picture has to be {way}. Save the result "
            "over the original file.",
            f"Turn {path} so it reads correctly — it needs to be {way} — and replace the "
            "file with the result.",
            f"The image {path} should end up {way} compared with now, still at the same "
            "path as a PNG.",
            f"Correct {path} by having it {way}, then overwrite {path} with it.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{image} (a 720x480 PNG) is open in GIMP. The turn is stated as "
            f"{turn}. The home folder is /home/user (~).",
            image=image, turn=turn,
        )  # fmt: skip

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["image"])

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[ImageSpec], list[Any]]:
        return [image_spec(p["image"], "screenshot", 720, 480, rng, "Scanned page")], []

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        return [job(p["image"], p["image"], [["rotate", _TURNS[p["turn"]]]])]


class CropRegionParams(TaskParams):
    image: str
    output: str
    box: list[int]


class CropRegion(ImageFamily):
    """Crop an app screenshot to a stated rectangle (x, y, width, height) for the docs."""

    id: ClassVar[str] = "crop-region"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("image", "size", "crop")
    params_type: ClassVar[type[TaskParams] | None] = CropRegionParams
    also_covers: ClassVar[tuple[str, ...]] = ("image-editor:image/size/canvas-size",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        image = f"Pictures/Screenshots/{rng.choice(['orders', 'settings', 'inbox'])}_full.png"
        output = image.replace("_full.png", "_panel.png")
        x, y = rng.randrange(100, 400, 10), rng.randrange(40, 200, 10)
        w, h = rng.randrange(400, 800, 20), rng.randrange(240, 480, 20)
        box = [x, y, min(w, 1200 - x), min(h, 760 - y)]
        src, dst = f"~/{image}", f"~/{output}"
        where = f"{box[2]}x{box[3]} pixels whose top-left corner is at x={x}, y={y}"
        instruction = rng.choice([
            f"Crop {src} to the rectangle of {where}, and save that part as {dst}; the full "
            "screenshot stays as it is.",
            f"For the manual I need only the region of {src} that is {where}. Export it as "
            f"{dst} (PNG).",
            f"Cut out of {src} the area of {where} and write it to {dst} without changing "
            "the original.",
            f"{dst} should hold exactly the part of {src} that spans {where}.",
            f"Keep just the {where} of {src} and export the result as the PNG {dst}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{image} is a 1200x760 screenshot open in GIMP; x counts from the "
            "left edge and y from the top edge. The home folder is /home/user (~).",
            image=image, output=output, box=box,
        )  # fmt: skip

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["image"])

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[ImageSpec], list[Any]]:
        return [image_spec(p["image"], "screenshot", 1200, 760, rng, "Orders dashboard")], []

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        return [job(p["image"], p["output"], [["crop", *p["box"]]])]


class DesaturateForPrintParams(TaskParams):
    image: str
    output: str
    quality: int


class DesaturateForPrint(ImageFamily):
    """A black-and-white JPEG of a product photo at a stated quality, for a printed flyer."""

    id: ClassVar[str] = "desaturate-for-print"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("colors", "desaturate", "luminance")
    params_type: ClassVar[type[TaskParams] | None] = DesaturateForPrintParams
    also_covers: ClassVar[tuple[str, ...]] = ("image-editor:file/export/export-jpeg",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name = rng.choice(_PRODUCTS)
        image, output = f"Pictures/{name}_color.png", f"Pictures/Print/{name}_bw.jpg"
        quality = rng.choice([70, 75, 80, 85, 90])
        src, dst = f"~/{image}", f"~/{output}"
        instruction = rng.choice([
            f"The flyer is printed in black and white: export a greyscale version of {src} "
            f"as the JPEG {dst} with quality {quality}. Keep the colour original.",
            f"Make {src} grey (no colour left) and save it as {dst}, a JPEG at quality "
            f"{quality}; the original PNG is not to be changed.",
            f"{dst} should be a desaturated copy of {src}, JPEG, quality {quality}.",
            f"Remove the colour from {src} and export it as {dst} at JPEG quality {quality}, "
            "leaving the source file alone.",
            f"For the black-and-white print edition, write {src} in shades of grey to {dst} "
            f"(JPEG quality {quality}).",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{image} (800x600, PNG) is open in GIMP; /home/user/Pictures/Print "
            "exists. The home folder is /home/user (~).",
            image=image, output=output, quality=quality,
        )  # fmt: skip

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["image"])

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[ImageSpec], list[Any]]:
        photo = image_spec(p["image"], "product", 800, 600, rng, rng.choice(BRANDS))
        keep = {"path": "Pictures/Print/README.txt", "kind": "text",
                "text": "Files for the print shop go here."}  # fmt: skip
        return [photo], [keep]

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        return [job(p["image"], p["output"], [["desaturate"]], quality=p["quality"])]

    def extra_checks(self, p: dict[str, Any]) -> str:
        # The JPEG's look: grey means every pixel's channels agree (within 12 of their mean:
        # JPEG chroma noise), which a colour photo's pixels do not.
        return """
found = written(state, P["output"])
spread = 255
if found:
    small = found["image"].resize((GRID, GRID), Image.Resampling.BOX)
    spread = max(max(px) - min(px) for px in small.getdata())
checks.append(("no_colour_left", 1, spread <= 12, f"largest channel spread {spread}"))
"""
