"""Rollouts: an agent acts on a tuple through ``computer_use`` (DESIGN.md §6).

The model-output and context contracts:

* :func:`parse_response` — the tool calls of one assistant message;
* :data:`SYSTEM_PROMPT`, :func:`build_messages`, :func:`turn_messages` — what the policy sees,
  with old screenshots collapsed (the one place that rule lives; the RL slices reuse it);
* :class:`ImageSpec`, :func:`smart_resize`, :func:`prepare_image`, :func:`to_screen` — the
  screenshots' resolution as the policy declares it, and its coordinates back to the screen.

Rollouts:

* :class:`Policy` — what acts (``openai:MODEL``, ``anthropic:MODEL``, a family's ``oracle``,
  or your own object with the same members); :func:`make_policies` makes them by name;
* :func:`run_episode` — one episode of a bundle on a started GUI environment (setup, start
  screen, turns, reward), :class:`RolloutEnv` — a reusable environment for many episodes;
* :func:`run_rollouts` — the resumable batch of ``cuagym rollout`` on the ``local`` or ``ray``
  executor (:func:`run_pool`, which ``cuagym synth`` and ``verify`` use as well);
* :func:`rescore_run`, :class:`Rescorer` — a (fixed) reward.py re-run on the final state each
  episode kept under ``final/`` (DESIGN.md §13), without re-running the episode;
* :func:`render_episode_html` — one episode as a self-contained HTML page (``cuagym view``);
* ``gymnasium.make("cuagym/Task-v0", bundle=PATH)`` — the same loop behind Gymnasium's API
  (:mod:`cuagym.agent.gym`).
"""

from cuagym.agent._context import (
    COLLAPSED,
    DEFAULT_INTERVAL,
    TurnInput,
    build_messages,
    collapse_boundary,
    turn_messages,
)
from cuagym.agent._executor import EXECUTORS, ExecutorName, JobFailed, RayOptions, run_pool
from cuagym.agent._images import (
    CoordinateSpace,
    ImageCache,
    ImageSpec,
    prepare_image,
    smart_resize,
    to_screen,
)
from cuagym.agent._loop import INITIAL_SNAPSHOT, EpisodeResult, RolloutOptions, run_episode
from cuagym.agent._parse import TOOL_NAME, ParsedResponse, parse_response
from cuagym.agent._policies import NoOracle, Policies, PolicyConfig, make_policies, oracle_policy
from cuagym.agent._policy import (
    Observation,
    Policy,
    PolicyError,
    PolicyFactory,
    PolicyReply,
    SamplerError,
)
from cuagym.agent._prompt import SYSTEM_PROMPT, TOOL_SCHEMA, system_prompt, tool_schema
from cuagym.agent._rescore import (
    RescoreError,
    RescoreItem,
    Rescorer,
    RescoreSummary,
    find_episodes,
    rescore_run,
    rewrite_reward,
)
from cuagym.agent._rollout import (
    BatchBusy,
    BundlesInvalid,
    DomainStats,
    RolloutBatch,
    RolloutSummary,
    SettingsMismatch,
    load_bundles,
    run_rollouts,
)
from cuagym.agent._start import StartScreenFailed, WebSession, bind_page_url, open_start_screen
from cuagym.agent._view import render_episode_html, write_run_html
from cuagym.agent._worker import CLEAN_SNAPSHOT, HubInfo, RolloutEnv, RolloutJob

__all__ = [
    "CLEAN_SNAPSHOT",
    "COLLAPSED",
    "DEFAULT_INTERVAL",
    "EXECUTORS",
    "INITIAL_SNAPSHOT",
    "SYSTEM_PROMPT",
    "TOOL_NAME",
    "TOOL_SCHEMA",
    "BatchBusy",
    "BundlesInvalid",
    "CoordinateSpace",
    "DomainStats",
    "EpisodeResult",
    "ExecutorName",
    "HubInfo",
    "ImageCache",
    "ImageSpec",
    "JobFailed",
    "NoOracle",
    "Observation",
    "ParsedResponse",
    "Policies",
    "Policy",
    "PolicyConfig",
    "PolicyError",
    "PolicyFactory",
    "PolicyReply",
    "RayOptions",
    "RescoreError",
    "RescoreItem",
    "RescoreSummary",
    "Rescorer",
    "RolloutBatch",
    "RolloutEnv",
    "RolloutJob",
    "RolloutOptions",
    "RolloutSummary",
    "SamplerError",
    "SettingsMismatch",
    "StartScreenFailed",
    "TurnInput",
    "WebSession",
    "bind_page_url",
    "build_messages",
    "collapse_boundary",
    "find_episodes",
    "load_bundles",
    "make_policies",
    "open_start_screen",
    "oracle_policy",
    "parse_response",
    "prepare_image",
    "render_episode_html",
    "rescore_run",
    "rewrite_reward",
    "run_episode",
    "run_pool",
    "run_rollouts",
    "smart_resize",
    "system_prompt",
    "to_screen",
    "tool_schema",
    "turn_messages",
    "write_run_html",
]
