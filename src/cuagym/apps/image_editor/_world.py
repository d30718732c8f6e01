"""The Generator's raw material: realistic image names, captions and scenes, varied per task."""

from __future__ import annotations

import random
from typing import Any

__all__ = ["BRANDS", "CAPTIONS", "ImageSpec", "banner_spec", "chart_spec", "image_spec",
           "photo_names"]  # fmt: skip

#: an image of the start home: ``path`` (relative to /home/user), ``kind`` (a painter),
#: ``w``, ``h``, ``seed``, ``text``, ``format`` ("png" / "jpeg"), ``quality``, painter extras
ImageSpec = dict[str, Any]

BRANDS: tuple[str, ...] = ("Nordlicht", "Cobalt Tea", "Helix Audio", "Evergreen", "Brightside",
                           "Delta Bikes")  # fmt: skip
CAPTIONS: tuple[str, ...] = (
    "Spring sale - 20% off",
    "New in store this week",
    "Limited edition",
    "Open house on Saturday",
    "Free shipping over 50 EUR",
    "Thank you for 10 years",
)
_PRODUCTS = ("mug", "lamp", "kettle", "speaker", "backpack", "bottle", "headphones")
_CHARTS = ("Monthly revenue", "Tickets closed per week", "Visitors by region", "Units sold")
_APPS = ("Inbox - Mail", "Project board", "Settings", "Orders dashboard")


def image_spec(
    path: str, kind: str, w: int, h: int, rng: random.Random, text: str = "", **extra: Any
) -> ImageSpec:
    fmt = "jpeg" if path.lower().endswith((".jpg", ".jpeg")) else "png"
    spec: ImageSpec = {"path": path, "kind": kind, "w": w, "h": h, "seed": rng.randrange(10**6),
                       "text": text, "format": fmt, "quality": 92}  # fmt: skip
    spec.update(extra)
    return spec


def chart_spec(path: str, rng: random.Random, values: list[int] | None = None) -> ImageSpec:
    return image_spec(path, "chart", 960, 600, rng, rng.choice(_CHARTS), values=values)


def banner_spec(
    path: str, rng: random.Random, w: int, h: int, panels: list[list[Any]]
) -> ImageSpec:
    """A banner of coloured panels (``[x, y, w, h, [r, g, b], label]``)."""
    return image_spec(path, "banner", w, h, rng, "", panels=panels)


def photo_names(rng: random.Random, count: int) -> list[str]:
    """Camera-like and product-like file names, distinct."""
    names = [f"IMG_{n:04d}.jpg" for n in rng.sample(range(1000, 9999), count)]
    products = rng.sample(_PRODUCTS, min(count, len(_PRODUCTS)))
    return [f"{products[i]}_{names[i][4:8]}.jpg" if i % 2 else names[i] for i in range(count)]


def screenshot_title(rng: random.Random) -> str:
    return rng.choice(_APPS)
