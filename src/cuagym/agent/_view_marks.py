"""The actions of one turn drawn over its screenshot, as an SVG in screen pixels.

Clicks are ringed and numbered in call order, drags and scrolls are arrows, typed text and key
chords are captions along the bottom. Every label is a filled box with white text (readable on
a white page, a dark terminal or a photo alike) placed inside the image: beside its point when
it fits, flipped to the other side at the right or bottom edge, clamped at the corners. Its
text is given an exact ``textLength``, so the glyphs can never run past the box, whatever font
the browser picks.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from cuagym.agent._images import to_screen
from cuagym.core import TurnRecord

__all__ = ["CALL_COLORS", "overlay_svg"]

#: Fill of a call's marks and label by its result; each is at least 4.5:1 against white text.
CALL_COLORS = {"ok": "#1a5fc8", "error": "#c5221f", "not run": "#5f6368"}
#: Average advance of a bold sans-serif glyph, in ems (the box is sized from it).
_GLYPH_EM = 0.62
#: The glyph of a scroll's arrow, by its (dx, dy) on the screen.
_ARROWS = {(0, -1): "↑", (0, 1): "↓", (1, 0): "→", (-1, 0): "←"}


@dataclass(frozen=True)
class _Geometry:
    width: int
    height: int
    font: int
    radius: int

    @property
    def pad(self) -> int:
        return max(3, self.font // 4)

    @property
    def margin(self) -> int:
        return 2

    @property
    def box_height(self) -> int:
        return self.font + 2 * self.pad

    def text_width(self, text: str) -> int:
        return round(len(text) * self.font * _GLYPH_EM)

    def fit(self, text: str) -> str:
        """``text`` shortened (ending in …) so that its box fits the image's width."""
        room = self.width - 2 * self.margin - 2 * self.pad
        most = max(1, int(room / (self.font * _GLYPH_EM)))
        text = text.replace("\n", "⏎")
        return text if len(text) <= most else text[: most - 1] + "…"


def _label(g: _Geometry, text: str, color: str, x: float, y: float) -> str:
    """A filled box whose top-left corner is (x, y), clamped into the image."""
    text = g.fit(text)
    w, h = g.text_width(text) + 2 * g.pad, g.box_height
    x = min(max(x, g.margin), g.width - g.margin - w)
    y = min(max(y, g.margin), g.height - g.margin - h)
    return (
        f'<g class="label"><rect x="{x:.0f}" y="{y:.0f}" width="{w}" height="{h}" rx="{g.pad}" '
        f'fill="{color}" stroke="#fff" stroke-width="1.5"/>'
        f'<text x="{x + g.pad:.0f}" y="{y + g.pad + g.font * 0.82:.0f}" fill="#fff" '
        f'font-size="{g.font}" font-weight="700" font-family="system-ui, sans-serif" '
        f'textLength="{g.text_width(text)}" lengthAdjust="spacingAndGlyphs">'
        f"{html.escape(text)}</text></g>"
    )


def _point_label(g: _Geometry, text: str, color: str, at: tuple[int, int]) -> str:
    """A label beside the point: above right, flipped left at the right edge and below at the
    top edge (the clamp in ``_label`` handles what still does not fit)."""
    w = g.text_width(g.fit(text)) + 2 * g.pad
    x = at[0] + g.radius + 4
    if x + w > g.width - g.margin:
        x = at[0] - g.radius - 4 - w
    y = at[1] - g.radius - g.box_height
    if y < g.margin:
        y = at[1] + g.radius + 4
    return _label(g, text, color, x, y)


def _ring(at: tuple[int, int], r: int, color: str) -> str:
    return (
        f'<circle cx="{at[0]}" cy="{at[1]}" r="{r}" fill="none" stroke="#fff" '
        f'stroke-width="6"/><circle cx="{at[0]}" cy="{at[1]}" r="{r}" fill="none" '
        f'stroke="{color}" stroke-width="3"/><circle cx="{at[0]}" cy="{at[1]}" r="2" '
        f'fill="{color}"/>'
    )


