"""The image edits a task asks for, done with Pillow: what ``golden_patch.py`` writes and what
``reward.py`` expects an output to look like (both paste this text below the marker).

A job is a list of steps applied in order to an image:

- ``["crop", x, y, w, h]``: keep the rectangle at (x, y) of size w x h;
- ``["scale", w, h]``: resample to w x h (a height of 0: the width's share of the height, the
  aspect ratio kept and rounded as GIMP rounds it);
- ``["rotate", 90 | 180 | 270]``: clockwise, as Image > Transform > Rotate 90° clockwise;
- ``["flip", "horizontal" | "vertical"]``;
- ``["canvas", w, h, x, y, [r, g, b]]``: a canvas of w x h filled with the colour, the image
  placed at offset (x, y) (Image > Canvas Size, then the layer filled and flattened);
- ``["desaturate"]``: grey by luminance as GIMP 2.10 computes it (Colors > Desaturate >
  Desaturate, mode Luminance: Rec. 709 weights on linear light, not Pillow's ``convert("L")``,
  whose gamma-space Rec. 601 weights give a red 20 levels darker);
- ``["brightness", delta]``: every channel plus ``delta`` (-127..127), clipped;
- ``["caption", text, size, [r, g, b], band]``: the text drawn centred in the bottom
  ``band`` pixels.
"""

# mypy: allow-untyped-defs, disable-error-code="no-untyped-call, no-any-return, var-annotated"
# The text below the marker is pasted verbatim into scripts (unannotated, formatted by hand):
# mypy still checks the function bodies, ruff format leaves it alone.
from PIL import Image, ImageDraw, ImageFont, ImageOps

# fmt: off
# -- inlined into reward.py --
CAPTION_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def scaled_height(w0: int, h0: int, w: int) -> int:
    """The height GIMP's Scale Image gives a ``w0`` x ``h0`` image scaled to width ``w`` with
    its chain linked (rounded to the nearest pixel)."""
    return max(1, int(h0 * w / w0 + 0.5))


def caption_font(size):
    try:
        return ImageFont.truetype(CAPTION_FONT, size)
    except OSError:
        return ImageFont.load_default(size)


def srgb_to_linear(v):
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def desaturated(im):
    """GIMP's Desaturate (Luminance) of an RGB image, as an RGB image of greys."""
    lin = [srgb_to_linear(v) for v in range(256)]
    greys = {}
    raw = im.convert("RGB").tobytes()
    out = bytearray(len(raw) // 3)
    for i in range(len(out)):
        px = raw[3 * i : 3 * i + 3]
        grey = greys.get(px)
        if grey is None:
            y = 0.2126 * lin[px[0]] + 0.7152 * lin[px[1]] + 0.0722 * lin[px[2]]
            s = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
            grey = greys[px] = max(0, min(255, int(s * 255 + 0.5)))
        out[i] = grey
    return Image.frombytes("L", im.size, bytes(out)).convert("RGB")


def apply_step(im, step):
    op = step[0]
    if op == "crop":
        x, y, w, h = step[1:5]
        return im.crop((x, y, x + w, y + h))
    if op == "scale":
        w, h = step[1], step[2] or scaled_height(im.width, im.height, step[1])
        return im.resize((w, h), Image.Resampling.BICUBIC)
    if op == "rotate":  # clockwise; Pillow's transpose names are counter-clockwise
        turn = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180,
                270: Image.Transpose.ROTATE_90}[step[1]]  # fmt: skip
        return im.transpose(turn)
    if op == "flip":
        return ImageOps.mirror(im) if step[1] == "horizontal" else ImageOps.flip(im)
    if op == "canvas":
        w, h, x, y, colour = step[1:6]
        out = Image.new("RGB", (w, h), tuple(colour))
        out.paste(im.convert("RGB"), (x, y))
        return out
    if op == "desaturate":
        return desaturated(im)
    if op == "brightness":
        delta = step[1]
        return im.convert("RGB").point(lambda v: max(0, min(255, v + delta)))
    if op == "caption":
        text, size, colour, band = step[1:5]
        out = im.convert("RGB")
        draw = ImageDraw.Draw(out)
        face = caption_font(size)
        left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
        x = (out.width - (right - left)) // 2 - left
        y = out.height - band + (band - (bottom - top)) // 2 - top
        draw.text((x, y), text, fill=tuple(colour), font=face)
        return out
    raise ValueError("unknown step " + str(op))


def apply_steps(im, steps):
    for step in steps:
        im = apply_step(im, step)
    return im
