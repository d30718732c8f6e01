"""GUI oracles of the image families (see :mod:`._oracle`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["ORACLES"]

ORACLES: dict[str, Callable[[Any, Any], Any]] = {}
