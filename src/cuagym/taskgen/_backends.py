"""Draft backends: what turns a planned slot into a task draft.

``procedural`` samples the slot's family with a fresh seed on every attempt (a rejected draft
is "regenerated with a new seed"); ``llm`` (``_llm_gen``) asks a chat model, and a rejected
draft is asked again with the reason and a "diversify" instruction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cuagym.core import TaskConfig
from cuagym.taskgen._catalog import Catalog
from cuagym.taskgen._offers import Offer, procedural_offers
from cuagym.taskgen._planner import Slot

__all__ = ["SEED_STRIDE", "Draft", "DraftBackend", "ProceduralDrafts"]

# Seed S owns family seeds [S*STRIDE, (S+1)*STRIDE) (the same stride as cuagym synth --n).
SEED_STRIDE = 100_000


@dataclass(frozen=True)
class Draft:
    """A backend's answer for one slot: a task, or why there is none."""

    task: TaskConfig | None
    fillers: Any = None  # slot values (a procedural task's params) for the template check
    error: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0


class DraftBackend(Protocol):
    name: str

    def offers(self, catalog: Catalog, domains: Iterable[str]) -> list[Offer]: ...

    async def draft(self, slots: Sequence[Slot], numbers: Sequence[int]) -> list[Draft]:
        """One draft per slot; ``numbers`` are the slots' unique running numbers."""
        ...


class ProceduralDrafts:
    """The domains' task families, each sampled with its own seed sequence."""

    name = "procedural"

    def __init__(self, seed: int) -> None:
        if seed < 0:
            raise ValueError("the seed must be >= 0")
        self.seed = seed
        self._cursor: dict[str, int] = {}

    def offers(self, catalog: Catalog, domains: Iterable[str]) -> list[Offer]:
        return procedural_offers(catalog, domains)

    async def draft(self, slots: Sequence[Slot], numbers: Sequence[int]) -> list[Draft]:
        return [self._one(slot) for slot in slots]

    def _one(self, slot: Slot) -> Draft:
        entry = slot.offer.family
        if entry is None:
            return Draft(None, error=f"offer {slot.offer.label} has no family")
        k = self._cursor.get(entry.key, 0)
        if k >= SEED_STRIDE:
            return Draft(None, error=f"family {entry.key} used all {SEED_STRIDE} seeds")
        self._cursor[entry.key] = k + 1
        task = entry.family.sample(self.seed * SEED_STRIDE + k)
        return Draft(task, fillers=task.params)
