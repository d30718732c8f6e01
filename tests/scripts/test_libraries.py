"""Every family's reward is one namespace: the frame, the shared guard libraries and the
domain's helpers must never define the same name twice (the later one would silently win)."""

from __future__ import annotations

import ast
from collections import Counter

import pytest

from cuagym.domains import TaskFamily
from cuagym.domains._registry import load_domains
from cuagym.scripts import DESKTOP_LIBRARIES, WEB_LIBRARIES, inlined
from cuagym.scripts import _frame as frame

FAMILIES = [f for d in load_domains().values() for f in d.families]


def top_level_names(code: str) -> Counter[str]:
    names: Counter[str] = Counter()
    for node in ast.parse(code).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names[node.name] += 1
    return names


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f"{f.domain}/{f.id}")
def test_no_function_is_defined_twice_in_a_reward(family: TaskFamily) -> None:
    reward = family.write_reward(family.sample(0))
    twice = [name for name, n in top_level_names(reward).items() if n > 1]
    assert not twice, twice


@pytest.mark.parametrize("libraries", [WEB_LIBRARIES, DESKTOP_LIBRARIES], ids=["web", "desktop"])
def test_the_shared_libraries_fit_together(libraries: tuple[str, ...]) -> None:
    code = inlined(frame) + "".join(libraries)
    assert not [name for name, n in top_level_names(code).items() if n > 1]
    compile(code, "reward.py", "exec")
