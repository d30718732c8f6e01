"""The Gymnasium action space of ``cuagym/Task-v0``: ``computer_use`` argument dicts.

An element is what the README steps with, ``{"action": "key", "keys": ["ctrl", "s"]}``: the
arguments of one ``computer_use`` call (DESIGN.md §4), or the whole call
``{"name": "computer_use", "arguments": {...}}``. :meth:`ComputerUseSpace.contains` validates it
with the action model itself (:func:`cuagym.core.parse_action`: the 19 actions, their fields,
known keys, a wait of at most 60 s) and checks that coordinates lie on the screen of the
environment's coordinate space (pixels of the screenshot, or 0–1000 for ``norm1000``), so a
dict the space contains is one the environment executes as given, never clamped.

:meth:`ComputerUseSpace.sample` draws an action uniformly among the 19 and valid arguments for
it from the space's seeded generator: on-screen coordinates, short printable text, one to three
keys, scrolls of up to 500 pixels and waits of at most one second (the whole 60 s range is
valid, but a random policy that idles a minute per step helps nobody).
"""

from __future__ import annotations

import string
from typing import Any, Literal

import numpy as np
from gymnasium import spaces

from cuagym.core._action import ACTION_NAMES, KEY_NAMES, parse_action

__all__ = ["ComputerUseSpace"]

TOOL_NAME = "computer_use"
_COORDINATE_FIELDS = ("coordinate", "start_coordinate")
_POINTER = frozenset(
    {
        "left_click",
        "right_click",
        "middle_click",
        "double_click",
        "triple_click",
        "left_mouse_down",
        "left_mouse_up",
    }
)
_KEYS = sorted(KEY_NAMES) + list(string.ascii_lowercase + string.digits)
_TEXT = string.ascii_letters + string.digits + " .,-"
_MAX_SAMPLED_WAIT_S = 1.0
_MAX_SAMPLED_SCROLL = 500


class ComputerUseSpace(spaces.Space[dict[str, Any]]):
    """``computer_use`` actions on a ``screen`` of (width, height) pixels (module docstring)."""

    def __init__(
        self,
        screen: tuple[int, int],
        coordinate_space: Literal["pixels", "norm1000"] = "pixels",
        seed: int | np.random.Generator | None = None,
    ) -> None:
        width, height = screen
        if width < 1 or height < 1:
            raise ValueError(f"screen {screen}: width and height must be positive")
        if coordinate_space not in ("pixels", "norm1000"):
            raise ValueError(f"coordinate space {coordinate_space!r}: pixels or norm1000")
        self.screen = (int(width), int(height))
        self.coordinate_space: Literal["pixels", "norm1000"] = coordinate_space
        super().__init__(shape=None, dtype=None, seed=seed)

    # -- what the space holds ------------------------------------------------------------------
    @property
    def bounds(self) -> tuple[int, int]:
        """The largest x and y a coordinate may have (inclusive)."""
        if self.coordinate_space == "norm1000":
            return 1000, 1000
        return self.screen[0] - 1, self.screen[1] - 1

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        if not isinstance(x, dict):
            return False
        arguments: Any = x
        if "arguments" in x:  # the whole call: its name and nothing else beside the arguments
            if set(x) != {"name", "arguments"} or x["name"] != TOOL_NAME:
                return False
            arguments = x["arguments"]
        if not isinstance(arguments, dict):
            return False
        try:
            action = parse_action(arguments)
        except ValueError:  # pydantic's ValidationError: an unknown action or a bad field
            return False
        max_x, max_y = self.bounds
        for field in _COORDINATE_FIELDS:
            point = getattr(action, field, None)
            if point is not None and not (0 <= point[0] <= max_x and 0 <= point[1] <= max_y):
                return False
        return True

    # -- drawing actions -----------------------------------------------------------------------
    def _point(self) -> list[int]:
        max_x, max_y = self.bounds
        rng = self.np_random
        return [int(rng.integers(0, max_x + 1)), int(rng.integers(0, max_y + 1))]

    def _text(self) -> str:
        length = int(self.np_random.integers(1, 17))
        return "".join(_TEXT[int(i)] for i in self.np_random.integers(0, len(_TEXT), length))

    def _arguments(self, name: str) -> dict[str, Any]:
        rng = self.np_random
        if name in _POINTER:
            return {"action": name, "coordinate": self._point()}
        if name == "left_click_drag":
            return {"action": name, "start_coordinate": self._point(), "coordinate": self._point()}
        if name == "mouse_move":
            return {"action": name, "coordinate": self._point()}
        if name in ("type", "call_user"):
            return {"action": name, "text": self._text()}
        if name in ("key", "key_down", "key_up"):
            count = int(rng.integers(1, 4))
            return {"action": name, "keys": [_KEYS[int(i)] for i in rng.choice(len(_KEYS), count)]}
        if name in ("scroll", "hscroll"):
            pixels = int(rng.integers(-_MAX_SAMPLED_SCROLL, _MAX_SAMPLED_SCROLL + 1)) or 1
            return {"action": name, "coordinate": self._point(), "pixels": pixels}
        if name == "wait":
            return {"action": name, "time": round(float(rng.uniform(0, _MAX_SAMPLED_WAIT_S)), 3)}
        if name == "terminate":
            return {"action": name, "status": str(rng.choice(["success", "failure"]))}
        return {"action": name}  # screenshot

    def sample(self, mask: Any | None = None, probability: Any | None = None) -> dict[str, Any]:
        if mask is not None or probability is not None:
            raise NotImplementedError("ComputerUseSpace.sample takes no mask or probability")
        name = ACTION_NAMES[int(self.np_random.integers(0, len(ACTION_NAMES)))]
        return self._arguments(name)

    # -- equality and serialization ------------------------------------------------------------
    def __repr__(self) -> str:
        width, height = self.screen
        return f"ComputerUseSpace(screen=({width}, {height}), {self.coordinate_space})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ComputerUseSpace)
            and other.screen == self.screen
            and other.coordinate_space == self.coordinate_space
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.screen, self.coordinate_space))

    def to_jsonable(self, sample_n: Any) -> list[Any]:
        return [dict(x) for x in sample_n]

    def from_jsonable(self, sample_n: list[Any]) -> list[dict[str, Any]]:
        return [dict(x) for x in sample_n]
