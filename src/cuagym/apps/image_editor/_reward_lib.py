"""Helpers every image ``reward.py`` carries (inlined after the shared guard libraries and the
edits of :mod:`._edit`).

Real code, imported and tested on the host, and the text pasted into each reward below the
marker. Images are compared the way the task's outcome matters to a person, not byte by byte:
GIMP resamples with its own cubic filter and its own JPEG encoder, Pillow with others, so an
output is compared with the expected image (the initial image through :func:`apply_steps`) by
its size (exact: the task names it) and by the mean absolute difference of both images
reduced to :data:`GRID` x :data:`GRID` pixels (box filter), per channel on 0..255.
:data:`TOLERANCE` (6) sits well above what two resamplers or a JPEG at quality >= 60 leave
(Pillow's Lanczos + JPEG 60 against its bicubic: 0.7-1.2 on this domain's images) and below
what a crop 90 px off, a mirrored image, a missed desaturation or a wrong turn leave (12-115;
``tests/families/image_editor/test_families`` holds both sides).

The whole-home guard: every changed path must be an output the task asks for, except new
``.xcf`` files (GIMP's own format: saving the work as well is what a careful person does) and
LibreOffice's lock file beside a document a cross task has open.
"""

# mypy: allow-untyped-defs, disable-error-code="no-untyped-call, no-any-return, var-annotated"
# The text below the marker is pasted verbatim into scripts (unannotated, formatted by hand):
# mypy still checks the function bodies, ruff format leaves it alone.
import os

from PIL import Image, ImageChops

from cuagym.apps.image_editor._edit import apply_steps
from cuagym.scripts._home import HOME

# fmt: off
# -- inlined into reward.py --

GRID = 48
TOLERANCE = 6.0
#: libjpeg's luminance quantization table at quality 50 (the IJG standard), for quality guesses
_STD_LUMA = (
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69,
    56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81,
    104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
)  # fmt: skip


def open_image(root, path):
    """(image loaded as RGB, format "png" / "jpeg" / other lower case, mode) or None."""
    try:
        with Image.open(os.path.join(root, path)) as im:
            im.load()
            fmt = (im.format or "").lower()
            quality = jpeg_quality(im) if fmt == "jpeg" else None
            return {"image": im.convert("RGB"), "format": fmt, "mode": im.mode,
                    "size": im.size, "quality": quality}  # fmt: skip
    except (OSError, ValueError, SyntaxError):
        return None


def jpeg_quality(im):
    """The IJG quality a JPEG's luminance table was scaled from (about; None if unknown)."""
    tables = getattr(im, "quantization", None) or {}
    if 0 not in tables:
        return None
    scale = 100.0 * sum(tables[0]) / sum(_STD_LUMA)
    return round(100 - scale / 2) if scale <= 100 else round(5000 / scale)


def difference(a, b):
    """Mean absolute difference (0..255) of two images reduced to GRID x GRID."""
    small = [im.convert("RGB").resize((GRID, GRID), Image.Resampling.BOX) for im in (a, b)]
    pa, pb = small[0].tobytes(), small[1].tobytes()
    return sum(abs(x - y) for x, y in zip(pa, pb, strict=False)) / len(pa)


def expected_of(state, path, steps):
    """The initial image at ``path`` through ``steps`` (None if it cannot be read)."""
    found = open_image(state["start"], path)
    return apply_steps(found["image"], steps) if found else None


def written(state, path):
    """The image now at ``path`` if the task's run changed or made it there, else None."""
    now = state["after"].get(path)
    if not now or now[0] != "file" or now == state["before"].get(path):
        return None
    return open_image(HOME, path)


def output_checks(checks, state, label, path, steps, fmt, source=None, quality=None, points=1):
    """Append the checks of one output: there, in ``fmt``, the expected size, the expected
    look (within TOLERANCE) and, for a JPEG asked at ``quality``, that quality (+-5)."""
    want = expected_of(state, source or path, steps)
    got = written(state, path)
    checks.append((label + "_written", points, got is not None,
                   path + (" written" if got else " not written, or not an image")))  # fmt: skip
    if got is None or want is None:
        checks.append((label + "_as_asked", points * 2, False, "nothing to compare"))
        return
    detail = (f"{got['format']} {got['size'][0]}x{got['size'][1]}, "
              f"expected {fmt} {want.size[0]}x{want.size[1]}")
    ok = got["format"] == fmt and got["size"] == want.size
    if ok:
        diff = difference(got["image"], want)
        detail += f", difference {diff:.1f} (tolerance {TOLERANCE})"
        ok = diff <= TOLERANCE
    if ok and quality is not None:
        detail += f", quality {got['quality']} (asked {quality})"
        ok = got["quality"] is not None and abs(got["quality"] - quality) <= 5
    checks.append((label + "_as_asked", points * 2, ok, detail))


