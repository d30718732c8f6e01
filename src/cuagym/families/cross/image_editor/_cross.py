"""Image tasks whose facts live in another app's document: the export widths of a product
folder listed in a Calc workbook, and a promo caption written in a Writer brief. The reward
reads that document from the initial home (openpyxl, python-docx), never the task's world."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.image_editor import BRANDS, CAPTIONS, ImageSpec, image_spec
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.image_editor.kit import ImageFamily, Job, caption_body, job, promo_spec

__all__ = ["CaptionFromBrief", "SizesFromSheet"]

_ITEMS = ("mug", "lamp", "kettle", "speaker", "backpack", "bottle", "headphones")


class SizesFromSheetParams(TaskParams):
    sheet: str
    folder: str
    target: str


class SizesFromSheet(ImageFamily):
    """A workbook lists product photos and the width each must have on the web: export each
    listed photo at its width (proportions kept) as a PNG of the same name into a folder."""

    id: ClassVar[str] = "sizes-from-sheet"
    apps: ClassVar[tuple[str, ...]] = ("calc", "image-editor")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("image", "size", "scale-to-list")
    params_type: ClassVar[type[TaskParams] | None] = SizesFromSheetParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        sheet = f"Documents/{rng.choice(['web_sizes', 'shop_image_sizes'])}.xlsx"
        folder, target = "Pictures/products", "Pictures/web"
        s, f, t = f"~/{sheet}", f"~/{folder}", f"~/{target}"
        instruction = rng.choice([
            f"{s} lists product photos of {f} with the width each needs on the shop's website. "
            f"Export every listed photo at its width, proportions kept, as a PNG with the same "
            f"name into {t}.",
            f"Following the sizes in {s}, put a copy of each photo it names from {f} into {t}, "
            "scaled to the width given there (aspect ratio unchanged), PNG, same file name.",
            f"The shop's image list is {s}. For each row, scale that photo of {f} to the row's "
            f"width keeping its proportions and save it under its own name in {t}.",
            f"Use {s} to prepare the web images: each photo it lists (in {f}) goes into {t} "
            "at the listed width, height in proportion, as PNG. Photos not listed are not "
            "exported and the originals stay unchanged.",
            f"Every photo named in {s} should exist in {t} with the width the sheet gives "
            f"(proportional height), made from the original in {f}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{sheet} is open in Calc: column A holds file names of "
            f"/home/user/{folder}, column B the width in pixels, under a header row. GIMP "
            f"shows the first listed photo. /home/user/{target} exists and is empty. The home "
            "folder is /home/user (~).",
            sheet=sheet, folder=folder, target=target,
        )  # fmt: skip

    def _rows(self, p: Mapping[str, Any]) -> list[tuple[str, int]]:
        rng = random.Random(f"sheet/{p['sheet']}")
        names = rng.sample(_ITEMS, 5)
        return [(f"{n}.png", rng.choice([240, 300, 360, 420, 480])) for n in names[:3]]

    def start_image(self, params: Mapping[str, Any]) -> str:
        return f"{params['folder']}/{self._rows(params)[0][0]}"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        return [StartWindow(app="calc", path="/home/user/" + params["sheet"]),
                *super().start_windows(params)]  # fmt: skip

    def world(
        self, p: dict[str, Any], rng: random.Random
    ) -> tuple[list[ImageSpec], list[dict[str, Any]]]:
        listed = [name for name, _ in self._rows(p)]
        extra = [f"{n}.png" for n in _ITEMS if f"{n}.png" not in listed][:2]
        images = [image_spec(f"{p['folder']}/{name}", "product", 900, 675, rng,
                             rng.choice(BRANDS)) for name in [*listed, *extra]]  # fmt: skip
        rows: list[list[Any]] = [["File", "Width (px)"]]
        rows += [[name, width] for name, width in self._rows(p)]
        others = [{"path": p["sheet"], "kind": "xlsx", "rows": rows},
                  {"path": p["target"] + "/.keep", "kind": "text", "text": ""}]  # fmt: skip
        return images, others

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        return [job(f"{p['folder']}/{name}", f"{p['target']}/{name}", [["scale", width, 0]])
                for name, width in self._rows(p)]  # fmt: skip

    def checks(self, p: dict[str, Any]) -> str:
        # The jobs come from the workbook as setup wrote it, not from the task's world.
        return """
