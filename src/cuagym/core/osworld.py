"""The OSWorld config.json models of a bundle (DESIGN.md §2)."""

from cuagym.core._osworld import Evaluator, GetterConfig, OSWorldConfig, SetupStep

__all__ = ["Evaluator", "GetterConfig", "OSWorldConfig", "SetupStep"]
