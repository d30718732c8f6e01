"""RL on rollouts (DESIGN.md §7): trajectory slices, group advantages, the GSPO loss, verl.

* :func:`slice_episode` — one training sample per 10 turns, old screenshots collapsed, the
  episode's reward on every slice, message- and token-level loss masks;
* :func:`group_advantages`, :func:`select_rollouts` — r − group mean, and the first G valid of
  N over-sampled rollouts;
* :func:`gspo_loss` — the paper's sequence-level clipped objective (torch; the ``train`` extra).
"""

from cuagym.rl._advantages import group_advantages, select_rollouts
from cuagym.rl._gspo import GspoStats, gspo_loss

__all__ = [
    "GspoStats",
    "group_advantages",
    "gspo_loss",
    "select_rollouts",
]
