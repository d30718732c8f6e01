"""A mock app's look as data: an accent from the neutral palette and layout variants, rendered
as CSS custom properties (``--kit-*``) and body classes that ``kit.css`` reads.

Two apps on the kit differ by more than colour: navigation in a top bar or a side bar,
comfortable or compact density, square or round corners, a plain or tinted page.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from cuagym.apps.webkit._palette import NEUTRAL_PALETTE

__all__ = ["Theme", "mix"]

_RADIUS = {"square": 2, "soft": 6, "round": 12}
_DENSITY = {"comfortable": (10, 40, 14), "compact": (6, 30, 13)}  # pad, row height, font px


def mix(colour: str, other: str, weight: float) -> str:
    """``colour`` moved ``weight`` (0..1) of the way towards ``other`` (both ``#rrggbb``)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * weight):02x}" for x, y in zip(a, b, strict=True))


class Theme(BaseModel):
    """How an app on the kit looks; ``css()`` goes into the page's ``<style>``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: a name from ``NEUTRAL_PALETTE`` (brand colours are not allowed in a mock)
    accent: str = "slate"
    #: where the main navigation sits: in the header, a tab row under it, or a side bar
    nav: Literal["top", "tabs", "side"] = "top"
    density: Literal["comfortable", "compact"] = "comfortable"
    radius: Literal["square", "soft", "round"] = "soft"
    #: ``tinted``: a light grey page with white cards; ``plain``: white all through
    surface: Literal["plain", "tinted"] = "tinted"
    #: the header's colour: the accent, a dark neutral, or the page's own
    header: Literal["accent", "dark", "light"] = "dark"

    @field_validator("accent")
    @classmethod
    def _from_palette(cls, value: str) -> str:
        if value not in NEUTRAL_PALETTE:
            raise ValueError(f"accent must be one of {sorted(NEUTRAL_PALETTE)}, got {value!r}")
        return value

    @property
    def accent_hex(self) -> str:
        return NEUTRAL_PALETTE[self.accent]

    @property
    def body_class(self) -> str:
        return " ".join(
            f"kit-{part}"
            for part in (
                f"nav-{self.nav}",
                self.density,
                f"surface-{self.surface}",
                f"header-{self.header}",
            )
        )

    def variables(self) -> dict[str, str]:
        """The CSS custom properties, by name."""
        accent = self.accent_hex
        pad, row, font = _DENSITY[self.density]
        header_bg = {"accent": accent, "dark": mix(accent, "#10141a", 0.78), "light": "#ffffff"}
        return {
            "--kit-accent": accent,
            "--kit-accent-dark": mix(accent, "#000000", 0.22),
            "--kit-accent-soft": mix(accent, "#ffffff", 0.88),
            "--kit-accent-line": mix(accent, "#ffffff", 0.6),
            "--kit-header-bg": header_bg[self.header],
            "--kit-header-fg": "#1f2328" if self.header == "light" else "#f3f5f8",
            "--kit-bg": "#f4f5f7" if self.surface == "tinted" else "#ffffff",
            "--kit-radius": f"{_RADIUS[self.radius]}px",
            "--kit-pad": f"{pad}px",
            "--kit-row": f"{row}px",
            "--kit-font-size": f"{font}px",
        }

    def css(self) -> str:
        """``:root { --kit-accent: ...; ... }`` for the page's ``<style>``."""
        body = "".join(f"{name}:{value};" for name, value in self.variables().items())
        return f":root{{{body}}}"
