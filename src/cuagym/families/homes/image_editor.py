"""The task families homed in the image editor, in synth's round-robin order (entry point
``cuagym.families``: ``image-editor``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.image_editor._cross import CaptionFromBrief, SizesFromSheet
from cuagym.families.image_editor import (
    BannerPanel,
    CaptionBand,
    CropRegion,
    DesaturateForPrint,
    RotateUpright,
    ScaleToWidth,
    ShrinkFolder,
)

__all__ = ["FAMILIES"]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    ScaleToWidth(),
    RotateUpright(),
    CropRegion(),
    DesaturateForPrint(),
    BannerPanel(),
    ShrinkFolder(),
    CaptionBand(),
    SizesFromSheet(),
    CaptionFromBrief(),
)
