"""Models, the Environment and Policy protocols, and helpers shared by every part of cuagym.
Imports nothing else of ours.

The names every layer uses are here; the rest of each contract is in its public submodule:
``episode``, ``review``, ``near_misses``, ``osworld``, ``task``, ``canonical``, ``files``,
``policy``, ``environment``.
"""

from cuagym.core._bundle import Bundle, BundleError
from cuagym.core._environment import Environment, EnvState, GUIEnvironment, ScriptResult, StateQuery
from cuagym.core._episode import Episode, EpisodeRecord, TurnRecord
from cuagym.core._image_spec import ImageSpec
from cuagym.core._json import canonical_json
from cuagym.core._policy import Observation, Policy, PolicyReply
from cuagym.core._review import Review
from cuagym.core._reward_output import Check, RewardOutput, parse_reward_output
from cuagym.core._start import StartWindow
from cuagym.core._task import Difficulty, Platform, Scenario, TaskConfig, TaskMeta

__all__ = [
    "Bundle",
    "BundleError",
    "Check",
    "Difficulty",
    "EnvState",
    "Environment",
    "Episode",
    "EpisodeRecord",
    "GUIEnvironment",
    "ImageSpec",
    "Observation",
    "Platform",
    "Policy",
    "PolicyReply",
    "Review",
    "RewardOutput",
    "Scenario",
    "ScriptResult",
    "StartWindow",
    "StateQuery",
    "TaskConfig",
    "TaskMeta",
    "TurnRecord",
    "canonical_json",
    "parse_reward_output",
]
