"""The ``computer_use`` action (contract: DESIGN.md §4): what ``act()`` takes and policies emit.

One function, ``computer_use``, whose ``arguments`` hold ``{"action": NAME, ...}``; the paper's 19
primitives. Every action validates its own arguments, so a malformed call is rejected with a
message naming the action and the field before anything touches an environment.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

__all__ = [
    "ACTION_NAMES",
    "KEY_NAMES",
    "Action",
    "Coordinate",
    "parse_action",
    "to_pixels",
]

Coordinate = tuple[int, int]

#: Named keys (single printable characters are accepted as well).
KEY_NAMES: frozenset[str] = frozenset(
    {
        "ctrl",
        "shift",
        "alt",
        "super",
        "enter",
        "tab",
        "esc",
        "backspace",
        "delete",
        "space",
        "up",
        "down",
        "left",
        "right",
        "home",
        "end",
        "pageup",
        "pagedown",
        "insert",
        "capslock",
        "menu",
        *(f"f{i}" for i in range(1, 13)),
    }
)


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Pointer(_Base):
    coordinate: Coordinate | None = None


class LeftClick(_Pointer):
    action: Literal["left_click"]


class RightClick(_Pointer):
    action: Literal["right_click"]


class MiddleClick(_Pointer):
    action: Literal["middle_click"]


class DoubleClick(_Pointer):
    action: Literal["double_click"]


class TripleClick(_Pointer):
    action: Literal["triple_click"]


class LeftClickDrag(_Base):
    action: Literal["left_click_drag"]
    coordinate: Coordinate
    start_coordinate: Coordinate | None = None


class MouseMove(_Base):
    action: Literal["mouse_move"]
    coordinate: Coordinate


class LeftMouseDown(_Pointer):
    action: Literal["left_mouse_down"]


class LeftMouseUp(_Pointer):
    action: Literal["left_mouse_up"]


class Type(_Base):
    action: Literal["type"]
    text: str


class _Keys(_Base):
    keys: Annotated[list[str], Field(min_length=1)]

    @field_validator("keys")
    @classmethod
    def _known_keys(cls, keys: list[str]) -> list[str]:
        for key in keys:
            if len(key) != 1 and key.lower() not in KEY_NAMES:
                raise ValueError(f"unknown key {key!r}")
        return [k if len(k) == 1 else k.lower() for k in keys]


class Key(_Keys):
    action: Literal["key"]


class KeyDown(_Keys):
    action: Literal["key_down"]


class KeyUp(_Keys):
    action: Literal["key_up"]


class Scroll(_Base):
    action: Literal["scroll"]
    coordinate: Coordinate | None = None
    #: > 0 scrolls up, < 0 down
    pixels: int


class HScroll(_Base):
    action: Literal["hscroll"]
    coordinate: Coordinate | None = None
    #: > 0 scrolls right, < 0 left
    pixels: int


class Screenshot(_Base):
    action: Literal["screenshot"]


class Wait(_Base):
    action: Literal["wait"]
    time: Annotated[float, Field(ge=0, le=60)]


class Terminate(_Base):
    action: Literal["terminate"]
    status: Literal["success", "failure"]


class CallUser(_Base):
    action: Literal["call_user"]
    text: str


Action = Annotated[
    LeftClick
    | RightClick
    | MiddleClick
    | DoubleClick
    | TripleClick
    | LeftClickDrag
    | MouseMove
    | LeftMouseDown
    | LeftMouseUp
    | Type
    | Key
    | KeyDown
    | KeyUp
    | Scroll
    | HScroll
    | Screenshot
    | Wait
    | Terminate
    | CallUser,
    Field(discriminator="action"),
]

ACTION_NAMES: tuple[str, ...] = (
    "left_click",
    "right_click",
    "middle_click",
    "double_click",
    "triple_click",
    "left_click_drag",
    "mouse_move",
    "left_mouse_down",
    "left_mouse_up",
    "type",
    "key",
    "key_down",
    "key_up",
    "scroll",
    "hscroll",
    "screenshot",
    "wait",
    "terminate",
    "call_user",
)

_ADAPTER: TypeAdapter[Any] = TypeAdapter(Action)


def parse_action(arguments: dict[str, Any]) -> Any:
    """Validate ``computer_use`` arguments into an action model (``ValueError`` names the field)."""
    return _ADAPTER.validate_python(arguments)


def to_pixels(
    coordinate: Coordinate, screen: tuple[int, int], space: Literal["pixels", "norm1000"]
) -> Coordinate:
    """Convert a policy's coordinate into screenshot pixels, clamped to the screen."""
    x, y = coordinate
    width, height = screen
    if space == "norm1000":
        x, y = round(x * (width - 1) / 1000), round(y * (height - 1) / 1000)
    return min(max(x, 0), width - 1), min(max(y, 0), height - 1)
