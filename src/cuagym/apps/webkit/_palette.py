"""The curated neutral palette every mock's accent comes from (the paper's release rules: a
product's brand colours are replaced by one of twelve neutral colours).

Each colour is muted enough to read as no one's brand and dark enough for white text on it
(contrast >= 4.5:1), so any of them can be a theme's accent.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = ["NEUTRAL_PALETTE", "is_palette_colour"]

NEUTRAL_PALETTE: MappingProxyType[str, str] = MappingProxyType(
    {
        "slate": "#475569",
        "graphite": "#3f3f46",
        "stone": "#57534e",
        "sage": "#4d6b57",
        "pine": "#2f6b5e",
        "teal": "#2c6e76",
        "harbor": "#33658a",
        "indigo": "#4b5a9b",
        "plum": "#6b4f7d",
        "mulberry": "#7d4a63",
        "clay": "#8a5442",
        "ochre": "#7a5f1f",
    }
)


def is_palette_colour(name: str) -> bool:
    """Whether ``name`` is one of the twelve palette colours."""
    return name in NEUTRAL_PALETTE
