"""The policy protocol and its models, as ``cuagym.agent`` has always named them: they live in
:mod:`cuagym.core` (``_policy``), where the task families and the RL trainer name them too."""

from cuagym.core import Observation, Policy, PolicyReply
from cuagym.core.policy import PolicyError, PolicyFactory, SamplerError

__all__ = [
    "Observation",
    "Policy",
    "PolicyError",
    "PolicyFactory",
    "PolicyReply",
    "SamplerError",
]
