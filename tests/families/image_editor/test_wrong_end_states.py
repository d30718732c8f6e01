"""Wrong end states of every image family score below 1.0, and for the stated reason.

Each case is a plausible end state an RL policy reaches, most from the gold state (the golden
patch, then a small Pillow script: the wrong width, the neighbouring panel, a mirrored turn, a
caption in the wrong place, a collateral change), some from the initial one. It runs for real
(setup, the ``initial`` snapshot, the scripts, the reward in a sandbox) and must score < 1.0
with the named check failing.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import load_domain
from tests.families.desktop_harness import score_end_states

domain = load_domain("image-editor")

pytestmark = pytest.mark.slow

#: what every change script starts with: the task's params, the home, Pillow, a caption pen
PREAMBLE = """
import json
import os
import shutil

from PIL import Image, ImageDraw, ImageFont, ImageOps

os.chdir("/home/user")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def pen(path, text, size, colour, x=None, y=None, cover=True):
    im = Image.open(path).convert("RGB")
    d = ImageDraw.Draw(im)
    band = P.get("band", 90)
    if cover:
        d.rectangle([0, im.height - band, im.width, im.height], fill=(24, 24, 28))
    face = ImageFont.truetype(FONT, size)
    w = d.textlength(text, font=face)
    x = (im.width - w) // 2 if x is None else x
    y = im.height - band + (band - size) // 2 if y is None else y
    d.text((x, y), text, fill=colour, font=face)
    im.save(path)
"""


def script(body: str) -> Any:
    def build(p: dict[str, Any]) -> str:
        return PREAMBLE + f"\nP = json.loads({json.dumps(p)!r})\n" + body

    return build


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str
    script: Any
    fails: str
    from_gold: bool = True


def case(family: str, why: str, body: str, fails: str, from_gold: bool = True) -> Case:
    return Case(family, 1, why, script(body), fails, from_gold)


CASES: list[Case] = [
    case(
        "scale-to-width",
        "ten percent too wide",
        """
