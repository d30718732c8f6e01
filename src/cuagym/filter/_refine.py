"""Refinement: a tuple goes back to the Discriminator with the teacher's review.

The synthesis orchestrator runs a Discriminator-only round (:meth:`Orchestrator.rediscriminate`):
the Generator's scripts rebuild V_init and V_gold (C1, C2), the Discriminator (any role
backend; the llm backend reads the review) writes a new reward.py, and C3-C6 are checked on
it. A refinement that passes yields a new version of the bundle: the new reward.py, the new
REVIEW.md and OSWorld's config.json rebuilt around them (by the orchestrator, exactly as a
synthesized bundle's); everything else is unchanged.

The orchestrator and what it runs on (role-API server, jails, the hub for web tasks) start on
the first refinement, so a run that never refines never starts them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

from cuagym.core import Bundle, TaskConfig
from cuagym.domains import load_domains
from cuagym.filter._files import json_bytes
from cuagym.synth import (
    BatchOptions,
    Orchestrator,
    Rediscrimination,
    RoleBackend,
    TaskSpec,
    open_orchestrator,
)

__all__ = ["DiscriminatorRefiner", "Refiner", "refined_files"]


class Refiner(Protocol):
    async def refine(self, bundle: Bundle, feedback: str, *, round: int) -> Rediscrimination:
        """One Discriminator-only round on ``bundle`` with ``feedback`` as TEACHER_REVIEW.md."""
        ...

    async def aclose(self) -> None: ...


def _skill(domain: str) -> str:
    dom = load_domains().get(domain)
    return dom.skill if dom is not None else ""


class DiscriminatorRefiner:
    """Refinements through the synthesis orchestrator and a role backend (e.g. ``llm``)."""

    def __init__(
        self,
        backend: RoleBackend,
        *,
        out: Path,
        tasks: Sequence[TaskConfig] = (),
        role_timeout_s: float = 600.0,
        script_timeout_s: float = 120.0,
    ) -> None:
        self.backend = backend
        self.options = BatchOptions(
            out=out, role_timeout_s=role_timeout_s, script_timeout_s=script_timeout_s
        )
        # The hub serves the web apps of every task that may need refining.
        self.specs = [TaskSpec(task=t) for t in tasks]
        self._stack = contextlib.AsyncExitStack()
        self._orchestrator: Orchestrator | None = None
        self._lock = asyncio.Lock()

    def describe(self) -> str:
        return self.backend.describe()

    async def _open(self) -> Orchestrator:
        async with self._lock:
            if self._orchestrator is None:
                self._orchestrator = await self._stack.enter_async_context(
                    open_orchestrator(self.specs, self.backend, self.options)
                )
            return self._orchestrator

    async def refine(self, bundle: Bundle, feedback: str, *, round: int) -> Rediscrimination:
        if bundle.initial_setup is None or bundle.golden_patch is None or bundle.reward is None:
            raise ValueError(f"{bundle.task_id}: a refinement needs all three scripts")
        orchestrator = await self._open()
        spec = TaskSpec(task=bundle.task, skill=_skill(bundle.task.domain))
        scripts = {
            "initial_setup.py": bundle.initial_setup,
            "golden_patch.py": bundle.golden_patch,
            "reward.py": bundle.reward,
        }
        return await orchestrator.rediscriminate(spec, scripts, feedback, round=round)

    async def aclose(self) -> None:
        await self._stack.aclose()
        self._orchestrator = None


def refined_files(
    files: Mapping[str, bytes], bundle: Bundle, result: Rediscrimination
) -> dict[str, bytes]:
    """The bundle's files with a passing refinement's reward.py, REVIEW.md and config.json."""
    if result.reward is None or result.review.verdict != "PASS" or result.config is None:
        raise ValueError(f"{bundle.task_id}: only a refinement that passed C1-C6 is installed")
    out = dict(files)
    out["reward.py"] = result.reward.encode("utf-8")
    out["REVIEW.md"] = result.review.render().encode("utf-8")
    out["config.json"] = json_bytes(result.config.to_json())  # built as synthesis builds it
    return out
