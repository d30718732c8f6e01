"""``cuagym taskgen`` as a library call: resolve domains, pick the backend, generate, report,
and write the task list (DESIGN.md §8)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from cuagym.core._atomic import write_file_atomically
from cuagym.domains import Domain, load_domains
from cuagym.taskgen._backends import DraftBackend, ProceduralDrafts
from cuagym.taskgen._catalog import Catalog, build_catalog
from cuagym.taskgen._constraints import MixConstraints
from cuagym.taskgen._dedup_models import DedupConfig, DedupUnavailable, Embedder
from cuagym.taskgen._generate import GeneratedTask, GenerateOptions, generate
from cuagym.taskgen._planner import PlanConfig
from cuagym.taskgen._report import TaskgenReport, build_report

__all__ = [
    "TaskgenError",
    "TaskgenOptions",
    "TaskgenResult",
    "resolve_domains",
    "run_taskgen",
    "write_task_file",
]


class TaskgenError(ValueError):
    """A request that cannot run (unknown domain, no generator, bad option); says which."""


@dataclass
class TaskgenOptions:
    domains: Sequence[str] | Literal["all"]
    n: int
    seed: int = 0
    backend: Literal["procedural", "llm"] = "procedural"
    constraints: MixConstraints | None = field(default_factory=MixConstraints)
    plan: PlanConfig = field(default_factory=PlanConfig)
    dedup: DedupConfig = field(default_factory=DedupConfig)
    batch_size: int = 64
    max_attempts: int = 4
    max_misses: int = 2
    max_backend_failures: int = 24


@dataclass
class TaskgenResult:
    tasks: list[GeneratedTask]
    report: TaskgenReport

    def task_list(self) -> list[dict[str, object]]:
        return [t.as_json() for t in self.tasks]


def resolve_domains(
    installed: Mapping[str, Domain], requested: Sequence[str] | Literal["all"]
) -> list[str]:
    """``all`` → every installed domain; otherwise the given ids, each checked."""
    if requested == "all":
        if not installed:
            raise TaskgenError("no domain is installed")
        return list(installed)
    ids = list(dict.fromkeys(d.strip() for d in requested if d.strip()))
    if not ids:
        raise TaskgenError("give --domains (a comma-separated list, or all)")
    for d in ids:
        if d not in installed:
            raise TaskgenError(f"unknown domain {d!r} (installed: {', '.join(installed)})")
    return ids


async def run_taskgen(
    options: TaskgenOptions,
    *,
    installed: Mapping[str, Domain] | None = None,
    drafts: Callable[[Catalog], DraftBackend] | None = None,
    embedder: Embedder | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> TaskgenResult:
    """Plan and generate ``options.n`` tasks. ``drafts`` builds the backend from the catalog
    (needed for ``llm``: the CLI passes one around a chat client); ``embedder`` defaults to
    MiniLM when the cosine check is on."""
    if options.n < 1:
        raise TaskgenError("--n must be at least 1")
    domains = dict(installed if installed is not None else load_domains())
    ids = resolve_domains(domains, options.domains)
    catalog = build_catalog(domains)
    if options.backend == "procedural":
        if drafts is not None:
            raise TaskgenError("the procedural backend takes no draft backend")
        with_families = [d for d in ids if catalog.domains[d].families]
        if options.domains != "all":
            lacking = [d for d in ids if d not in with_families]
            if lacking:
                raise TaskgenError(f"domain(s) {', '.join(lacking)} have no procedural task "
                                   "families (use --backend llm)")  # fmt: skip
        if not with_families:
            raise TaskgenError("no requested domain has procedural task families")
        ids = with_families
        backend: DraftBackend = ProceduralDrafts(options.seed)
    else:
        if drafts is None:
            raise TaskgenError("the llm backend needs a model (--model openai:NAME or "
                               "anthropic:NAME)")  # fmt: skip
        backend = drafts(catalog)
    try:  # numpy (and, for the cosine check, torch and the model) come with the dedup extra
        from cuagym.taskgen._dedup import Deduper
        from cuagym.taskgen._embed import MiniLMEmbedder
    except ImportError as exc:
        raise DedupUnavailable(
            f"the dedup checks need the dedup extra ({exc.name} is missing): pip install "
            "torch==2.13.0 first (the CPU build), then pip install 'cuagym[dedup]'"
        ) from None
    if options.dedup.cosine is not None and embedder is None:
        embedder = MiniLMEmbedder()
    deduper = Deduper(options.dedup, embedder)
    run = await generate(
        catalog, ids, backend, deduper,
        GenerateOptions(
            n=options.n, seed=options.seed, constraints=options.constraints,
            plan=options.plan, batch_size=options.batch_size,
            max_attempts=options.max_attempts, max_misses=options.max_misses,
            max_backend_failures=options.max_backend_failures,
            on_progress=on_progress,
        ),
    )  # fmt: skip
    report = build_report(
        run, backend=options.backend, seed=options.seed, domains=ids, requested=options.n,
        limits=options.constraints, embedded=deduper.embedded,
    )  # fmt: skip
    return TaskgenResult(run.tasks, report)


def write_task_file(path: Path, tasks: Sequence[GeneratedTask]) -> None:
    """Write the task list atomically (temp file, fsync, rename): all of it or nothing."""
    data = json.dumps([t.as_json() for t in tasks], ensure_ascii=False, indent=2) + "\n"
    # Created with the user's umask (a mkstemp file would stay 0600).
    write_file_atomically(path, data.encode("utf-8"))
