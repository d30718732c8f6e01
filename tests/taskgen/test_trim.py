"""The cap repair after generation (``_trim``) against a plain reference that recounts the
whole corpus before every drop: the same tasks survive, in the same order."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from types import SimpleNamespace
from typing import Any, cast

import pytest

from cuagym.taskgen._constraints import MixConstraints
from cuagym.taskgen._generate import _PASS_RANK, GeneratedTask, _trim

CATEGORIES = ["mail", "docs", "sheets", "slides", "chat", "files", "crm"]
APPS = ["mail", "writer", "calc", "impress", "team-chat", "files", "crm", "issue-tracker"]


def _task(rng: random.Random, i: int) -> Any:
    apps = rng.sample(APPS[:4], 1) if rng.random() < 0.6 else rng.sample(APPS, rng.randint(1, 3))
    cell = SimpleNamespace(
        category=rng.choices(CATEGORIES, weights=[6, 3, 2, 2, 1, 1, 1])[0],
        task_type="cross" if len(apps) > 1 else "single",
        difficulty=rng.choice(["easy", "medium", "hard"]),
        taxonomy_path=("d", f"leaf{rng.randint(0, 40)}"),
        source_pass=rng.choice(list(_PASS_RANK)),
    )
    return SimpleNamespace(cell=cell, task=SimpleNamespace(apps=apps), i=i)


def _reference(tasks: list[Any], limits: MixConstraints) -> int:
    keep = list(tasks)
    floor = len(tasks) // 2
    dropped = 0
    while keep and len(keep) > floor:
        n = len(keep)
        cats = Counter(t.cell.category for t in keep)
        load: defaultdict[str, float] = defaultdict(float)
        for t in keep:
            distinct = list(dict.fromkeys(t.task.apps))
            for app in distinct:
                load[app] += 1.0 / len(distinct)
        over = [(c / n - limits.max_category, "category", k) for k, c in cats.items()
                if c / n > limits.max_category + 1e-9]  # fmt: skip
        over += [(round(v, 4) / n - limits.max_app, "app", a) for a, v in load.items()
                 if round(v, 4) / n > limits.max_app + 1e-9]  # fmt: skip
        if not over:
            break
        _, kind, name = max(over)
        per_leaf = Counter("/".join(t.cell.taxonomy_path) for t in keep)
        group = [(i, t) for i, t in enumerate(keep)
                 if (t.cell.category if kind == "category" else t.task.apps) == name
                 or (kind == "app" and name in t.task.apps)]  # fmt: skip
        _, victim = min(group, key=lambda it: (
            it[1].cell.task_type == "cross", it[1].cell.difficulty == "hard",
            per_leaf["/".join(it[1].cell.taxonomy_path)] <= 1,
            _PASS_RANK[it[1].cell.source_pass], -it[0]))  # fmt: skip
        keep = [t for t in keep if t is not victim]
        dropped += 1
    if len(keep) <= floor and dropped:
        return 0
    tasks[:] = keep
    return dropped


@pytest.mark.parametrize("seed", range(12))
def test_trim_keeps_what_the_reference_keeps(seed: int) -> None:
    rng = random.Random(seed)
    corpus = [_task(rng, i) for i in range(rng.randint(40, 400))]
    limits = MixConstraints(max_category=rng.choice([0.21, 0.3, 0.5]),
                            max_app=rng.choice([0.15, 0.25, 0.4]))  # fmt: skip
    mine, ref = list(corpus), list(corpus)
    dropped = _trim(cast(list[GeneratedTask], mine), limits)
    assert dropped == _reference(ref, limits)
    assert [t.i for t in mine] == [t.i for t in ref]


def test_a_cap_that_needs_more_than_half_the_corpus_dropped_keeps_it_whole() -> None:
    rng = random.Random(5)
    corpus = [_task(rng, i) for i in range(100)]
    for t in corpus:
        t.cell.category = "mail"  # one category: no trimming can bring it under 21 %
    mine = list(corpus)
    assert _trim(cast(list[GeneratedTask], mine), MixConstraints()) == 0
    assert mine == corpus
