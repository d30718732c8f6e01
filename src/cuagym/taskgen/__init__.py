"""Task generation at scale (DESIGN.md §8): from "n tasks" to a planned corpus.

* :func:`load_taxonomy` — every domain's ``taxonomy.yaml`` in one validated schema;
  :func:`build_catalog` ties each procedural family to the leaves it covers;
  :func:`coverage` reports leaves covered and uncovered per domain;
  :func:`family_diversity` samples every family over many seeds (distinct sentence frames,
  lint failures, generator glitches);
* the mix planner (``_planner``: inverse-frequency weights over (platform, category,
  difficulty, scenario, task type) cells x leaves, the three passes, the corpus-mix
  constraints), the instruction lint (``_lint``) and the three dedup checks (``_dedup``) run
  inside :func:`run_taskgen`;
* backends: :class:`DraftBackend`, the families' drafts and :class:`LlmDrafts` (Task-Gen
  through :mod:`cuagym.llm`);
* :func:`run_taskgen` — all of it, as ``cuagym taskgen`` runs it; :func:`write_task_file`
  writes the task list ``cuagym synth --tasks`` reads.

Layering: ``taskgen`` sits between ``llm`` and ``agent`` (core → … → domains → llm → taskgen
→ agent → synth): it imports domains and llm, and synth reads its :class:`TaskCell`.

Importing this package needs neither numpy nor the llm SDKs: the dedup checks (the ``dedup``
extra: numpy, torch, the packaged MiniLM model) and :class:`LlmDrafts`,
:func:`assets_by_domain` (the ``llm`` extra) load on first use, so ``cuagym taskgen coverage``
runs on a bare install.
"""

from typing import TYPE_CHECKING, Any

from cuagym.taskgen._backends import DraftBackend
from cuagym.taskgen._catalog import Catalog, CatalogError, build_catalog
from cuagym.taskgen._categories import CATEGORIES
from cuagym.taskgen._cell import TaskCell, task_type_of
from cuagym.taskgen._coverage import CoverageReport, coverage
from cuagym.taskgen._dedup_models import DedupUnavailable
from cuagym.taskgen._diversity import family_diversity
from cuagym.taskgen._generate import BackendFailing
from cuagym.taskgen._run import (
    TaskgenError,
    TaskgenOptions,
    TaskgenResult,
    resolve_domains,
    run_taskgen,
    write_task_file,
)
from cuagym.taskgen._taxonomy import load_taxonomy

if TYPE_CHECKING:
    from cuagym.taskgen._llm_gen import LlmDrafts, assets_by_domain

_LAZY = {
    "LlmDrafts": "cuagym.taskgen._llm_gen",
    "assets_by_domain": "cuagym.taskgen._llm_gen",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'cuagym.taskgen' has no attribute {name!r}")


__all__ = [
    "CATEGORIES",
    "BackendFailing",
    "Catalog",
    "CatalogError",
    "CoverageReport",
    "DedupUnavailable",
    "DraftBackend",
    "LlmDrafts",
    "TaskCell",
    "TaskgenError",
    "TaskgenOptions",
    "TaskgenResult",
    "assets_by_domain",
    "build_catalog",
    "coverage",
    "family_diversity",
    "load_taxonomy",
    "resolve_domains",
    "run_taskgen",
    "task_type_of",
    "write_task_file",
]
