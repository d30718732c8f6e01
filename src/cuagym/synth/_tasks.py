"""Where a batch's tasks come from: sampled from the domains' procedural families, or a
``--tasks`` file (a JSON list of task configs). Both give :class:`TaskSpec` lists in a
deterministic order, so re-running the same command names the same tasks (resume).

A task-file entry may carry meta.json fields in ``meta``, or — as ``cuagym taskgen`` writes
it (DESIGN.md §8) — its sampling ``cell``, which goes to meta.json whole; neither reaches
task_config.json, so no role sees it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cuagym.core import Platform, Scenario, TaskConfig
from cuagym.core.task import SourcePass
from cuagym.domains import Domain
from cuagym.synth._orchestrator import TaskSpec
from cuagym.taskgen import TaskCell, task_type_of

__all__ = ["TaskFileError", "domains_with_families", "load_tasks_file", "sample_tasks"]

# Seeds of one --seed value never meet another's: seed S owns [S*STRIDE, (S+1)*STRIDE).
SEED_STRIDE = 100_000


class TaskFileError(ValueError):
    """A --tasks file or task selection that cannot be used; the message names task and field."""


class _FileMeta(BaseModel):
    """The optional ``meta`` object of a task-file entry (meta.json fields a user may set)."""

    model_config = ConfigDict(extra="allow")

    platform: Platform | None = None
    scenario: Scenario = "commercial"
    taxonomy_path: list[str] = Field(default_factory=list)
    source_pass: SourcePass = "user"


def domains_with_families(domains: Mapping[str, Domain]) -> list[str]:
    return [d for d, dom in domains.items() if dom.families]


def _platform(task: TaskConfig, domains: Mapping[str, Domain], given: Platform | None) -> Platform:
    if given is not None:
        return given
    home = domains.get(task.domain)
    kinds = {domains[a].platform for a in task.apps if a in domains}
    if home is not None:
        kinds.add(home.platform)
    if len(kinds) > 1:
        return "cross"
    if kinds:
        return "desktop" if "desktop" in kinds else "web"
    raise TaskFileError(
        f"task {task.task_id!r}: field 'meta.platform' is required for domain "
        f"{task.domain!r}, which no installed plugin provides"
    )


def sample_tasks(
    domains: Mapping[str, Domain], ids: Sequence[str], n: int, seed: int
) -> list[TaskSpec]:
    """``n`` tasks spread evenly over ``ids`` (the first ``n % len(ids)`` get one more), each
    domain's share round-robin over its families. Task i depends only on (seed, domain, i), so
    a larger ``n`` with the same seed is a superset (a batch can be extended by re-running)."""
    if n < 1:
        raise TaskFileError("--n must be at least 1")
    if not ids:
        raise TaskFileError("no domain with procedural task families is installed")
    for d in ids:
        if d not in domains:
            raise TaskFileError(f"unknown domain {d!r} (installed: {', '.join(domains)})")
        if not domains[d].families:
            raise TaskFileError(f"domain {d!r} has no procedural task families to sample")
    specs: list[TaskSpec] = []
    share, extra = divmod(n, len(ids))
    for j, d in enumerate(ids):
        dom = domains[d]
        families = dom.families
        skill = _skill(dom)
        for i in range(share + (1 if j < extra else 0)):
            family = families[i % len(families)]
            task = family.sample(seed * SEED_STRIDE + i // len(families))
            meta = {
                "platform": _platform(task, domains, None),
                "scenario": family.scenario,
                "taxonomy_path": list(family.taxonomy_path),
                "source_pass": "procedural",
            }
            specs.append(TaskSpec(task=task, skill=skill, meta=meta))
    return specs


def load_tasks_file(
    path: Path, domains: Mapping[str, Domain], *, need_family: bool = False
) -> list[TaskSpec]:
    """Read a JSON list of task configs; every problem names the task (index and id) and field."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TaskFileError(f"{path}: cannot read: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TaskFileError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(data, list):
        raise TaskFileError(f"{path}: must hold a JSON list of task configs, not a {_kind(data)}")
    if not data:
        raise TaskFileError(f"{path}: the task list is empty")
    specs: list[TaskSpec] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(data):
        where = f"{path}: task {i}"
        if not isinstance(entry, dict):
            raise TaskFileError(f"{where}: must be a JSON object, not a {_kind(entry)}")
        if isinstance(entry.get("task_id"), str):
            where += f" ({entry['task_id']!r})"
        raw = dict(entry)
        meta_raw = raw.pop("meta", {})
        cell_raw = raw.pop("cell", None)
        if cell_raw is not None and meta_raw:
            raise TaskFileError(f"{where}: give either 'cell' (from cuagym taskgen) or 'meta'")
        try:
            task = TaskConfig.model_validate(raw)
            meta = _FileMeta.model_validate(meta_raw if meta_raw is not None else {})
            cell = TaskCell.model_validate(cell_raw) if cell_raw is not None else None
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            loc = ".".join(str(p) for p in err["loc"]) or "(entry)"
            if exc.title == _FileMeta.__name__:
                loc = f"meta.{loc}"
            elif exc.title == TaskCell.__name__:
                loc = f"cell.{loc}"
            msg = err["msg"].removeprefix("Value error, ")
            raise TaskFileError(f"{where}: field '{loc}': {msg}") from None
        if cell is not None:
            _check_cell(task, cell, where)
            meta = _FileMeta.model_validate(
                cell.model_dump(include={"platform", "category", "scenario", "taxonomy_path",
                                         "source_pass"})
            )  # fmt: skip
        if task.task_id in seen:
            raise TaskFileError(f"{where}: field 'task_id': duplicate of task {seen[task.task_id]}")
        seen[task.task_id] = i
        dom = domains.get(task.domain)
        if need_family:
            _check_family(task, dom, where)
        try:
            platform = _platform(task, domains, meta.platform)
        except TaskFileError as exc:
            raise TaskFileError(f"{where}: {str(exc).split(': ', 1)[1]}") from None
        extras: dict[str, Any] = meta.model_dump()
        extras["platform"] = platform
        specs.append(TaskSpec(task=task, skill=_skill(dom) if dom else "", meta=extras))
    return specs


