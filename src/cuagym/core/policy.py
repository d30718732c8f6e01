"""The policy protocol's companions: errors, the factory, a turn's input, coordinates."""

from cuagym.core._image_spec import MAX_ASPECT_RATIO, CoordinateSpace
from cuagym.core._policy import PolicyError, PolicyFactory, SamplerError, TurnInput

__all__ = [
    "MAX_ASPECT_RATIO",
    "CoordinateSpace",
    "PolicyError",
    "PolicyFactory",
    "SamplerError",
    "TurnInput",
]