def _arrow(start: tuple[int, int], end: tuple[int, int], width: int, marker: str) -> str:
    line = f'x1="{start[0]}" y1="{start[1]}" x2="{end[0]}" y2="{end[1]}"'
    return (
        f'<line {line} stroke="#fff" stroke-width="{width + 4}" stroke-linecap="round"/>'
        f'<line {line} stroke="currentColor" stroke-width="{width}" marker-end="url(#{marker})"/>'
    )


def _point(
    value: Any, turn: TurnRecord, space: str, screen: tuple[int, int]
) -> tuple[int, int] | None:
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    try:
        sent = (int(turn.image_size[0]), int(turn.image_size[1]))
        x, y = to_screen(
            [int(value[0]), int(value[1])],
            space="norm1000" if space == "norm1000" else "pixels",
            sent_size=sent,
            screen_size=screen,
        )
    except (TypeError, ValueError):
        return None
    return x, y


def _result(turn: TurnRecord, index: int) -> str:
    if index >= len(turn.results):
        return "not run"
    return "error" if turn.results[index].startswith("error") else "ok"


def _caption(name: str, call: dict[str, Any]) -> str:
    if name == "type":
        return f"type “{call.get('text', '')!s}”"
    if name in ("key", "key_down", "key_up"):
        keys = call.get("keys", [])
        return f"{name} " + ("+".join(map(str, keys)) if isinstance(keys, list) else str(keys))
    extra = {k: v for k, v in call.items() if k != "action"}
    return name + ("" if not extra else " " + " ".join(f"{k}={v}" for k, v in extra.items()))


def overlay_svg(turn: TurnRecord, space: str, screen: tuple[int, int]) -> str:
    """SVG marks of the turn's calls over its screenshot (viewBox in screen pixels)."""
    w, h = screen
    g = _Geometry(w, h, font=max(12, w // 75), radius=max(7, w // 110))
    marks: list[str] = []
    captions: list[tuple[str, str]] = []
    stroke = max(3, g.radius // 2)
    for i, call in enumerate(turn.calls, 1):
        color = CALL_COLORS[_result(turn, i - 1)]
        marker = f"arrow-{turn.t}-{i}"
        name = str(call.get("action", "?"))
        at = _point(call.get("coordinate"), turn, space, screen)
        if at is None:
            captions.append((color, f"{i} {_caption(name, call)}"))
            continue
        group = [f'<g color="{color}">']
        label = f"{i} {name}"
        if name == "left_click_drag":
            start = _point(call.get("start_coordinate"), turn, space, screen) or at
            group.append(f'<circle cx="{start[0]}" cy="{start[1]}" r="4" fill="{color}"/>')
            group.append(_arrow(start, at, stroke, marker))
        elif name in ("scroll", "hscroll"):
            sign = 1 if int(call.get("pixels", 0) or 0) > 0 else -1
            dx, dy = (0, -sign) if name == "scroll" else (sign, 0)
            tip = (at[0] + dx * g.radius * 5, at[1] + dy * g.radius * 5)
            group.append(_arrow(at, tip, stroke, marker))
            label = f"{i} {name} {_ARROWS[(dx, dy)]}"
        group.append(_ring(at, g.radius, color))
        group.append(
            f'<defs><marker id="{marker}" markerWidth="4" markerHeight="4" refX="2" refY="2" '
            f'orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="{color}"/></marker></defs>'
        )
        group.append(_point_label(g, label, color, at))
        group.append("</g>")
        marks.append("".join(group))
    gap = g.box_height + 4
    for n, (color, text) in enumerate(captions):
        y = h - g.margin - 6 - g.box_height - (len(captions) - 1 - n) * gap
        marks.append(_label(g, text, color, 10, y))
    return (
        f'<svg class="marks" viewBox="0 0 {w} {h}" preserveAspectRatio="none" '
        f'data-width="{w}" data-height="{h}">{"".join(marks)}</svg>'
    )