def _skill(dom: Domain) -> str:
    try:
        return dom.skill
    except OSError as exc:
        raise TaskFileError(f"domain {dom.id!r}: cannot read its SKILL.md: {exc}") from None


def _check_family(task: TaskConfig, dom: Domain | None, where: str) -> None:
    family = task.family
    if dom is None:
        raise TaskFileError(f"{where}: field 'domain': no installed domain {task.domain!r}")
    if not isinstance(family, str) or not family:
        raise TaskFileError(
            f"{where}: field 'family': the procedural backend needs the task family's id "
            f"(one of: {', '.join(f.id for f in dom.families) or 'none'})"
        )
    if family not in {f.id for f in dom.families}:
        raise TaskFileError(f"{where}: field 'family': domain {dom.id!r} has no family {family!r}")


def _check_cell(task: TaskConfig, cell: TaskCell, where: str) -> None:
    """A cell must describe its task: same difficulty and task type, its own domain's leaf."""
    if cell.difficulty != task.difficulty:
        raise TaskFileError(f"{where}: field 'cell.difficulty': {cell.difficulty!r} but the "
                            f"task is {task.difficulty!r}")  # fmt: skip
    if cell.task_type != task_type_of(task.apps):
        raise TaskFileError(f"{where}: field 'cell.task_type': {cell.task_type!r} but the task "
                            f"has apps {task.apps}")  # fmt: skip
    if cell.taxonomy_path[0] not in task.apps:
        raise TaskFileError(f"{where}: field 'cell.taxonomy_path': its root "
                            f"{cell.taxonomy_path[0]!r} is not one of the task's apps")  # fmt: skip


def _kind(value: Any) -> str:
    names: dict[type, str] = {dict: "object", list: "list", str: "string"}
    return names.get(type(value), type(value).__name__)
