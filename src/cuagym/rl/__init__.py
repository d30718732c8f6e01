"""RL on rollouts (DESIGN.md §7): trajectory slices, group advantages, the GSPO loss, verl.

* :func:`slice_episode` — one training sample per 10 turns, old screenshots collapsed, the
  episode's reward on every slice, message- and token-level loss masks (``_chat`` tokenises
  through any Hugging Face processor's chat template);
* :func:`group_advantages`, :func:`select_rollouts` — r − group mean, and the first G valid of
  N over-sampled rollouts;
* :func:`gspo_loss` — the paper's sequence-level clipped objective (torch; the ``train`` extra);
* :func:`save_tiny_vlm` — a small Qwen2-VL-style processor and model built in code (``_tiny``),
  saved for tests and smoke checks.
"""

from cuagym.rl._advantages import group_advantages, select_rollouts
from cuagym.rl._gspo import gspo_loss
from cuagym.rl._slice import Slice, slice_episode
from cuagym.rl._tiny import save_tiny_vlm

__all__ = [
    "Slice",
    "group_advantages",
    "gspo_loss",
    "save_tiny_vlm",
    "select_rollouts",
    "slice_episode",
]
