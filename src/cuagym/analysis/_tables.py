"""The paper's dataset tables computed for any corpus (DESIGN.md §10).

Orderings are fixed so two runs over the same corpus print the same thing: domains by total
descending, then name; verbs and app pairs by count descending, then alphabetically. Every
known value of ``scenario``, ``platform`` and ``task_type`` is listed, with 0 when absent.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import get_args

from cuagym.analysis._corpus import TupleInfo
from cuagym.analysis._models import DIFFICULTIES, WORD_BINS, CorpusStats, InstructionWords
from cuagym.analysis._verbs import first_verb
from cuagym.core import Platform, Scenario
from cuagym.core.task import TaskType

__all__ = ["app_pairs", "corpus_stats", "instruction_words", "nearest_rank"]


def nearest_rank(sorted_values: Sequence[int], p: float) -> int:
    """The p-th percentile by the nearest-rank method: the value at rank ⌈p/100 · N⌉ (1-based)."""
    if not sorted_values:
        raise ValueError("a percentile of no values")
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def instruction_words(lengths: Sequence[int]) -> InstructionWords:
    """Bin counts and summary figures of instruction lengths (in words)."""
    values = sorted(lengths)
    bins = dict.fromkeys((label for label, _, _ in WORD_BINS), 0)
    for n in values:
        for label, low, high in WORD_BINS:
            if n >= low and (high is None or n <= high):
                bins[label] += 1
                break
    return InstructionWords(
        bins=bins,
        mean=round(sum(values) / len(values), 4),
        p10=nearest_rank(values, 10),
        p25=nearest_rank(values, 25),
        p50=nearest_rank(values, 50),
        p75=nearest_rank(values, 75),
        p90=nearest_rank(values, 90),
        p99=nearest_rank(values, 99),
        max=values[-1],
    )


def app_pairs(tuples: Sequence[TupleInfo]) -> list[tuple[str, str, int]]:
    """Every pair of distinct apps of each cross-app task (app_a < app_b), counted."""
    counts: Counter[tuple[str, str]] = Counter()
    for t in tuples:
        if t.task_type == "cross":
            counts.update(combinations(sorted(set(t.apps)), 2))
    return [(a, b, n) for (a, b), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def _ranked(counter: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))


def _with_all(known: tuple[str, ...], counter: Counter[str]) -> dict[str, int]:
    out = {value: counter.get(value, 0) for value in known}
    out.update({k: n for k, n in sorted(counter.items()) if k not in out})
    return out


def corpus_stats(tuples: Sequence[TupleInfo]) -> CorpusStats:
    """The dataset tables of the paper for ``tuples`` (at least one)."""
    if not tuples:
        raise ValueError("no tuples to count")
    by_domain: dict[str, Counter[str]] = {}
    for t in tuples:
        by_domain.setdefault(t.domain, Counter())[t.difficulty] += 1
    ordered = sorted(by_domain.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
    verbs = [first_verb(t.instruction) for t in tuples]
    return CorpusStats(
        tuples=len(tuples),
        domain_difficulty={d: {k: c.get(k, 0) for k in DIFFICULTIES} for d, c in ordered},
        scenario=_with_all(get_args(Scenario), Counter(t.scenario for t in tuples)),
        platform=_with_all(get_args(Platform), Counter(t.platform for t in tuples)),
        task_type=_with_all(get_args(TaskType), Counter(t.task_type for t in tuples)),
        first_verbs=_ranked(Counter(v for v in verbs if v is not None)),
        no_first_verb=verbs.count(None),
        app_pairs=app_pairs(tuples),
        instruction_words=instruction_words([len(t.instruction.split()) for t in tuples]),
    )
