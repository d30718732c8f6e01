"""Task generation at scale (DESIGN.md §8): from "n tasks" to a planned corpus.

* :func:`load_taxonomy` — every domain's ``taxonomy.yaml`` in one validated schema;
  :func:`build_catalog` ties each procedural family to the leaves it covers;
  :func:`coverage` reports leaves covered and uncovered per domain;
  :func:`family_diversity` samples every family over many seeds (distinct sentence frames,
  lint failures, generator glitches);
* :class:`MixPlanner` — the sampler over (platform, category, difficulty, scenario, task type)
  cells × leaves: inverse-frequency weights, the three passes (breadth, gap-fill, edge cases),
  and the corpus-mix constraints (:class:`MixConstraints`);
* :func:`lint_instruction` — rejects vague, mechanical, open-ended, infeasible and
  method-leaking instructions (every backend's drafts go through it);
* :class:`Deduper` — the three dedup checks (MiniLM cosine, token 4-grams, slot templates);
* backends: :class:`ProceduralDrafts` (the families) and :class:`LlmDrafts` (Task-Gen through
  :mod:`cuagym.llm`);
* :func:`run_taskgen` — all of it, as ``cuagym taskgen`` runs it; :func:`write_task_file`
  writes the task list ``cuagym synth --tasks`` reads.

Layering: ``taskgen`` sits between ``llm`` and ``agent`` (core → … → domains → llm → taskgen
→ agent → synth): it imports domains and llm, and synth reads its :class:`TaskCell`.

Importing this package needs neither numpy nor the llm SDKs: :class:`Deduper`,
:class:`NgramIndex`, :class:`MiniLMEmbedder` (the ``dedup`` extra: numpy, torch, the packaged
MiniLM model) and :class:`LlmDrafts`, :func:`assets_by_domain`, :func:`list_assets`,
:func:`parse_task` (the ``llm`` extra) load on first use, so ``cuagym taskgen coverage``
runs on a bare install.
"""

from typing import TYPE_CHECKING, Any

from cuagym.taskgen._backends import SEED_STRIDE, Draft, DraftBackend, ProceduralDrafts
from cuagym.taskgen._catalog import Catalog, CatalogError, DomainEntry, FamilyEntry, build_catalog
from cuagym.taskgen._categories import (
    CATEGORIES,
    CATEGORY_TITLES,
    EDGE_KINDS,
    PRIMITIVES,
    Category,
    EdgeKind,
    Primitive,
)
from cuagym.taskgen._cell import CellKey, TaskCell, platform_of, task_type_of
from cuagym.taskgen._constraints import (
    ConstraintCheck,
    MixConstraints,
    MixStats,
    check_mix,
    mix_stats,
)
from cuagym.taskgen._coverage import CoverageReport, DomainCoverage, SubtreeCoverage, coverage
from cuagym.taskgen._dedup_models import (
    DedupConfig,
    DedupItem,
    DedupRule,
    DedupUnavailable,
    DedupVerdict,
    Embedder,
)
from cuagym.taskgen._diversity import DiversityReport, FamilyDiversity, family_diversity
from cuagym.taskgen._generate import (
    BackendFailing,
    GeneratedTask,
    GenerateOptions,
    Generation,
    generate,
)
from cuagym.taskgen._lint import LINT_KINDS, LintFinding, LintKind, LintReport, lint_instruction
from cuagym.taskgen._offers import Offer, edge_kinds, llm_offers, procedural_offers
from cuagym.taskgen._planner import PASSES, MixPlanner, PassName, PlanConfig, Slot
from cuagym.taskgen._prompts import TASKGEN_SYSTEM, taskgen_message
from cuagym.taskgen._report import TaskgenReport, build_report
from cuagym.taskgen._run import (
    TaskgenError,
    TaskgenOptions,
    TaskgenResult,
    resolve_domains,
    run_taskgen,
    write_task_file,
)
from cuagym.taskgen._taxonomy import (
    MAX_BRANCHING,
    MAX_DEPTH,
    Leaf,
    Taxonomy,
    TaxonomyError,
    TaxonomyNode,
    load_taxonomy,
    parse_taxonomy,
)
from cuagym.taskgen._template import SLOT, slot_template, slot_values, tokens

if TYPE_CHECKING:
    from cuagym.taskgen._dedup import Deduper, NgramIndex
    from cuagym.taskgen._embed import MiniLMEmbedder
    from cuagym.taskgen._llm_gen import LlmDrafts, assets_by_domain, list_assets, parse_task

_LAZY = {
    "Deduper": "cuagym.taskgen._dedup",
    "NgramIndex": "cuagym.taskgen._dedup",
    "MiniLMEmbedder": "cuagym.taskgen._embed",
    "LlmDrafts": "cuagym.taskgen._llm_gen",
    "assets_by_domain": "cuagym.taskgen._llm_gen",
    "list_assets": "cuagym.taskgen._llm_gen",
    "parse_task": "cuagym.taskgen._llm_gen",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'cuagym.taskgen' has no attribute {name!r}")


__all__ = [
    "CATEGORIES",
    "CATEGORY_TITLES",
    "EDGE_KINDS",
    "LINT_KINDS",
    "MAX_BRANCHING",
    "MAX_DEPTH",
    "PASSES",
    "PRIMITIVES",
    "SEED_STRIDE",
    "SLOT",
    "TASKGEN_SYSTEM",
    "BackendFailing",
    "Catalog",
    "CatalogError",
    "Category",
    "CellKey",
    "ConstraintCheck",
    "CoverageReport",
    "DedupConfig",
    "DedupItem",
    "DedupRule",
    "DedupUnavailable",
    "DedupVerdict",
    "Deduper",
    "DiversityReport",
    "DomainCoverage",
    "DomainEntry",
    "Draft",
    "DraftBackend",
    "EdgeKind",
    "Embedder",
    "FamilyDiversity",
    "FamilyEntry",
    "GenerateOptions",
    "GeneratedTask",
    "Generation",
    "Leaf",
    "LintFinding",
    "LintKind",
    "LintReport",
    "LlmDrafts",
    "MiniLMEmbedder",
    "MixConstraints",
    "MixPlanner",
    "MixStats",
    "NgramIndex",
    "Offer",
    "PassName",
    "PlanConfig",
    "Primitive",
    "ProceduralDrafts",
    "Slot",
    "SubtreeCoverage",
    "TaskCell",
    "TaskgenError",
    "TaskgenOptions",
    "TaskgenReport",
    "TaskgenResult",
    "Taxonomy",
    "TaxonomyError",
    "TaxonomyNode",
    "assets_by_domain",
    "build_catalog",
    "build_report",
    "check_mix",
    "coverage",
    "edge_kinds",
    "family_diversity",
    "generate",
    "lint_instruction",
    "list_assets",
    "llm_offers",
    "load_taxonomy",
    "mix_stats",
    "parse_task",
    "parse_taxonomy",
    "platform_of",
    "procedural_offers",
    "resolve_domains",
    "run_taskgen",
    "slot_template",
    "slot_values",
    "task_type_of",
    "taskgen_message",
    "tokens",
    "write_task_file",
]
