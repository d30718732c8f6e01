"""Multi-step families: crop a banner to the panel a brief names and export it at a width;
bring every too-wide photo of a folder down to a maximum width; write a caption into an
image's lower band."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.image_editor import CAPTIONS, ImageSpec, banner_spec, image_spec, photo_names
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.image_editor._base import ImageFamily, Job, job, quote

__all__ = ["BannerPanel", "CaptionBand", "ShrinkFolder", "caption_body", "promo_spec"]

_LABELS = ("Coffee", "Tea", "Cakes", "Juice", "Bread", "Salads")
_COLOURS = ([196, 30, 58], [32, 96, 160], [46, 125, 50], [120, 60, 150])


class BannerPanelParams(TaskParams):
    image: str
    output: str
    label: str
    panel: list[int]
    width: int


class BannerPanel(ImageFamily):
    """A wide banner of labelled panels: crop to the panel the brief names, then export it at
    a stated width with its proportions kept."""

    id: ClassVar[str] = "banner-panel"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("image", "size", "crop-and-scale")
    params_type: ClassVar[type[TaskParams] | None] = BannerPanelParams
    also_covers: ClassVar[tuple[str, ...]] = ("image-editor:image/size/scale-image",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        labels = rng.sample(_LABELS, 3)
        label = rng.choice(labels)
        i = labels.index(label)
        panel = [i * 500, 0, 500, 400]
        width = rng.choice([250, 300, 320, 360])
        image = "Pictures/Campaign/menu_banner.png"
        output = f"Pictures/Campaign/{label.lower()}_tile.png"
        src, dst, name = f"~/{image}", f"~/{output}", quote(label)
        instruction = rng.choice([
            f"From {src}, keep only the panel labelled {name} and export it {width} pixels "
            f"wide (proportions kept) as {dst}.",
            f"The social post needs the {name} panel of {src} on its own: crop to it, scale "
            f"it to {width} px wide without distortion and save it as {dst}.",
            f"Cut the {name} panel out of {src}, bring it to a width of {width} pixels with "
            f"the aspect ratio unchanged, and export the PNG {dst}. The banner stays as is.",
            f"{dst} should show just the {name} part of {src}, {width} px wide, height in "
            "proportion.",
            f"Make a {width}-pixel-wide tile of the {name} panel of {src} (nothing of the "
            f"other panels, aspect kept) and write it to {dst}.",
        ])  # fmt: skip
        others = ", ".join(f"{quote(lab)} at x={n * 500}" for n, lab in enumerate(labels))
        return self.make_task(
            task_id, instruction,
            f"/home/user/{image} is a 1500x400 banner open in GIMP, made of three panels "
            f"500 pixels wide each and 400 high: {others}; the {name} panel spans "
            f"x={panel[0]} to x={panel[0] + panel[2]}, y={panel[1]} to y={panel[3]}. "
            "The home folder is /home/user (~).",
            image=image, output=output, label=label, panel=panel, width=width,
        )  # fmt: skip

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["image"])

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[ImageSpec], list[Any]]:
        told = p["label"]
        labels = [told, *rng.sample([x for x in _LABELS if x != told], 2)]
        at = p["panel"][0] // 500
        labels[0], labels[at] = labels[at], labels[0]
        colours = rng.sample(_COLOURS, 3)
        panels = [[n * 500 + 20, 20, 460, 360, colours[n], lab] for n, lab in enumerate(labels)]
        return [banner_spec(p["image"], rng, 1500, 400, panels)], []

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        return [job(p["image"], p["output"], [["crop", *p["panel"]], ["scale", p["width"], 0]])]


class ShrinkFolderParams(TaskParams):
    folder: str
    max_width: int


class ShrinkFolder(ImageFamily):
    """Every photo of a folder wider than a limit is scaled down to it (proportions kept) and
    overwritten; the narrower ones are not touched."""

    id: ClassVar[str] = "shrink-folder"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("file", "batch", "several-images")
    params_type: ClassVar[type[TaskParams] | None] = ShrinkFolderParams
    also_covers: ClassVar[tuple[str, ...]] = ("image-editor:image/size/scale-image",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        folder = f"Pictures/{rng.choice(['listing', 'blog_post', 'newsletter'])}"
        limit = rng.choice([640, 720, 800])
        where = f"~/{folder}"
        instruction = rng.choice([
            f"The site refuses images wider than {limit} pixels. Make every photo in {where} "
            f"at most {limit} px wide: scale the wider ones down to exactly {limit} px, "
            "keeping proportions, and overwrite them as JPEGs under their names.",
            f"Every JPEG in {where} has to be no wider than {limit} px. Shrink those that are "
            f"wider to {limit} px wide (aspect kept), saving over the same files; the others "
            "stay as they are.",
            f"Bring the too-wide photos of {where} down to a width of {limit} pixels, height "
            "in proportion, replacing each file; photos already narrow enough are left alone.",
            f"In {where}, no picture may exceed {limit} px in width. Resize the offenders to "
            f"{limit} px wide without distortion and overwrite them in place.",
            f"Cap the width of all photos in {where} at {limit} pixels: each wider one is "
            "scaled to that width (proportional height) and saved over itself as JPEG.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{folder} holds five JPEG photos of different sizes; GIMP shows the "
            "first of them. The home folder is /home/user (~).",
            folder=folder, max_width=limit,
        )  # fmt: skip

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["folder"]) + "/" + self._names(params)[0]

    def _names(self, p: Mapping[str, Any]) -> list[str]:
        return sorted(photo_names(random.Random(f"shrink/{p['folder']}/{p['max_width']}"), 5))

    def _widths(self, p: Mapping[str, Any]) -> list[tuple[int, int]]:
        rng = random.Random(f"shrink-sizes/{p['folder']}/{p['max_width']}")
        sizes = [(p["max_width"] + rng.choice([80, 240, 400, 560]), rng.choice([600, 720, 900]))
                 for _ in range(3)]  # fmt: skip
        sizes += [(p["max_width"] - rng.choice([40, 120]), 480), (p["max_width"], 540)]
        rng.shuffle(sizes)
        return sizes

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[ImageSpec], list[Any]]:
        return [
            image_spec(f"{p['folder']}/{name}", "photo", w, h, rng)
            for name, (w, h) in zip(self._names(p), self._widths(p), strict=True)
        ], []

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        return [
            job(f"{p['folder']}/{name}", f"{p['folder']}/{name}", [["scale", p["max_width"], 0]])
            for name, (w, _) in zip(self._names(p), self._widths(p), strict=True)
            if w > p["max_width"]
        ]


class CaptionBandParams(TaskParams):
    image: str
    output: str
    caption: str
    size: int
    band: int


_WHITE = [255, 255, 255]


def caption_body(image: str, output: str, caption_expr: str, size: int, band: int) -> str:
    """The reward's checks of a caption (``caption_expr``: Python text giving the caption)."""
    return f"""
caption = {caption_expr}
caption_checks(checks, state, {output!r}, {image!r}, caption, {size}, {_WHITE!r}, {band})
off = off_plan(state, changes, [{output!r}])
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + ", ".join(off)[:200]))
"""


