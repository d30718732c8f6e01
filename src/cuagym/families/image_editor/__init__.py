"""The image editor's procedural task families (GIMP 2.10), one per taxonomy leaf.

``FAMILIES`` (entry point ``cuagym.families``) is :mod:`cuagym.families.homes.image_editor`;
what other families build image tasks with is :mod:`.kit`.
"""

from __future__ import annotations

from cuagym.families.image_editor._basic import (
    CropRegion,
    DesaturateForPrint,
    RotateUpright,
    ScaleToWidth,
)
from cuagym.families.image_editor._hard import BannerPanel, CaptionBand, ShrinkFolder

__all__ = [
    "BannerPanel",
    "CaptionBand",
    "CropRegion",
    "DesaturateForPrint",
    "RotateUpright",
    "ScaleToWidth",
    "ShrinkFolder",
]
