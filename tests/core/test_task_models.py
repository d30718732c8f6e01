"""task_config.json and meta.json: what they accept and refuse."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from cuagym.core import TaskConfig, TaskMeta
from cuagym.core.task import validate_task_id
from tests.core.bundle_examples import meta, task


@pytest.mark.parametrize("task_id", ["calc-001", "a", "T_1.v2", "x" * 128, "9lives"])
def test_safe_task_ids(task_id: str) -> None:
    assert validate_task_id(task_id) == task_id


@pytest.mark.parametrize(
    "task_id",
    [
        "",
        ".",
        "..",
        ".hidden",
        "a/b",
        "a\\b",
        "has space",
        "x" * 129,
        "con",
        "NUL.txt",
        "end.",
        "é",
    ],
)
def test_unsafe_task_ids(task_id: str) -> None:
    with pytest.raises(ValueError):
        validate_task_id(task_id)
    with pytest.raises(ValidationError, match="task_id"):
        task(task_id)


def test_task_config_keeps_unknown_keys_and_refuses_non_json() -> None:
    t = task(assets=["budget.csv"], seed=7)
    assert t.model_dump()["assets"] == ["budget.csv"]
    assert TaskConfig.model_validate(t.model_dump(mode="json")) == t
    with pytest.raises(ValidationError, match="not a JSON value"):
        task(when=object())
    with pytest.raises(ValidationError, match="NaN"):
        task(score=float("nan"))


def test_task_config_fields() -> None:
    with pytest.raises(ValidationError, match="difficulty"):
        task().model_validate(task().model_dump() | {"difficulty": "trivial"})
    with pytest.raises(ValidationError, match="apps"):
        TaskConfig.model_validate(task().model_dump() | {"apps": []})
    with pytest.raises(ValidationError, match="domain"):
        TaskConfig.model_validate(task().model_dump() | {"domain": "Team Chat"})
    assert TaskConfig.model_validate(task().model_dump() | {"context": ""}).context == ""


def test_meta_fields() -> None:
    m = meta(model="claude-sonnet-4-6", critic={"votes": [1, 1, 0]})
    assert TaskMeta.model_validate(m.model_dump(mode="json")) == m
    for bad in (
        {"platform": "mobile"},
        {"task_type": "multi"},
        {"source_pass": "pass4"},
        {"backend": "magic"},
        {"rounds": -1},
        {"cost_usd": -0.5},
        {"tokens_in": 1.5},
        {"timings_s": {"total": -1}},
        {"cost_usd": float("inf")},
    ):
        with pytest.raises(ValidationError):
            meta(**bad)