im = Image.open(P["output"]); im.resize((im.width + im.width // 10, im.height)).save(P["output"])
""",
        "output1_as_asked",
    ),
    case(
        "scale-to-width",
        "aspect ratio lost",
        """
src = Image.open(P["image"]); src.resize((P["width"], src.height)).save(P["output"])
""",
        "output1_as_asked",
    ),
    case(
        "scale-to-width",
        "the original overwritten too",
        """
Image.open(P["output"]).save(P["image"])
""",
        "nothing_else_changed",
    ),
    case(
        "rotate-upright",
        "mirrored on top of the turn",
        """
ImageOps.mirror(Image.open(P["image"])).save(P["image"])
""",
        "output1_as_asked",
    ),
    case(
        "rotate-upright",
        "JPEG bytes under the PNG name",
        """
Image.open(P["image"]).convert("RGB").save(P["image"], "JPEG", quality=95)
""",
        "output1_as_asked",
    ),
    case(
        "rotate-upright",
        "a copy left beside it",
        """
shutil.copy(P["image"], P["image"].replace(".png", "_rotated.png"))
""",
        "nothing_else_changed",
    ),
    case(
        "crop-region",
        "the rectangle 40 px off",
        """
x, y, w, h = P["box"]
Image.open(P["image"]).crop((x + 40, y + 40, x + 40 + w, y + 40 + h)).save(P["output"])
""",
        "output1_as_asked",
    ),
    case(
        "crop-region",
        "the whole screenshot exported",
        """
shutil.copy(P["image"], P["output"])
""",
        "output1_as_asked",
    ),
    case(
        "crop-region",
        "the screenshot cropped in place",
        """
shutil.copy(P["output"], P["image"])
""",
        "nothing_else_changed",
    ),
    case(
        "desaturate-for-print",
        "still in colour",
        """
Image.open(P["image"]).convert("RGB").save(P["output"], "JPEG", quality=P["quality"])
""",
        "no_colour_left",
    ),
    case(
        "desaturate-for-print",
        "quality 30",
        """
Image.open(P["output"]).save(P["output"], "JPEG", quality=30)
""",
        "output1_as_asked",
    ),
    case(
        "desaturate-for-print",
        "PNG bytes under the .jpg name",
        """
Image.open(P["output"]).save(P["output"], "PNG")
""",
        "output1_as_asked",
    ),
    case(
        "banner-panel",
        "the neighbouring panel",
        """
x, y, w, h = P["panel"]
x = 500 if x == 0 else x - 500
tile = Image.open(P["image"]).crop((x, y, x + w, y + h))
tile.resize((P["width"], round(h * P["width"] / w)), Image.Resampling.BICUBIC).save(P["output"])
""",
        "output1_as_asked",
    ),
    case(
        "banner-panel",
        "cropped but not scaled",
        """
x, y, w, h = P["panel"]
Image.open(P["image"]).crop((x, y, x + w, y + h)).save(P["output"])
""",
        "output1_as_asked",
    ),
    case(
        "banner-panel",
        "the whole banner scaled",
        """
im = Image.open(P["image"])
im.resize((P["width"], round(im.height * P["width"] / im.width))).save(P["output"])
""",
        "output1_as_asked",
    ),
    case(
        "shrink-folder",
        "a narrow photo blown up too",
        """
for name in sorted(os.listdir(P["folder"])):
    im = Image.open(os.path.join(P["folder"], name))
    if im.width < P["max_width"]:
        big = im.resize((P["max_width"], round(im.height * P["max_width"] / im.width)))
        big.save(os.path.join(P["folder"], name), "JPEG", quality=90)
        break
""",
        "nothing_else_changed",
    ),
    case(
        "shrink-folder",
        "thumbnails left in a subfolder",
        """
os.makedirs(os.path.join(P["folder"], "thumbs"))
for name in sorted(os.listdir(P["folder"])):
    if name.endswith(".jpg"):
        shutil.copy(os.path.join(P["folder"], name), os.path.join(P["folder"], "thumbs", name))
""",
        "nothing_else_changed",
    ),
    case(
        "shrink-folder",
        "every photo re-saved at quality 20",
        """
for name in sorted(os.listdir(P["folder"])):
    path = os.path.join(P["folder"], name)
    Image.open(path).save(path, "JPEG", quality=20)
""",
        "nothing_else_changed",
    ),
    case(
        "shrink-folder",
        "the first wide photo left as it was",
        """
wide = [n for n in sorted(os.listdir(P["folder"]))
        if Image.open(os.path.join(P["folder"], n)).width > P["max_width"]]
for name in wide[1:]:
    path = os.path.join(P["folder"], name)
    im = Image.open(path)
    im.resize((P["max_width"], round(im.height * P["max_width"] / im.width))).save(path, "JPEG")
""",
        "output1_written",
        from_gold=False,
    ),
    case(
        "caption-band",
        "a second caption over the picture",
        """
pen(P["output"], P["caption"], P["size"], (255, 255, 255), y=60, cover=False)
""",
        "picture_kept",
    ),
    case(
        "caption-band",
        "only the first word",
        """
pen(P["output"], P["caption"].split()[0], P["size"], (255, 255, 255))
""",
        "caption_as_asked",
    ),
    case(
        "caption-band",
        "black text in the dark band",
        """
pen(P["output"], P["caption"], P["size"], (0, 0, 0))
""",
        "caption_as_asked",
    ),
    case(
        "caption-band",
        "the original captioned too",
        """
shutil.copy(P["output"], P["image"])
""",
        "nothing_else_changed",
    ),
    case(
        "sizes-from-sheet",
        "the first photo 60 px too wide",
        """
import openpyxl
rows = list(openpyxl.load_workbook(P["sheet"]).active.iter_rows(min_row=2, values_only=True))
name, width = rows[0]
src = Image.open(os.path.join(P["folder"], name))
src.resize((width + 60, round(src.height * (width + 60) / src.width))).save(
    os.path.join(P["target"], name))
""",
        "output1_as_asked",
    ),
    case(
        "sizes-from-sheet",
        "an unlisted photo exported too",
        """
import openpyxl
rows = list(openpyxl.load_workbook(P["sheet"]).active.iter_rows(min_row=2, values_only=True))
listed = {r[0] for r in rows}
extra = [n for n in sorted(os.listdir(P["folder"])) if n not in listed][0]
shutil.copy(os.path.join(P["folder"], extra), os.path.join(P["target"], extra))
""",
        "nothing_else_changed",
    ),
    case(
        "sizes-from-sheet",
        "JPEG bytes under a .png name",
        """
import openpyxl
rows = list(openpyxl.load_workbook(P["sheet"]).active.iter_rows(min_row=2, values_only=True))
path = os.path.join(P["target"], rows[0][0])
Image.open(path).convert("RGB").save(path, "JPEG")
""",
        "output1_as_asked",
    ),
    case(
        "caption-from-brief",
        "the caption twice as large",
        """
import docx
text = [p.text for p in docx.Document(P["brief"]).paragraphs if p.text.startswith("Caption:")]
pen(P["output"], text[0].split(":", 1)[1].strip(), P["size"] * 2, (255, 255, 255))
""",
        "caption_as_asked",
    ),
    case(
        "caption-from-brief",
        "the caption pushed to the left edge",
        """
import docx
text = [p.text for p in docx.Document(P["brief"]).paragraphs if p.text.startswith("Caption:")]
pen(P["output"], text[0].split(":", 1)[1].strip(), P["size"], (255, 255, 255), x=8)
""",
        "caption_as_asked",
    ),
    case(
        "caption-from-brief",
        "the brief edited",
        """
import docx
doc = docx.Document(P["brief"])
doc.add_paragraph("Done.")
doc.save(P["brief"])
""",
        "nothing_else_changed",
    ),
]


@pytest.fixture(scope="module")
def outputs() -> dict[int, RewardOutput]:
    """Every case scored: one environment per (family, seed), cases restored from its
    ``initial`` snapshot; a few environments at a time."""
    groups: dict[tuple[str, int], list[int]] = {}
    for i, c in enumerate(CASES):
        groups.setdefault((c.family, c.seed), []).append(i)
    gate = asyncio.Semaphore(3)

    async def group(key: tuple[str, int], indices: list[int]) -> list[RewardOutput]:
        family = domain.family(key[0])
        task = family.sample(key[1])
        gold = family.generate(task).golden_patch
        states: list[tuple[str, ...]] = []
        for i in indices:
            change = CASES[i].script(task.params)
            states.append((gold, change) if CASES[i].from_gold else (change,))
        async with gate:
            return await score_end_states(family, key[1], states)

    async def everything() -> list[list[RewardOutput]]:
        return await asyncio.gather(*(group(k, v) for k, v in groups.items()))

    done = asyncio.run(everything())
    return {i: out for indices, outs in zip(groups.values(), done, strict=True)
            for i, out in zip(indices, outs, strict=True)}  # fmt: skip


def test_every_family_has_three_wrong_end_states_from_gold() -> None:
    for family in domain.families:
        assert len([c for c in CASES if c.family == family.id and c.from_gold]) >= 3, family.id


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c.family}:{c.why}" for c in CASES])
def test_a_wrong_end_state_is_not_full_credit(index: int, outputs: dict[int, RewardOutput]) -> None:
    c, out = CASES[index], outputs[index]
    failed = {check.name for check in out.checks if not check.passed}
    assert out.reward is not None and out.reward < 1.0, (c.why, out)
    assert c.fails in failed, (c.why, failed, out)
