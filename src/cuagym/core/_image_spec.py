"""How a policy declares the screenshots it receives, and the coordinates it answers in
(DESIGN.md §6): part of the :class:`~cuagym.core.Policy` protocol.

Screenshots are sent native, or resized (aspect ratio kept) to a multiple-of-``factor`` grid
holding between ``min_pixels`` and ``max_pixels`` pixels — Qwen-VL's ``smart_resize`` rule, so
the image the model sees is exactly the one its processor would have made.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["MAX_ASPECT_RATIO", "CoordinateSpace", "ImageSpec", "smart_resize"]

CoordinateSpace = Literal["pixels", "norm1000"]
#: Qwen-VL's limit: beyond this aspect ratio the processor refuses the image.
MAX_ASPECT_RATIO = 200


class ImageSpec(BaseModel):
    """The resolution a policy declares for the screenshots it receives."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Literal["native", "smart"] = "smart"
    factor: Literal[28, 32] = Field(28, description="patch size x merge size of the processor")
    min_pixels: int = Field(65_536, gt=0)
    max_pixels: int = Field(2_097_152, gt=0)

    @model_validator(mode="after")
    def _bounds(self) -> ImageSpec:
        if self.min_pixels > self.max_pixels:
            raise ValueError(f"min_pixels {self.min_pixels} > max_pixels {self.max_pixels}")
        if self.max_pixels < self.factor * self.factor:
            raise ValueError(f"max_pixels {self.max_pixels} is below one {self.factor}² patch")
        return self

    def size(self, width: int, height: int) -> tuple[int, int]:
        """The (width, height) an image of this size is sent at."""
        if self.mode == "native":
            return width, height
        return smart_resize(width, height, self)


def smart_resize(width: int, height: int, spec: ImageSpec) -> tuple[int, int]:
    """Qwen-VL's rule: the nearest multiple-of-factor size with min ≤ w·h ≤ max pixels,
    keeping the aspect ratio. Returns (width, height)."""
    if width <= 0 or height <= 0:
        raise ValueError(f"cannot resize an empty image ({width}x{height})")
    if max(width, height) / min(width, height) > MAX_ASPECT_RATIO:
        raise ValueError(
            f"aspect ratio of {width}x{height} exceeds {MAX_ASPECT_RATIO}: the model's "
            "processor refuses such an image"
        )
    f = spec.factor
    h_bar = max(f, round(height / f) * f)
    w_bar = max(f, round(width / f) * f)
    if h_bar * w_bar > spec.max_pixels:
        beta = math.sqrt((height * width) / spec.max_pixels)
        h_bar = max(f, math.floor(height / beta / f) * f)
        w_bar = max(f, math.floor(width / beta / f) * f)
    elif h_bar * w_bar < spec.min_pixels:
        beta = math.sqrt(spec.min_pixels / (height * width))
        h_bar = math.ceil(height * beta / f) * f
        w_bar = math.ceil(width * beta / f) * f
    return w_bar, h_bar
