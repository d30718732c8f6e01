"""Offers: the (cell, leaf, apps) combinations a backend can make tasks for.

A procedural family makes tasks of exactly one cell at one leaf (its difficulty, its apps, its
scenario), so it is one offer. The llm backend can write a task for any leaf in any cell, so it
offers every leaf at every difficulty and scenario, alone or with each other installed app in
either order. The planner only ever chooses among offers; what no backend offers, no plan gets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import get_args

from cuagym.core import Difficulty, Scenario
from cuagym.taskgen._catalog import Catalog, FamilyEntry
from cuagym.taskgen._categories import EdgeKind
from cuagym.taskgen._cell import CellKey, platform_of, task_type_of
from cuagym.taskgen._taxonomy import Leaf

__all__ = ["Offer", "edge_kinds", "llm_offers", "procedural_offers"]

DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)
SCENARIOS: tuple[Scenario, ...] = get_args(Scenario)


@dataclass(eq=False)
class Offer:
    """One way to make tasks: a cell at a leaf with given apps (and, procedurally, a family)."""

    index: int
    leaf: Leaf
    cell: CellKey
    apps: tuple[str, ...]
    edge: frozenset[EdgeKind]
    family: FamilyEntry | None = None
    label: str = ""
    # How many tasks of this offer are accepted, and how many requests in a row failed.
    accepted: int = field(default=0, compare=False)
    misses: int = field(default=0, compare=False)
    #: each distinct app's share of one task: 1/k over k apps (DESIGN.md §8)
    loads: tuple[tuple[str, float], ...] = field(default=(), init=False, compare=False)

    def __post_init__(self) -> None:
        distinct = list(dict.fromkeys(self.apps))
        self.loads = tuple((a, 1.0 / len(distinct)) for a in distinct)

    @property
    def is_hard(self) -> bool:
        return self.cell.difficulty == "hard"

    @property
    def is_cross(self) -> bool:
        return self.cell.task_type == "cross"


def edge_kinds(leaf: Leaf, apps: Sequence[str], difficulty: str) -> frozenset[EdgeKind]:
    """Which Pass-3 edge cases a task of this shape is (see ``_categories.EdgeKind``)."""
    kinds: set[EdgeKind] = set()
    if difficulty == "hard":
        kinds.add("long-horizon")
    if len(set(apps)) > 1 and (apps[0] != leaf.domain or len(set(apps)) >= 3):
        kinds.add("unusual-app-order")
    if leaf.node.primitives:
        kinds.add("rare-primitive")
    return frozenset(kinds)


def procedural_offers(catalog: Catalog, domains: Iterable[str]) -> list[Offer]:
    """One offer per procedural family of ``domains`` (its own leaf and cell)."""
    wanted = set(domains)
    platforms = catalog.platforms
    offers: list[Offer] = []
    for fam in catalog.families():
        if fam.family.domain not in wanted:
            continue
        cell = CellKey(
            platform_of(fam.apps, platforms), fam.leaf.category, fam.family.difficulty,
            fam.family.scenario, task_type_of(fam.apps),
        )  # fmt: skip
        offers.append(
            Offer(len(offers), fam.leaf, cell, fam.apps,
                  edge_kinds(fam.leaf, fam.apps, fam.family.difficulty), fam, fam.key)
        )  # fmt: skip
    return offers


def llm_offers(catalog: Catalog, domains: Iterable[str]) -> list[Offer]:
    """Every leaf of ``domains`` × difficulty × scenario, alone or with one other installed
    app before or after it."""
    wanted = [d for d in catalog.domains if d in set(domains)]
    platforms = catalog.platforms
    partners = list(catalog.domains)
    offers: list[Offer] = []
    for d in wanted:
        for leaf in catalog.domains[d].taxonomy.leaves():
            shapes: list[tuple[str, ...]] = [(d,)]
            for p in partners:
                if p != d:
                    shapes += [(d, p), (p, d)]
            for apps in shapes:
                platform = platform_of(apps, platforms)
                for difficulty in DIFFICULTIES:
                    for scenario in SCENARIOS:
                        cell = CellKey(platform, leaf.category, difficulty, scenario,
                                       task_type_of(apps))  # fmt: skip
                        offers.append(
                            Offer(len(offers), leaf, cell, apps,
                                  edge_kinds(leaf, apps, difficulty),
                                  label=f"llm:{leaf.key}:{'+'.join(apps)}")
                        )  # fmt: skip
    return offers
