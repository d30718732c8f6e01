"""What the teacher stage needs of the rollout layer: rollout k of a bundle, on disk.

A :class:`RolloutRunner` plays one episode of a bundle folder with its policy and leaves it at
``root/<task_id>/<k>/`` in the layout of DESIGN.md §6 (episode.json with the reward of the
bundle's own reward.py on the final state, turns.jsonl, screens/ with ``final.png``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from cuagym.core import Episode

__all__ = ["RolloutRunner"]


class RolloutRunner(Protocol):
    label: str  # the policy as recorded: oracle, anthropic:MODEL, openai:MODEL

    async def run(self, bundle: Path, k: int, root: Path) -> Episode:
        """Rollout ``k`` of ``bundle``; the episode lands at ``root/<task_id>/<k>/``."""
        ...

    async def aclose(self) -> None: ...
