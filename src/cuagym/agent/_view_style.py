"""The viewer's shared look: one stylesheet for the index and the episode pages."""

from __future__ import annotations

from importlib import resources

__all__ = ["BASE_STYLE"]

BASE_STYLE = resources.files("cuagym.agent").joinpath("_view_style.css").read_text(encoding="utf-8")