class CaptionBand(ImageFamily):
    """A promo image with a dark band at the bottom: write the stated caption in white,
    centred in the band, and export it as a new PNG."""

    id: ClassVar[str] = "caption-band"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("layer", "text", "text-layer")
    params_type: ClassVar[type[TaskParams] | None] = CaptionBandParams
    also_covers: ClassVar[tuple[str, ...]] = ("image-editor:image/flatten/flatten-image",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        caption = rng.choice(CAPTIONS)
        image, output = "Pictures/promo_base.png", "Pictures/promo_final.png"
        size, band = rng.choice([28, 32, 36]), 90
        src, dst, said = f"~/{image}", f"~/{output}", quote(caption)
        instruction = rng.choice([
            f"Write {said} in white, {size} px Sans, centred in the dark band at the bottom "
            f"of {src}, and export the result as {dst}.",
            f"The promo {src} needs its caption: {said}, white {size}-pixel text centred in "
            f"the lower band. Save the captioned image as {dst}.",
            f"Put the text {said} (white, size {size} px) in the middle of the bottom band "
            f"of {src}; export it to {dst} and leave the original unchanged.",
            f"{dst} should be {src} with {said} set in white {size} px letters, centred in "
            "its dark lower band.",
            f"Add the caption {said} to the lower band of {src}: white, {size} px, centred. "
            f"Export as {dst}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{image} (960x540 PNG) is open in GIMP; its bottom {band} pixel rows "
            "are a dark band left empty for a caption. The home folder is /home/user (~).",
            image=image, output=output, caption=caption, size=size, band=band,
        )  # fmt: skip

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["image"])

    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[ImageSpec], list[Any]]:
        return [promo_spec(p["image"], rng, p["band"])], []

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        step = ["caption", p["caption"], p["size"], _WHITE, p["band"]]
        return [job(p["image"], p["output"], [step])]

    def checks(self, p: dict[str, Any]) -> str:
        return caption_body(p["image"], p["output"], "P['caption']", p["size"], p["band"])


def promo_spec(path: str, rng: random.Random, band: int) -> ImageSpec:
    """A 960x540 product scene with an empty dark band of ``band`` rows at the bottom."""
    return banner_spec(path, rng, 960, 540, [
        [0, 0, 960, 540 - band, rng.choice(_COLOURS), rng.choice(_LABELS)],
        [0, 540 - band, 960, band, [24, 24, 28], ""],
    ])  # fmt: skip
