"""The start screen (DESIGN.md §6) in task_config.json."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.core import StartWindow, TaskConfig

TASK: dict[str, Any] = {
    "task_id": "calc--bold--1",
    "instruction": "Make the header row bold.",
    "domain": "calc",
    "apps": ["calc"],
    "difficulty": "easy",
}


def test_start_is_optional_and_absent_from_the_json_when_unset() -> None:
    task = TaskConfig.model_validate(TASK)
    assert task.start is None
    assert "start" not in task.model_dump(mode="json")


def test_start_windows_round_trip() -> None:
    start = [
        {"app": "calc", "path": "/home/user/Documents/budget.xlsx"},
        {"app": "team-chat", "page": "/channels/general"},
        {"app": "files", "path": "/home/user"},
    ]
    task = TaskConfig.model_validate({**TASK, "start": start})
    assert task.start == [StartWindow.model_validate(w) for w in start]
    dumped = task.model_dump(mode="json")
    assert dumped["start"] == [{**w, "page": w.get("page"), "path": w.get("path")} for w in start]
    assert TaskConfig.model_validate(dumped) == task


@pytest.mark.parametrize(
    ("window", "fragment"),
    [
        ({"app": "Calc"}, "not an app id"),
        ({"app": "calc", "path": "Documents/a.xlsx"}, "absolute path under /home/user"),
        ({"app": "calc", "path": "/etc/passwd"}, "under /home/user"),
        ({"app": "calc", "path": "/home/user/../root/x"}, "under /home/user"),
        ({"app": "calc", "path": "/home/user/a/../b.xlsx"}, "not normalized"),
        ({"app": "mail", "page": "https://evil.example/"}, "single '/'"),
        ({"app": "mail", "page": "//evil.example/"}, "single '/'"),
        ({"app": "mail", "page": "/inbox", "path": "/home/user"}, "both a path and a page"),
        ({"app": "mail", "url": "/"}, "Extra inputs"),
    ],
)
def test_bad_windows_are_refused(window: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValidationError, match=fragment):
        TaskConfig.model_validate({**TASK, "start": [window]})
