"""Screenshots as the policy receives them (DESIGN.md §6), and its coordinates back.

Screenshots are stored at native resolution; the policy gets them at the resolution its
:class:`~cuagym.core.ImageSpec` declares (the spec and ``smart_resize`` are part of the policy
protocol, in core). Resizing is deterministic, because the RL slices rebuild the same context
from the stored screenshots.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict

from cuagym.core import ImageSpec
from cuagym.core._action import Coordinate, to_pixels
from cuagym.core._image_spec import smart_resize
from cuagym.core.policy import CoordinateSpace
from cuagym.envs import decode_unfiltered_rgb, png_size, resized_png
from cuagym.llm import ImagePart

__all__ = [
    "CoordinateSpace",
    "ImageCache",
    "ImageSpec",
    "prepare_image",
    "smart_resize",
    "to_screen",
]


class ImageCache:
    """Prepared images by (content hash, size): a context rebuilt at every turn resizes each
    screenshot once. Bounded (least recently used out first)."""

    def __init__(self, max_items: int = 256) -> None:
        self.max_items = max_items
        self._items: OrderedDict[tuple[bytes, int, int], ImagePart] = OrderedDict()

    def get(self, key: tuple[bytes, int, int]) -> ImagePart | None:
        part = self._items.get(key)
        if part is not None:
            self._items.move_to_end(key)
        return part

    def put(self, key: tuple[bytes, int, int], part: ImagePart) -> None:
        self._items[key] = part
        self._items.move_to_end(key)
        while len(self._items) > self.max_items:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


def prepare_image(png: bytes, spec: ImageSpec, cache: ImageCache | None = None) -> ImagePart:
    """The screenshot ``png`` (native) as an image part at the spec's resolution."""
    width, height = png_size(png)
    out_w, out_h = spec.size(width, height)
    if (out_w, out_h) == (width, height):
        return ImagePart(png=png, width=width, height=height)
    key = (hashlib.sha256(png).digest(), out_w, out_h)
    if cache is not None and (hit := cache.get(key)) is not None:
        return hit
    # A screenshot whose policy image was made from the raw screen as it was captured (see
    # Desktop.prepare_sizes): the same bytes this function would make from the PNG.
    ahead = getattr(png, "resized", None)
    if isinstance(ahead, dict) and isinstance(made := ahead.get((out_w, out_h)), bytes):
        part = ImagePart(png=made, width=out_w, height=out_h)
    else:
        part = ImagePart(png=resized_png(width, height, _rgb(png), (out_w, out_h)),
                         width=out_w, height=out_h)  # fmt: skip
    if cache is not None:
        cache.put(key, part)
    return part


def _rgb(png: bytes) -> bytes:
    # Our own screenshots (unfiltered RGB) skip the general decoder; the pixels are the same.
    own = decode_unfiltered_rgb(png)
    if own is not None:
        return own[2]
    from PIL import Image  # the gui/office extras carry Pillow; the parser alone needs none

    with Image.open(io.BytesIO(png)) as opened:
        return opened.convert("RGB").tobytes()


def to_screen(
    coordinate: Coordinate | list[int],
    *,
    space: CoordinateSpace,
    sent_size: tuple[int, int],
    screen_size: tuple[int, int],
) -> Coordinate:
    """A policy's coordinate (pixels of the image it was sent, or the 0–1000 grid) as screen
    pixels, clamped to the screen."""
    x, y = int(coordinate[0]), int(coordinate[1])
    if space == "norm1000":
        return to_pixels((x, y), screen_size, "norm1000")
    sent_w, sent_h = sent_size
    screen_w, screen_h = screen_size
    if (sent_w, sent_h) != (screen_w, screen_h):
        x, y = round(x * screen_w / sent_w), round(y * screen_h / sent_h)
    return to_pixels((x, y), screen_size, "pixels")
