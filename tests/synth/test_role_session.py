"""RoleSession file access stays inside the role's workspace."""

from __future__ import annotations

from typing import Any

import pytest

from cuagym.synth._backends import RoleSession


@pytest.mark.parametrize(
    "name", ["../../etc/passwd", "../other-task/reward.py", ".hidden", "a/b", ""]
)
async def test_read_file_refuses_names_that_leave_the_workspace(name: str) -> None:
    session = RoleSession(
        role="generator",
        task=None,
        round=1,
        api=None,
        box=None,  # type: ignore[arg-type]
        env={},
        timeout_s=1.0,
    )
    with pytest.raises(ValueError, match="bad workspace file name"):
        await session.read_file(name)


def test_the_llm_backend_is_registered() -> None:
    from cuagym.synth import make_backend

    backend: Any = make_backend(
        "llm", model="openai:scripted-double", base_url="http://127.0.0.1:9"
    )
    assert backend.name == "llm"