book = openpyxl.load_workbook(os.path.join(start, P["sheet"]), read_only=True)
rows = [r for r in book.active.iter_rows(min_row=2, values_only=True) if r and r[0]]
JOBS = [{"src": P["folder"] + "/" + r[0], "dst": P["target"] + "/" + r[0],
         "steps": [["scale", int(r[1]), 0]], "format": "png"} for r in rows]
checks.append(("sheet_read", 0, len(JOBS) > 0, f"{len(JOBS)} rows in the sheet"))
""" + super().checks(p).split("\n", 1)[1]


class CaptionFromBriefParams(TaskParams):
    brief: str
    image: str
    output: str
    size: int
    band: int


class CaptionFromBrief(ImageFamily):
    """The marketing brief (a Writer document) says the caption; set it in the promo image's
    lower band in white and export."""

    id: ClassVar[str] = "caption-from-brief"
    apps: ClassVar[tuple[str, ...]] = ("writer", "image-editor")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("layer", "text", "text-from-document")
    params_type: ClassVar[type[TaskParams] | None] = CaptionFromBriefParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        brief = f"Documents/{rng.choice(['campaign_brief', 'promo_brief'])}.docx"
        image, output = "Pictures/promo_base.png", "Pictures/promo_captioned.png"
        size, band = rng.choice([28, 32]), 90
        b, src, dst = f"~/{brief}", f"~/{image}", f"~/{output}"
        instruction = rng.choice([
            f"The brief {b} gives the caption for the promo picture. Set it in white, {size} "
            f"px Sans, centred in the dark bottom band of {src}, and export as {dst}.",
            f"Read the caption from {b} and write it into the lower band of {src} (white, "
            f"size {size} px, centred). Save the result as {dst}.",
            f"Caption {src} as {b} asks: the exact caption line in white {size}-pixel "
            f"letters, centred in the bottom band, exported to {dst}.",
            f"{dst} should be {src} with the caption from {b} in its lower band, white, "
            f"{size} px, centred.",
            f"Take the caption the campaign brief {b} states and put it, white and {size} px "
            f"high, in the middle of the dark band at the bottom of {src}; export {dst}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{brief} is open in Writer; a line of it starts with 'Caption:'. GIMP "
            f"shows /home/user/{image} (960x540), whose bottom {band} pixel rows are an empty "
            "dark band. The home folder is /home/user (~).",
            brief=brief, image=image, output=output, size=size, band=band,
        )  # fmt: skip

    def _caption(self, p: Mapping[str, Any]) -> str:
        return random.Random(f"brief/{p['brief']}/{p['size']}").choice(CAPTIONS)

    def start_image(self, params: Mapping[str, Any]) -> str:
        return str(params["image"])

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        return [StartWindow(app="writer", path="/home/user/" + params["brief"]),
                *super().start_windows(params)]  # fmt: skip

    def world(
        self, p: dict[str, Any], rng: random.Random
    ) -> tuple[list[ImageSpec], list[dict[str, Any]]]:
        text = (f"Campaign brief - {rng.choice(BRANDS)}\nAudience: existing customers.\n"
                f"Caption: {self._caption(p)}\nDeadline: Friday, 12:00.")  # fmt: skip
        return [promo_spec(p["image"], rng, p["band"])], [
            {"path": p["brief"], "kind": "docx", "text": text}
        ]

    def jobs(self, p: dict[str, Any]) -> list[Job]:
        step = ["caption", self._caption(p), p["size"], [255, 255, 255], p["band"]]
        return [job(p["image"], p["output"], [step])]

    def checks(self, p: dict[str, Any]) -> str:
        # The caption comes from the brief as setup wrote it.
        read = (
            "[x.text.split(':', 1)[1].strip() for x in docx.Document(os.path.join(start, "
            "P['brief'])).paragraphs if x.text.startswith('Caption:')][0]"
        )
        return caption_body(p["image"], p["output"], read, p["size"], p["band"])
