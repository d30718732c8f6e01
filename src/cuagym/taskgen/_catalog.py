"""The installed domains as task generation sees them: each taxonomy loaded and validated, each
procedural family tied to the leaves it covers (checked against the trees)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cuagym.core import Platform
from cuagym.domains import Domain, TaskFamily
from cuagym.taskgen._cell import platform_of, task_type_of
from cuagym.taskgen._taxonomy import Leaf, Taxonomy, TaxonomyError, load_taxonomy

__all__ = ["Catalog", "CatalogError", "DomainEntry", "FamilyEntry", "build_catalog"]


class CatalogError(ValueError):
    """Taxonomies or family declarations that do not hold; ``problems`` lists every one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("task generation cannot use the installed domains:\n" +
                         "\n".join(f"  {p}" for p in problems))  # fmt: skip


@dataclass(frozen=True)
class FamilyEntry:
    """A procedural family with its leaves resolved."""

    family: TaskFamily
    leaf: Leaf
    also: tuple[Leaf, ...]
    apps: tuple[str, ...]
    platform: Platform

    @property
    def key(self) -> str:
        return f"{self.family.domain}/{self.family.id}"

    @property
    def leaves(self) -> tuple[Leaf, ...]:
        return (self.leaf, *self.also)

    @property
    def is_cross(self) -> bool:
        return task_type_of(self.apps) == "cross"


@dataclass(frozen=True)
class DomainEntry:
    domain: Domain
    taxonomy: Taxonomy
    families: tuple[FamilyEntry, ...]


@dataclass(frozen=True)
class Catalog:
    domains: dict[str, DomainEntry]

    @property
    def platforms(self) -> dict[str, str]:
        return {d: e.domain.platform for d, e in self.domains.items()}

    def leaf(self, key: str) -> Leaf | None:
        """The leaf named ``domain:a/b/c``, or None."""
        domain, sep, path = key.partition(":")
        entry = self.domains.get(domain)
        if not sep or entry is None or not path:
            return None
        return entry.taxonomy.leaf(tuple(path.split("/")))

    def leaves(self) -> list[Leaf]:
        return [leaf for e in self.domains.values() for leaf in e.taxonomy.leaves()]

    def families(self) -> list[FamilyEntry]:
        return [f for e in self.domains.values() for f in e.families]


def build_catalog(domains: Mapping[str, Domain]) -> Catalog:
    """Load every domain's taxonomy and resolve every family's leaves; all problems at once."""
    problems: list[str] = []
    trees: dict[str, Taxonomy] = {}
    for d, dom in domains.items():
        if dom.taxonomy_file is None:
            problems.append(f"domain {d!r}: has no taxonomy.yaml")
            continue
        try:
            trees[d] = load_taxonomy(dom.taxonomy_file, d)
        except TaxonomyError as exc:
            problems.extend(f"{exc.source}: {p}" for p in exc.problems)
    platforms = {d: dom.platform for d, dom in domains.items()}
    entries: dict[str, DomainEntry] = {}
    for d, dom in domains.items():
        if d not in trees:
            continue
        fams: list[FamilyEntry] = []
        for family in dom.families:
            entry = _family_entry(family, trees, platforms, problems)
            if entry is not None:
                fams.append(entry)
        entries[d] = DomainEntry(dom, trees[d], tuple(fams))
    if problems:
        raise CatalogError(problems)
    return Catalog(entries)


def _family_entry(
    family: TaskFamily, trees: Mapping[str, Taxonomy], platforms: Mapping[str, str],
    problems: list[str],
) -> FamilyEntry | None:  # fmt: skip
    where = f"family {family.domain}/{family.id}"
    path = tuple(getattr(family, "taxonomy_path", ()) or ())
    leaf = trees[family.domain].leaf(path) if path else None
    if leaf is None:
        problems.append(
            f"{where}: taxonomy_path {'/'.join(path) or '(none)'!r} is not a leaf of "
            f"{family.domain}'s taxonomy (give the keys below the root)"
        )
    also: list[Leaf] = []
    for ref in family.also_covers:
        other_domain, sep, other_path = ref.partition(":")
        tree = trees.get(other_domain)
        other = tree.leaf(tuple(other_path.split("/"))) if sep and tree is not None else None
        if other is None:
            problems.append(f"{where}: also_covers {ref!r} is not a leaf (domain:a/b/c)")
        else:
            also.append(other)
    apps = tuple(family.task_apps())
    try:
        platform = platform_of(apps, platforms)
    except ValueError as exc:
        problems.append(f"{where}: {exc}")
        return None
    if leaf is None:
        return None
    return FamilyEntry(family, leaf, tuple(also), apps, platform)
