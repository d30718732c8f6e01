"""Which taxonomy leaves the procedural families cover (``cuagym taskgen coverage``)."""

from __future__ import annotations

from collections import defaultdict
from typing import get_args

from pydantic import BaseModel, Field

from cuagym.apps import PaperDomain
from cuagym.taskgen._catalog import Catalog, FamilyEntry

__all__ = [
    "CoverageReport",
    "DomainCoverage",
    "PaperDomainCoverage",
    "SubtreeCoverage",
    "coverage",
    "paper_domain_of",
]


class SubtreeCoverage(BaseModel):
    leaves: int
    covered: int
    families: int = Field(description="families whose own leaf lies in this subtree")


class DomainCoverage(BaseModel):
    domain: str
    leaves: int
    covered: int
    share: float = Field(description="covered / leaves")
    families: int
    hard_families: int
    cross_families: int = Field(description="families whose tasks touch more than one app")
    covered_leaves: list[str] = Field(description="paths below the root")
    uncovered_leaves: list[str]
    subtrees: dict[str, SubtreeCoverage]

    @property
    def subtrees_without_family(self) -> list[str]:
        return [name for name, s in self.subtrees.items() if s.covered == 0]


class PaperDomainCoverage(BaseModel):
    """One of the paper's Table-10 domains: the apps that count toward it and the families
    whose tasks do (a family of one app counts toward its app's domain, a cross-app family
    toward Cross-Web, Cross-Desktop or Desktop × Web by the platforms it spans)."""

    paper_domain: str
    apps: list[str]
    families: int
    covered: bool = Field(description="at least one family's tasks count toward it")


class CoverageReport(BaseModel):
    leaves: int
    covered: int
    share: float
    families: int
    hard_families: int = Field(description="hard families of the domains shown")
    cross_families: int = Field(description="cross-app families of the domains shown")
    domains: list[DomainCoverage]
    paper_domains: list[PaperDomainCoverage] = Field(
        description="all 18 of the paper's Table-10 domains, in its order, for the domains shown"
    )

    @property
    def paper_domains_covered(self) -> int:
        return sum(p.covered for p in self.paper_domains)


def paper_domain_of(entry: FamilyEntry, catalog: Catalog) -> str | None:
    """The Table-10 domain a family's tasks count toward (None: its app names none)."""
    if entry.is_cross:
        return {"web": "Cross-Web", "desktop": "Cross-Desktop"}.get(entry.platform, "Desktop × Web")
    home = catalog.domains[entry.family.domain].domain
    return home.paper_domain


def coverage(catalog: Catalog, domains: list[str] | None = None) -> CoverageReport:
    """Leaves covered and uncovered per domain (a family's own leaf and its ``also_covers``).

    ``domains`` limits the rows and totals to those domains; a leaf still counts as covered
    when a family of another domain names it (a cross-app family's ``also_covers``).
    """
    covered: set[str] = set()
    for fam in catalog.families():
        covered.update(leaf.key for leaf in fam.leaves)
    rows: list[DomainCoverage] = []
    for d, entry in catalog.domains.items():
        if domains is not None and d not in domains:
            continue
        leaves = entry.taxonomy.leaves()
        subtree_leaves: dict[str, int] = defaultdict(int)
        subtree_covered: dict[str, int] = defaultdict(int)
        subtree_families: dict[str, int] = defaultdict(int)
        done, todo = [], []
        for leaf in leaves:
            subtree_leaves[leaf.subtree] += 1
            if leaf.key in covered:
                subtree_covered[leaf.subtree] += 1
                done.append("/".join(leaf.path))
            else:
                todo.append("/".join(leaf.path))
        for fam in entry.families:
            subtree_families[fam.leaf.subtree] += 1
        rows.append(
            DomainCoverage(
                domain=d, leaves=len(leaves), covered=len(done),
                share=round(len(done) / len(leaves), 4) if leaves else 0.0,
                families=len(entry.families),
                hard_families=sum(f.family.difficulty == "hard" for f in entry.families),
                cross_families=sum(f.is_cross for f in entry.families),
                covered_leaves=done, uncovered_leaves=todo,
                subtrees={
                    s: SubtreeCoverage(leaves=n, covered=subtree_covered[s],
                                       families=subtree_families[s])
                    for s, n in subtree_leaves.items()
                },
            )
        )  # fmt: skip
    total = sum(r.leaves for r in rows)
    n_covered = sum(r.covered for r in rows)
    return CoverageReport(
        leaves=total, covered=n_covered, share=round(n_covered / total, 4) if total else 0.0,
        families=sum(r.families for r in rows),
        hard_families=sum(r.hard_families for r in rows),
        cross_families=sum(r.cross_families for r in rows), domains=rows,
        paper_domains=_paper_domains(catalog, [r.domain for r in rows]),
    )  # fmt: skip


def _paper_domains(catalog: Catalog, shown: list[str]) -> list[PaperDomainCoverage]:
    apps: dict[str, list[str]] = defaultdict(list)
    families: dict[str, int] = defaultdict(int)
    for d in shown:
        entry = catalog.domains[d]
        if entry.domain.paper_domain is not None:
            apps[entry.domain.paper_domain].append(d)
        for fam in entry.families:
            where = paper_domain_of(fam, catalog)
            if where is not None:
                families[where] += 1
    return [
        PaperDomainCoverage(paper_domain=name, apps=apps[name], families=families[name],
                            covered=families[name] > 0)
        for name in get_args(PaperDomain)
    ]  # fmt: skip
