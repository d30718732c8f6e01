"""Rollouts: an agent acts on a tuple through ``computer_use`` (DESIGN.md §6).

The model-output and context contracts:

* :func:`parse_response` — the tool calls of one assistant message;
* :data:`SYSTEM_PROMPT`, :func:`build_messages`, :func:`turn_messages` — what the policy sees,
  with old screenshots collapsed (the one place that rule lives; the RL slices reuse it);
* :class:`ImageSpec`, :func:`prepare_image` — the screenshots' resolution as the policy
  declares it (its coordinates map back to the screen in ``_images``).

Rollouts:

* :class:`Policy` — what acts (``openai:MODEL``, ``anthropic:MODEL``, a family's ``oracle``,
  or your own object with the same members); :func:`make_policies` makes them by name;
* :class:`RolloutEnv` — a reusable environment that runs episode after episode of bundles
  (setup, start screen, turns, reward; the loop is ``_loop.run_episode``);
* :func:`run_rollouts` — the resumable batch of ``cuagym rollout`` on the ``local`` or ``ray``
  executor (:func:`cuagym.exec.run_pool`);
* :func:`rescore_run`, :class:`Rescorer` — a (fixed) reward.py re-run on the final state each
  episode kept under ``final/`` (DESIGN.md §13), without re-running the episode;
* :func:`render_episode_html` — one episode as a self-contained HTML page (``cuagym view``);
* ``gymnasium.make("cuagym/Task-v0", bundle=PATH)`` — the same loop behind Gymnasium's API
  (:mod:`cuagym.agent.gym`).
"""

from cuagym.agent._loop import RolloutOptions
from cuagym.agent._parse import parse_response
from cuagym.agent._policies import NoOracle, Policies, PolicyConfig, make_policies
from cuagym.agent._rescore import (
    RescoreError,
    RescoreItem,
    Rescorer,
    RescoreSummary,
    find_episodes,
    rescore_run,
)
from cuagym.agent._rollout import (
    BatchBusy,
    BundlesInvalid,
    RolloutBatch,
    RolloutSummary,
    run_rollouts,
)
from cuagym.agent._start import bind_page_url
from cuagym.agent._view import render_episode_html, write_run_html
from cuagym.agent._worker import HubInfo, RolloutEnv

__all__ = [
    "BatchBusy",
    "BundlesInvalid",
    "HubInfo",
    "NoOracle",
    "Policies",
    "PolicyConfig",
    "RescoreError",
    "RescoreItem",
    "RescoreSummary",
    "Rescorer",
    "RolloutBatch",
    "RolloutEnv",
    "RolloutOptions",
    "RolloutSummary",
    "bind_page_url",
    "find_episodes",
    "make_policies",
    "parse_response",
    "render_episode_html",
    "rescore_run",
    "run_rollouts",
    "write_run_html",
]
