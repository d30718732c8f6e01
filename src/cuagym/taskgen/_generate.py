"""Plan and generate a corpus: the planner draws slots, a backend drafts them, the linter and
the dedup checks judge them, rejected drafts are redone, exhausted offers are retired.

Slots go in batches (the dedup checks embed a batch at once; the llm backend drafts a batch
concurrently) with the semantics of one at a time. A rejected draft is redone up to
``max_attempts`` times for its slot (a new seed, or the llm's "diversify" prompt); a slot that
fails them all is given back to the planner, and an offer whose slots failed ``max_misses``
times in a row is retired (its generator cannot make another distinct task).

After generation the caps are repaired: when fewer tasks than planned could be made, the
shares are taken over fewer tasks and a category or app can end above its cap, so tasks of
that group are dropped (single-app, easy, surplus-leaf ones first) until it is back under,
unless that would drop more than half the corpus.
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cuagym.core import TaskConfig
from cuagym.taskgen._backends import Draft, DraftBackend
from cuagym.taskgen._catalog import Catalog
from cuagym.taskgen._cell import TaskCell
from cuagym.taskgen._constraints import MixConstraints
from cuagym.taskgen._dedup_models import DedupItem
from cuagym.taskgen._lint import lint_instruction
from cuagym.taskgen._offers import Offer
from cuagym.taskgen._planner import MixPlanner, PlanConfig, Slot
from cuagym.taskgen._template import slot_template

if TYPE_CHECKING:
    from cuagym.taskgen._dedup import Deduper

__all__ = ["BackendFailing", "GenerateOptions", "GeneratedTask", "Generation", "generate"]


class BackendFailing(RuntimeError):
    """The draft backend failed many drafts in a row (a model that errors or never answers
    in the asked form); the message quotes the last failure."""


_PASS_RANK = {"gap_fill": 0, "edge_cases": 1, "breadth": 2}


@dataclass(frozen=True)
class GeneratedTask:
    task: TaskConfig
    cell: TaskCell
    offer: Offer

    def as_json(self) -> dict[str, object]:
        """The task_config object plus its ``cell`` (DESIGN.md §8)."""
        data = self.task.model_dump(mode="json")
        data["cell"] = self.cell.model_dump(mode="json")
        return data


@dataclass
class GenerateOptions:
    n: int
    seed: int
    constraints: MixConstraints | None = field(default_factory=MixConstraints)
    plan: PlanConfig = field(default_factory=PlanConfig)
    batch_size: int = 64
    max_attempts: int = 4
    max_misses: int = 2
    #: drafts in a row the backend fails to produce at all (model errors, unparsable
    #: replies) before the run stops: a broken backend must not walk every offer
    max_backend_failures: int = 24
    on_progress: Callable[[int, int], None] | None = None  # (accepted, drafts)


@dataclass
class Generation:
    """What a run made and what it threw away."""

    tasks: list[GeneratedTask]
    offers: list[Offer]
    planner: MixPlanner
    drafts: int = 0
    rejected: Counter[str] = field(default_factory=Counter)  # lint, invalid, template, ...
    lint_kinds: Counter[str] = field(default_factory=Counter)
    warnings: Counter[str] = field(default_factory=Counter)  # offer label / glitch rule
    retired: list[str] = field(default_factory=list)
    trimmed: int = 0
    failing: int = 0  # drafts in a row without a task from the backend
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    wall_s: float = 0.0

    @property
    def rejected_dedup(self) -> int:
        return sum(self.rejected[r] for r in ("template", "ngram", "cosine"))


async def generate(
    catalog: Catalog,
    domains: Iterable[str],
    backend: DraftBackend,
    deduper: Deduper,
    options: GenerateOptions,
) -> Generation:
    """Plan ``options.n`` tasks over ``domains`` and generate them through ``backend``."""
    start = time.perf_counter()
    offers = backend.offers(catalog, domains)
    if not offers:
        raise ValueError("the backend offers no task for these domains (no families?)")
    rng = random.Random(f"cuagym-taskgen/{options.seed}")
    planner = MixPlanner(offers, options.n, rng=rng, constraints=options.constraints,
                         config=options.plan)  # fmt: skip
    run = Generation(tasks=[], offers=offers, planner=planner)
    retries: deque[Slot] = deque()
    numbers: dict[int, int] = {}  # id(slot) -> running number
    counter = 0
    while True:
        batch: list[Slot] = []
        while retries and len(batch) < options.batch_size:
            batch.append(retries.popleft())
        while len(batch) < options.batch_size:
            slot = planner.draw()
            if slot is None:
                break
            numbers[id(slot)] = counter
            counter += 1
            batch.append(slot)
        if not batch:
            break
        drafts = await backend.draft(batch, [numbers[id(s)] for s in batch])
        run.drafts += len(batch)
        _judge(run, batch, drafts, deduper, options, retries, numbers)
        if options.on_progress is not None:
            options.on_progress(len(run.tasks), run.drafts)
    if options.constraints is not None:
        run.trimmed = _trim(run.tasks, options.constraints)
    run.wall_s = round(time.perf_counter() - start, 3)
    return run


def _judge(
    run: Generation,
    batch: Sequence[Slot],
    drafts: Sequence[Draft],
    deduper: Deduper,
    options: GenerateOptions,
    retries: deque[Slot],
    numbers: dict[int, int],
) -> None:
    items: list[DedupItem] = []
    waiting: list[tuple[Slot, TaskConfig]] = []
    for slot, draft in zip(batch, drafts, strict=True):
        run.tokens_in += draft.tokens_in
        run.tokens_out += draft.tokens_out
        run.cost_usd += draft.cost_usd
        task = draft.task
        if task is None:
            run.failing += 1
            if run.failing >= options.max_backend_failures:
                raise BackendFailing(
                    f"the draft backend produced no task for {run.failing} drafts in a row; "
                    f"the last: {draft.error}"
                )
            _reject(run, slot, "invalid", draft.error, options, retries, numbers)
            continue
        run.failing = 0
        report = lint_instruction(task.instruction)
        for w in report.warnings:
            run.warnings[f"{slot.offer.label}: {w.rule}"] += 1
        if not report.ok:
            run.lint_kinds.update(e.kind for e in report.errors)
            _reject(run, slot, "lint", report.summary(), options, retries, numbers)
            continue
        template = slot_template(task.instruction, draft.fillers)
        items.append(DedupItem(task.instruction, tuple(task.apps), template))
        waiting.append((slot, task))
    for (slot, task), verdict in zip(waiting, deduper.check_batch(items), strict=True):
        if verdict.accepted:
            offer = slot.offer
            offer.accepted += 1
            offer.misses = 0
            cell = TaskCell(
                platform=offer.cell.platform, category=offer.cell.category,
                difficulty=offer.cell.difficulty, scenario=offer.cell.scenario,
                task_type=offer.cell.task_type, taxonomy_path=offer.leaf.full_path,
                source_pass=slot.source_pass,
            )  # fmt: skip
            run.tasks.append(GeneratedTask(task, cell, offer))
            numbers.pop(id(slot), None)
        else:
            rule = verdict.rule or "template"
            _reject(run, slot, rule, verdict.reason(deduper.texts), options, retries, numbers)


def _reject(
    run: Generation,
    slot: Slot,
    why: str,
    detail: str,
    options: GenerateOptions,
    retries: deque[Slot],
    numbers: dict[int, int],
) -> None:
    run.rejected[why] += 1
    slot.attempts += 1
    slot.feedback.append(f"{why}: {detail}")
    if slot.attempts < options.max_attempts:
        retries.append(slot)
        return
    numbers.pop(id(slot), None)
    run.planner.release(slot)
    offer = slot.offer
    offer.misses += 1
    if offer.misses >= options.max_misses and offer.index not in run.planner.dead:
        run.planner.retire(offer)
        run.retired.append(offer.label)


def _trim(tasks: list[GeneratedTask], limits: MixConstraints) -> int:
    """Drop tasks until no category or app is above its cap; returns how many were dropped
    (none if more than half would have to go: the report then shows the cap unmet).

    One drop at a time, always from the group furthest above its cap, the least valuable task
    of that group first (single-app, easy, a leaf that keeps another task, the breadth pass, the
    latest). The counts are kept up to date drop by drop, not recounted over the corpus.
    """
    total = len(tasks)
    floor = total // 2
    alive = [True] * total
    apps = [list(dict.fromkeys(t.task.apps)) for t in tasks]
    leaves = ["/".join(t.cell.taxonomy_path) for t in tasks]
    categories: Counter[str] = Counter(t.cell.category for t in tasks)
    load: defaultdict[str, float] = defaultdict(float)
    for distinct in apps:
        for app in distinct:
            load[app] += 1.0 / len(distinct)
    per_leaf = Counter(leaves)
    n = total
    while n and n > floor:
        over: list[tuple[float, str, str]] = []
        for cat, count in categories.items():
            if count / n > limits.max_category + 1e-9:
                over.append((count / n - limits.max_category, "category", cat))
        for app, value in load.items():
            share = round(value, 4) / n  # as mix_stats reports it
            if share > limits.max_app + 1e-9:
                over.append((share - limits.max_app, "app", app))
        if not over:
            break
        _, kind, name = max(over)
        group = [
            i for i in range(total)
            if alive[i]
            and (tasks[i].cell.category == name if kind == "category" else name in apps[i])
        ]  # fmt: skip
        victim = min(
            group,
            key=lambda i: (
                tasks[i].cell.task_type == "cross", tasks[i].cell.difficulty == "hard",
                per_leaf[leaves[i]] <= 1, _PASS_RANK[tasks[i].cell.source_pass], -i,
            ),
        )  # fmt: skip
        alive[victim] = False
        n -= 1
        categories[tasks[victim].cell.category] -= 1
        per_leaf[leaves[victim]] -= 1
        for app in apps[victim]:
            load[app] -= 1.0 / len(apps[victim])
    dropped = total - n
    if n <= floor and dropped:
        return 0  # trimming cannot repair it: keep the corpus whole, the report names the cap
    tasks[:] = [t for i, t in enumerate(tasks) if alive[i]]
    return dropped