def is_office_lock(path):
    """LibreOffice's lock file beside a document it has open (``.~lock.name#``)."""
    name = path.rsplit("/", 1)[-1]
    return name.startswith(".~lock.") and name.endswith("#")


def off_plan(state, changes, outputs):
    """Changed paths the task did not ask for, sorted. New .xcf files are allowed, and so is
    the lock file of a workbook or brief open in Calc or Writer."""
    allowed = set(outputs)
    made = [p for p in changes
            if (p.endswith(".xcf") or is_office_lock(p)) and p not in state["before"]]  # fmt: skip
    return sorted(p for p in changes if p not in allowed and p not in made)


def changed_share(a, b, threshold=24):
    """The share of pixels whose channels differ by more than ``threshold`` somewhere (an
    untouched area of a PNG export is exact; a stray word changes a few hundred pixels)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    worst = ImageChops.lighter(ImageChops.lighter(diff[0], diff[1]), diff[2])
    hist = worst.histogram()
    return sum(hist[threshold + 1 :]) / max(1, a.width * a.height)


def ink_box(im, colour, top):
    """The bounding box (left, top, right, bottom) of the pixels below row ``top`` within 80
    of ``colour`` on every channel, or None."""
    band = im.convert("RGB").crop((0, top, im.width, im.height))
    near = [ch.point(lambda v, c=c: 255 if abs(v - c) <= 80 else 0)
            for ch, c in zip(band.split(), colour, strict=False)]  # fmt: skip
    both = near[0]
    for ch in near[1:]:
        both = Image.composite(ch, Image.new("L", ch.size, 0), both)
    box = both.getbbox()
    return None if box is None else (box[0], box[1] + top, box[2], box[3] + top)


def caption_checks(checks, state, path, source, text, size, colour, band):
    """A caption written in the bottom ``band`` pixels: above the band the image as it was
    (at most 0.2 % of its pixels changed by more than 24 levels); in the band, ink of the
    caption's colour about as wide as ``text`` set in DejaVu Sans at ``size`` px (0.65x..1.5x:
    GIMP's Sans and hinting differ), as high (0.6x..1.6x) and centred (+-8 % of the width).
    Which words the ink spells is not read (no OCR here)."""
    got = written(state, path)
    want = expected_of(state, source, [["caption", text, size, colour, band]])
    checks.append(("caption_image_written", 1, got is not None,
                   path + (" written" if got else " not written, or not an image")))  # fmt: skip
    if got is None or want is None or got["size"] != want.size:
        checks.append(("caption_as_asked", 3, False, "no image of the original size at " + path))
        return
    w, h = want.size
    rest = changed_share(got["image"].crop((0, 0, w, h - band)), want.crop((0, 0, w, h - band)))
    checks.append(("picture_kept", 1, rest <= 0.002,
                   f"above the band: {rest:.2%} of the pixels changed (<= 0.2 %)"))  # fmt: skip
    mine, ideal = ink_box(got["image"], colour, h - band), ink_box(want, colour, h - band)
    if mine is None or ideal is None:
        checks.append(("caption_as_asked", 3, False, "no caption-coloured ink in the band"))
        return
    ratio = (mine[2] - mine[0]) / max(1, ideal[2] - ideal[0])
    centre = abs((mine[0] + mine[2]) - (ideal[0] + ideal[2])) / 2
    tall = (mine[3] - mine[1]) / max(1, ideal[3] - ideal[1])
    ok = 0.65 <= ratio <= 1.5 and centre <= 0.08 * w and 0.6 <= tall <= 1.6
    checks.append(("caption_as_asked", 3, ok,
                   f"ink {ratio:.2f}x the caption's width, {tall:.2f}x its height, "
                   f"{centre:.0f} px off centre"))  # fmt: skip
