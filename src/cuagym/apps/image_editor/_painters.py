"""Painters of the image domain's start images: product photos drawn as scenes, bar charts,
app screenshots, banners with text, landscape photos (Pillow only, no randomness beyond the
spec's seed: two specs alike give byte-identical files).

Script text, read by :func:`cuagym.scripts.inlined`: everything below the inline marker is
pasted into ``initial_setup.py`` (and imported on the host by tests). The images carry large
shapes and strong edges on purpose: a wrong crop, scale or rotation moves them far enough that
a downsampled comparison sees it through any resampling filter or JPEG encoder.
"""

# mypy: allow-untyped-defs, disable-error-code="no-untyped-call, no-any-return, var-annotated"
# The text below the marker is pasted verbatim into scripts (unannotated, formatted by hand):
# mypy still checks the function bodies, ruff format leaves it alone.
import io
import random

from PIL import Image, ImageDraw, ImageFont

# fmt: off
# -- inlined into reward.py --
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def font(size, bold=False):
    try:
        return ImageFont.truetype(FONT_BOLD if bold else FONT, size)
    except OSError:  # no DejaVu: Pillow's own scalable font
        return ImageFont.load_default(size)


def vertical_gradient(w, h, top, bottom):
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):
        t = y / max(1, h - 1)
        colour = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        d.line([(0, y), (w, y)], fill=colour)
    return im


def paint_product(spec, rng):
    w, h = spec["w"], spec["h"]
    im = vertical_gradient(w, h, (236, 232, 226), (190, 184, 176))
    d = ImageDraw.Draw(im)
    colour = tuple(rng.randint(40, 220) for _ in range(3))
    cx, cy = int(w * rng.uniform(0.36, 0.44)), int(h * 0.55)
    # a gift box to the right and a window of light top left: no scene is its own mirror image
    d.rectangle([int(w * 0.7), int(h * 0.5), int(w * 0.9), int(h * 0.8)], fill=(70, 90, 150))
    d.rectangle([int(w * 0.79), int(h * 0.5), int(w * 0.81), int(h * 0.8)], fill=(230, 200, 60))
    d.rectangle([int(w * 0.05), int(h * 0.06), int(w * 0.25), int(h * 0.36)], fill=(252, 250, 240))
    bw, bh = int(w * 0.28), int(h * 0.5)
    d.ellipse([cx - bw, cy + bh // 2 - 18, cx + bw, cy + bh // 2 + 18], fill=(120, 114, 108))
    d.rounded_rectangle([cx - bw // 2, cy - bh // 2, cx + bw // 2, cy + bh // 2], 24, fill=colour)
    lid = [cx - bw // 4, cy - bh // 2 - h // 12, cx + bw // 4, cy - bh // 2]
    d.rectangle(lid, fill=(60, 60, 60))
    label = spec["text"][:14]
    d.text((cx - bw // 2 + 12, cy - 10), label, fill=(250, 250, 250), font=font(h // 18, True))
    return im


def paint_chart(spec, rng):
    w, h = spec["w"], spec["h"]
    im = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(im)
    d.text((w // 20, h // 30), spec["text"], fill=(30, 30, 30), font=font(h // 16, True))
    left, top, right, bottom = w // 10, h // 5, w - w // 20, h - h // 8
    d.line([(left, top), (left, bottom), (right, bottom)], fill=(60, 60, 60), width=3)
    values = spec.get("values") or [rng.randint(20, 100) for _ in range(6)]
    step = (right - left) // len(values)
    for i, v in enumerate(values):
        x = left + i * step + step // 5
        y = bottom - int((bottom - top) * v / max(values))
        fill = (52, 101, 164) if i % 2 else (245, 121, 0)
        d.rectangle([x, y, x + step * 3 // 5, bottom - 2], fill=fill)
        d.text((x, bottom + 6), str(v), fill=(40, 40, 40), font=font(h // 26))
    return im


def paint_screenshot(spec, rng):
    w, h = spec["w"], spec["h"]
    im = Image.new("RGB", (w, h), (246, 246, 246))
    d = ImageDraw.Draw(im)
    d.rectangle([0, 0, w, h // 14], fill=(48, 54, 64))
    d.text((12, h // 60), spec["text"], fill=(255, 255, 255), font=font(h // 28, True))
    d.rectangle([0, h // 14, w // 5, h], fill=(226, 230, 236))
    for i in range(6):
        y = h // 14 + 20 + i * (h // 12)
        fill = (180, 188, 200) if i else (52, 101, 164)
        d.rectangle([14, y, w // 5 - 14, y + h // 30], fill=fill)
    for i in range(rng.randint(3, 5)):
        y = h // 8 + i * (h // 6)
        card = [w // 5 + 24, y, w - 24, y + h // 8]
        d.rectangle(card, outline=(200, 200, 200), fill=(255, 255, 255), width=2)
        d.text((w // 5 + 40, y + 12), f"Item {i + 1}", fill=(30, 30, 30), font=font(h // 32))
    return im


def paint_banner(spec, rng):
    w, h = spec["w"], spec["h"]
    im = Image.new("RGB", (w, h), tuple(spec.get("bg") or (250, 245, 235)))
    d = ImageDraw.Draw(im)
    panels = spec.get("panels") or []
    for p in panels:  # [x, y, w, h, [r, g, b], label]
        x, y, pw, ph, colour, label = p
        d.rectangle([x, y, x + pw - 1, y + ph - 1], fill=tuple(colour))
        face = font(max(12, ph // 6), True)
        d.text((x + pw // 12, y + ph // 3), label, fill=(255, 255, 255), font=face)
    if not panels:
        d.rectangle([0, 0, w // 2, h], fill=(196, 30, 58))
        d.text((w // 20, h // 3), spec["text"], fill=(255, 255, 255), font=font(h // 7, True))
    return im


def paint_photo(spec, rng):
    w, h = spec["w"], spec["h"]
    im = vertical_gradient(w, h, (96, 160, 220), (210, 232, 246))
    d = ImageDraw.Draw(im)
    sun = (int(w * rng.uniform(0.15, 0.85)), int(h * rng.uniform(0.12, 0.3)))
    r = h // 10
    d.ellipse([sun[0] - r, sun[1] - r, sun[0] + r, sun[1] + r], fill=(255, 214, 90))
    for layer, colour in enumerate(((90, 110, 130), (60, 96, 70), (40, 70, 48))):
        base = int(h * (0.55 + 0.12 * layer))
        points = [(0, h)]
        for x in range(0, w + w // 6, w // 6):
            points.append((x, base - rng.randint(0, h // 5)))
        points.append((w, h))
        d.polygon(points, fill=colour)
    d.rectangle([int(w * 0.7), int(h * 0.72), int(w * 0.78), int(h * 0.86)], fill=(150, 60, 40))
    return im


PAINTERS = {
    "product": paint_product,
    "chart": paint_chart,
    "screenshot": paint_screenshot,
    "banner": paint_banner,
    "photo": paint_photo,
}


def paint(spec):
    """The image of ``spec`` (``kind``, ``w``, ``h``, ``seed``, ``text``, optional extras)."""
    return PAINTERS[spec["kind"]](spec, random.Random(spec["seed"]))


def encoded(im, fmt, quality=90):
    """``im`` as the bytes of a PNG or a JPEG file (no metadata, fixed settings)."""
    out = io.BytesIO()
    if fmt == "jpeg":
        im.convert("RGB").save(out, "JPEG", quality=quality)
    else:
        im.save(out, "PNG", optimize=False)
    return out.getvalue()
