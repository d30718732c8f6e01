"""The sampler: which offer the next task comes from (DESIGN.md §8, the spec's "task 생성").

Counts are kept per cell (platform, category, difficulty, scenario, task type), per leaf, per
offer, per category and per app; every count includes the requests in flight, so a batch never
overshoots. Draws are weighted by inverse frequency: a cell with ``k`` tasks is chosen with
weight ``1 / (1 + k)`` among the cells that can still take one, so the matrix fills evenly
whatever the number of offers behind each cell; within a cell a leaf is weighted the same way,
and within a (cell, leaf) an offer.

The three passes share ``n``:

1. **breadth** (``breadth_share`` of n, at most ``per_leaf`` per leaf): leaves are drawn
   first, uniformly among the least-filled ones (every leaf one task before any gets two);
2. **gap-fill** (the rest): cells by inverse frequency, their weight multiplied by
   ``1 + boost * deficit`` for hard and for cross-app cells while the corpus so far is short of
   the hard / cross-app minimum — the spec's "deliberately raise cross-app and hard";
3. **edge cases** (``edge_share`` of n): an edge kind (long horizon, unusual app order, rare
   primitive) by inverse frequency, then a cell and leaf that have it.

The caps (category, app) are never crossed: an offer whose category or apps are at their cap
is not eligible. The minimums (hard, cross-app) are met by quota: with ``R`` tasks left and
``h`` more hard tasks needed, the draw is required to be hard with probability ``h / R``, which
spreads the shortfall over the remaining draws instead of leaving it to the end; when no
eligible offer satisfies a requirement it is dropped (the report then shows the minimum unmet).
Because the app cap is shared, a minimum also *reserves* app room: while ``h`` hard tasks are
still needed, an offer that is not hard may only use an app's room beyond what those ``h``
tasks are expected to take of it (their expected load, from the mean load of the hard
offers); without this, easy single-app tasks would fill the apps that the few cross-app
generators need.
Everything random comes from one seeded ``random.Random``: same seed, same plan.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from pydantic import BaseModel, Field

from cuagym.taskgen._categories import EDGE_KINDS, EdgeKind
from cuagym.taskgen._cell import CellKey
from cuagym.taskgen._constraints import MixConstraints
from cuagym.taskgen._offers import Offer

__all__ = ["PASSES", "MixPlanner", "PassName", "PlanConfig", "Slot"]

PassName = Literal["breadth", "gap_fill", "edge_cases"]
PASSES: tuple[PassName, ...] = ("breadth", "gap_fill", "edge_cases")
_EPS = 1e-9

CellIndex = dict[CellKey, dict[str, list[Offer]]]
T = TypeVar("T")


class PlanConfig(BaseModel):
    """How ``n`` is split over the passes and how hard gap-fill pushes."""

    breadth_share: float = Field(0.4, ge=0.0, le=1.0)
    per_leaf: int = Field(2, ge=1, description="Pass 1's target per leaf (the spec's A.2.6)")
    edge_share: float = Field(0.1, ge=0.0, le=1.0)
    boost: float = Field(4.0, ge=0.0)


@dataclass(eq=False)
class Slot:
    """One planned task: the offer it comes from, its pass, and (Pass 3) its edge kind."""

    offer: Offer
    source_pass: PassName
    edge: EdgeKind | None = None
    attempts: int = 0
    feedback: list[str] = field(default_factory=list)


def _index(offers: Iterable[Offer]) -> CellIndex:
    index: CellIndex = defaultdict(lambda: defaultdict(list))
    for offer in offers:
        index[offer.cell][offer.leaf.key].append(offer)
    return {c: dict(leaves) for c, leaves in index.items()}


class MixPlanner:
    """Draws slots for ``n`` tasks from ``offers`` (see the module docstring)."""

    def __init__(
        self,
        offers: Sequence[Offer],
        n: int,
        *,
        rng: random.Random,
        constraints: MixConstraints | None = None,
        config: PlanConfig | None = None,
    ) -> None:
        if n < 1:
            raise ValueError("n must be at least 1")
        self.offers = list(offers)
        self.n = n
        self.rng = rng
        self.limits = constraints
        self.config = config or PlanConfig()
        self.dead: set[int] = set()
        # counts of accepted + in-flight tasks
        self.total = 0
        self.hard = 0
        self.cross = 0
        self.cells: Counter[CellKey] = Counter()
        self.leaves: Counter[str] = Counter()
        self.categories: Counter[str] = Counter()
        self.apps: defaultdict[str, float] = defaultdict(float)
        self.per_offer: Counter[int] = Counter()
        self.per_pass: Counter[str] = Counter()
        self.per_edge: Counter[str] = Counter()
        self.requirement_dropped = 0
        # indexes
        self._all = _index(self.offers)
        self._by_leaf: dict[str, list[Offer]] = defaultdict(list)
        for offer in self.offers:
            self._by_leaf[offer.leaf.key].append(offer)
        self._by_edge = {k: _index(o for o in self.offers if k in o.edge) for k in EDGE_KINDS}
        self._by_edge = {k: v for k, v in self._by_edge.items() if v}
        self._means: dict[str, dict[str, float]] = {}
        self._update_means()
        self.budgets = self._budgets()

    # -- budgets and caps ---------------------------------------------------------------------
    def _budgets(self) -> dict[PassName, int]:
        cfg = self.config
        edge = round(cfg.edge_share * self.n) if self._by_edge else 0
        breadth = min(round(cfg.breadth_share * self.n), cfg.per_leaf * len(self._by_leaf))
        breadth = max(0, min(breadth, self.n - edge))
        return {"breadth": breadth, "gap_fill": self.n - breadth - edge, "edge_cases": edge}

    def _category_ok(self, cell: CellKey) -> bool:
        if self.limits is None:
            return True
        return self.categories[cell.category] + 1 <= self.limits.max_category * self.n + _EPS

    def _offer_ok(self, offer: Offer, reserve: bool = False) -> bool:
        if offer.index in self.dead:
            return False
        if self.limits is None:
            return True
        cap = self.limits.max_app * self.n + _EPS
        if not reserve:
            return all(self.apps[a] + w <= cap for a, w in offer.loads)
        kept = self._reservations(offer)
        return all(self.apps[a] + w + kept.get(a, 0.0) <= cap for a, w in offer.loads)

    def _update_means(self) -> None:
        """Mean app load of the live hard and cross-app offers (for reservations)."""
        for kind in ("hard", "cross"):
            live = [
                o for o in self.offers
                if (o.is_hard if kind == "hard" else o.is_cross) and o.index not in self.dead
            ]  # fmt: skip
            load: defaultdict[str, float] = defaultdict(float)
            for o in live:
                for a, w in o.loads:
                    load[a] += w / len(live)
            self._means[kind] = dict(load)

    def _reservations(self, offer: Offer) -> dict[str, float]:
        """App room held back for the hard / cross-app tasks still needed, unless ``offer``
        is one of them."""
        assert self.limits is not None
        kept: defaultdict[str, float] = defaultdict(float)
        for kind, minimum, have, mine in (
            ("hard", self.limits.min_hard, self.hard, offer.is_hard),
            ("cross", self.limits.min_cross, self.cross, offer.is_cross),
        ):
            need = math.ceil(minimum * self.n - _EPS) - have
            if mine or need <= 0:
                continue
            for a, w in self._means[kind].items():
                kept[a] += need * w
        return kept

    # -- the state ----------------------------------------------------------------------------
    def _count(self, slot: Slot, sign: int) -> None:
        offer = slot.offer
        self.total += sign
        self.hard += sign * offer.is_hard
        self.cross += sign * offer.is_cross
        self.cells[offer.cell] += sign
        self.leaves[offer.leaf.key] += sign
        self.categories[offer.cell.category] += sign
        for app, w in offer.loads:
            self.apps[app] += sign * w
        self.per_offer[offer.index] += sign
        self.per_pass[slot.source_pass] += sign
        if slot.edge is not None:
            self.per_edge[slot.edge] += sign

    def release(self, slot: Slot) -> None:
        """A slot that produced no task: its counts are taken back."""
        self._count(slot, -1)

    def retire(self, offer: Offer) -> None:
        """``offer`` can make no more tasks (its generator is exhausted)."""
        self.dead.add(offer.index)
        self._update_means()

    @property
    def remaining(self) -> int:
        return self.n - self.total

    # -- drawing ------------------------------------------------------------------------------
    def draw(self) -> Slot | None:
        """The next slot (counted as in flight), or None when no eligible offer is left."""
        if self.remaining <= 0:
            return None
        # Two draws every time, used or not, so one choice never shifts the others' stream.
        u_hard, u_cross = self.rng.random(), self.rng.random()
        for name in PASSES:
            if self.per_pass[name] < self.budgets[name]:
                slot = self._draw_in(name, u_hard, u_cross)
                if slot is not None:
                    return slot
        # Budgets of passes that ran out of offers go to gap-fill.
        return self._draw_in("gap_fill", u_hard, u_cross)

    def _draw_in(self, name: PassName, u_hard: float, u_cross: float) -> Slot | None:
        if name == "breadth":
            offer = self._draw_breadth()
            slot = Slot(offer, name) if offer is not None else None
        else:
            slot = self._draw_with_quota(name, u_hard, u_cross)
        if slot is not None:
            self._count(slot, +1)
        return slot

    def _quota(self, u_hard: float, u_cross: float) -> tuple[bool, bool]:
        if self.limits is None:
            return False, False
        left = max(1, self.remaining)
        need_hard = math.ceil(self.limits.min_hard * self.n - _EPS) - self.hard
        need_cross = math.ceil(self.limits.min_cross * self.n - _EPS) - self.cross
        return u_hard < need_hard / left, u_cross < need_cross / left

    def _draw_with_quota(self, name: PassName, u_hard: float, u_cross: float) -> Slot | None:
        want_hard, want_cross = self._quota(u_hard, u_cross)
        tries = [
            (want_hard, want_cross, True), (want_hard, False, True), (False, want_cross, True),
            (False, False, True), (False, False, False),
        ]  # fmt: skip
        for k, (hard, cross, reserve) in enumerate(dict.fromkeys(tries)):
            picked: tuple[Offer, EdgeKind | None] | None
            if name == "edge_cases":
                picked = self._draw_edge(hard, cross, reserve)
            else:
                offer = self._draw_cells(self._all, hard, cross, reserve, boosted=True)
                picked = (offer, None) if offer is not None else None
            if picked is not None:
                self.requirement_dropped += k > 0
                return Slot(picked[0], name, picked[1])
        return None

    def _draw_breadth(self) -> Offer | None:
        leaves = [k for k in self._by_leaf if self.leaves[k] < self.config.per_leaf]
        while leaves:
            # The least-filled leaves first: every leaf gets a task before any gets a second
            # (a weight of 1 / (1 + k) alone left some of 523 leaves empty after 800 draws).
            low = min(self.leaves[k] for k in leaves)
            tier = [k for k in leaves if self.leaves[k] == low]
            key = self._weighted(tier, lambda k: 1.0 / (1 + self.leaves[k]))
            offers = [
                o for o in self._by_leaf[key] if self._offer_ok(o) and self._category_ok(o.cell)
            ]
            if offers:
                cells = list(dict.fromkeys(o.cell for o in offers))
                cell = self._weighted(cells, lambda c: 1.0 / (1 + self.cells[c]))
                return self._pick_offer([o for o in offers if o.cell == cell])
            leaves.remove(key)
        return None

    def _draw_edge(self, hard: bool, cross: bool, reserve: bool) -> tuple[Offer, EdgeKind] | None:
        kinds = list(self._by_edge)
        while kinds:
            kind = self._weighted(kinds, lambda k: 1.0 / (1 + self.per_edge[k]))
            offer = self._draw_cells(self._by_edge[kind], hard, cross, reserve, boosted=False)
            if offer is not None:
                return offer, kind
            kinds.remove(kind)
        return None

    def _draw_cells(
        self, index: CellIndex, hard: bool, cross: bool, reserve: bool, *, boosted: bool
    ) -> Offer | None:
        cells = [
            c for c in index
            if self._category_ok(c) and (not hard or c.difficulty == "hard")
            and (not cross or c.task_type == "cross")
        ]  # fmt: skip
        boost = self._boost() if boosted else (1.0, 1.0)
        while cells:
            cell = self._weighted(
                cells,
                lambda c: (
                    (boost[0] if c.difficulty == "hard" else 1.0)
                    * (boost[1] if c.task_type == "cross" else 1.0)
                    / (1 + self.cells[c])
                ),
            )
            leaves = list(index[cell])
            while leaves:
                key = self._weighted(leaves, lambda k: 1.0 / (1 + self.leaves[k]))
                offer = self._pick_offer(
                    [o for o in index[cell][key] if self._offer_ok(o, reserve)]
                )
                if offer is not None:
                    return offer
                leaves.remove(key)
            cells.remove(cell)
        return None

    def _boost(self) -> tuple[float, float]:
        if self.limits is None or self.config.boost == 0:
            return 1.0, 1.0
        done = max(1, self.total)

        def deficit(target: float, have: int) -> float:
            return max(0.0, target - have / done) / target if target > 0 else 0.0

        b = self.config.boost
        return (1 + b * deficit(self.limits.min_hard, self.hard),
                1 + b * deficit(self.limits.min_cross, self.cross))  # fmt: skip

    def _pick_offer(self, offers: list[Offer]) -> Offer | None:
        if not offers:
            return None
        return self._weighted(offers, lambda o: 1.0 / (1 + self.per_offer[o.index]))

    def _weighted(self, items: Sequence[T], weight: Callable[[T], float]) -> T:
        weights = [weight(x) for x in items]
        return self.rng.choices(items, weights=weights, k=1)[0]
