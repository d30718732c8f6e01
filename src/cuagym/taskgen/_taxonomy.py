"""Every domain's ``taxonomy.yaml`` in one schema, loaded and validated by code (DESIGN.md §8).

A tree is the app's features: the root names the domain, inner nodes group related features,
and each leaf is one atomic UI feature that a single instruction can target::

    name: calc                      # the domain id
    description: LibreOffice Calc ...
    category: spreadsheet-data      # default work category of every leaf (see _categories)
    children:
      formatting:
        description: ...
        category: ...               # optional: overrides the default for this subtree
        children:
          number-format:
            description: ...
            children:
              apply-format:         # a leaf
                description: One line: what the feature does.
                ui_elements: [Format Cells dialog, Numbers tab]
                primitives: [drag]  # optional: rare input primitives the feature needs

Limits (the spec's): depth at most 4 (edges from the root, as every domain's own test counts
it: a leaf path below the root has at most four keys), at most 12 children per node, every
description one line, every leaf a non-empty list of UI elements. Keys are kebab-case. Every
problem of a file is reported at once, each naming the file and the node path.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cuagym.taskgen._categories import Category, Primitive

__all__ = [
    "MAX_BRANCHING",
    "MAX_DEPTH",
    "Leaf",
    "Taxonomy",
    "TaxonomyError",
    "TaxonomyNode",
    "load_taxonomy",
    "parse_taxonomy",
]

MAX_DEPTH = 4  # edges from the root: a leaf path has at most this many keys
MAX_BRANCHING = 12
MAX_DESCRIPTION = 240
_KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


class TaxonomyError(ValueError):
    """A taxonomy file that does not follow the schema; ``problems`` lists every one."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        super().__init__(f"{source}: {len(problems)} problem(s) in the taxonomy:\n{lines}")


class TaxonomyNode(BaseModel):
    """An inner node (``children``) or a leaf (``ui_elements``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str = Field(min_length=1)
    category: Category | None = None
    children: dict[str, TaxonomyNode] | None = None
    ui_elements: list[str] | None = None
    primitives: list[Primitive] = Field(default_factory=list)

    @property
    def is_leaf(self) -> bool:
        return not self.children


class Taxonomy(BaseModel):
    """A domain's whole tree."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    description: str = Field(min_length=1)
    category: Category
    children: dict[str, TaxonomyNode] = Field(min_length=1)

    def leaves(self) -> list[Leaf]:
        """Every leaf in file order."""
        return list(_walk(self.name, self.children, (), self.category))

    def leaf(self, path: tuple[str, ...] | list[str]) -> Leaf | None:
        """The leaf at ``path`` (keys below the root), or None."""
        node: TaxonomyNode | None = None
        children: dict[str, TaxonomyNode] | None = self.children
        category: Category = self.category
        for key in path:
            if not children or key not in children:
                return None
            node = children[key]
            category = node.category or category
            children = node.children
        if node is None or not node.is_leaf:
            return None
        return Leaf(self.name, tuple(path), node, category)

    def subtrees(self) -> list[str]:
        """The top-level subtrees (the root's children), in file order."""
        return list(self.children)


@dataclass(frozen=True)
class Leaf:
    """A leaf with where it sits: its domain, its path below the root, its category."""

    domain: str
    path: tuple[str, ...]
    node: TaxonomyNode
    category: Category

    @property
    def key(self) -> str:
        """``domain:a/b/c``: unique over all domains."""
        return f"{self.domain}:{'/'.join(self.path)}"

    @property
    def full_path(self) -> list[str]:
        """Root to leaf, as meta.json's ``taxonomy_path`` holds it."""
        return [self.domain, *self.path]

    @property
    def subtree(self) -> str:
        return self.path[0]


def _walk(
    domain: str, children: dict[str, TaxonomyNode], path: tuple[str, ...], category: Category
) -> Iterator[Leaf]:
    for key, node in children.items():
        here = (*path, key)
        cat = node.category or category
        if node.children:
            yield from _walk(domain, node.children, here, cat)
        else:
            yield Leaf(domain, here, node, cat)


# -- loading ---------------------------------------------------------------------------------------
class _UniqueKeyLoader(yaml.SafeLoader):
    """YAML's safe loader, except that a mapping may not repeat a key (a repeated leaf would
    silently replace the first one)."""


def _construct_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node)


_UniqueKeyLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _construct_mapping,
)


def load_taxonomy(path: Path, domain: str | None = None) -> Taxonomy:
    """Read and validate ``path``; ``domain``, when given, must be the root's ``name``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TaxonomyError(str(path), [f"cannot read: {exc.strerror}"]) from None
    return parse_taxonomy(text, str(path), domain)


def parse_taxonomy(text: str, source: str = "<taxonomy>", domain: str | None = None) -> Taxonomy:
    """Validate taxonomy YAML; every problem names ``source`` and the node path."""
    try:
        raw = yaml.load(text, Loader=_UniqueKeyLoader)
    except yaml.YAMLError as exc:
        raise TaxonomyError(source, [f"not valid YAML: {exc}"]) from None
    if not isinstance(raw, dict):
        raise TaxonomyError(source, ["the file must hold a mapping with name, description, "
                                     "category and children"])  # fmt: skip
    try:
        tree = Taxonomy.model_validate(raw)
    except ValidationError as exc:
        raise TaxonomyError(source, [_describe(err) for err in exc.errors()]) from None
    problems = _structure_problems(tree)
    if domain is not None and tree.name != domain:
        problems.insert(0, f"(root): name is {tree.name!r}, the domain is {domain!r}")
    if problems:
        raise TaxonomyError(source, problems)
    return tree


def _describe(err: Any) -> str:
    """A pydantic error as ``node/path: field: message``."""
    loc = [str(p) for p in err["loc"]]
    nodes: list[str] = []
    i = 0
    while i < len(loc) - 1 and loc[i] == "children":
        nodes.append(loc[i + 1])
        i += 2
    rest = ".".join(loc[i:]) or "(node)"
    where = "/".join(nodes) or "(root)"
    msg = str(err["msg"]).removeprefix("Value error, ")
    if err["type"] == "extra_forbidden":
        msg = "unknown field (allowed: description, category, children, ui_elements, primitives)"
    return f"{where}: {rest}: {msg}"


def _structure_problems(tree: Taxonomy) -> list[str]:
    problems: list[str] = []
    if not _KEY.match(tree.name):
        problems.append(f"(root): name {tree.name!r} is not a domain id")
    _check_description("(root)", tree.description, problems)
    _check_children("(root)", tree.children, 1, problems)
    return problems


def _check_children(
    where: str, children: dict[str, TaxonomyNode], level: int, problems: list[str]
) -> None:
    """``level``: the depth of the nodes in ``children`` (the root's children are at 1)."""
    if len(children) > MAX_BRANCHING:
        problems.append(f"{where}: {len(children)} children (at most {MAX_BRANCHING})")
    for key, node in children.items():
        here = key if where == "(root)" else f"{where}/{key}"
        if not _KEY.match(key):
            problems.append(f"{here}: key {key!r} is not kebab-case (a-z, 0-9, -)")
        _check_description(here, node.description, problems)
        if node.children is not None:
            if level + 1 > MAX_DEPTH:
                problems.append(
                    f"{here}: has children at depth {level + 1} (at most {MAX_DEPTH} below "
                    "the root)"
                )
            if not node.children:
                problems.append(f"{here}: children is empty (a leaf lists ui_elements instead)")
            if node.ui_elements is not None or node.primitives:
                problems.append(f"{here}: an inner node has no ui_elements or primitives")
            _check_children(here, node.children, level + 1, problems)
        else:
            elements = node.ui_elements or []
            if not elements:
                problems.append(f"{here}: a leaf needs a non-empty ui_elements list")
            elif any(not e.strip() for e in elements):
                problems.append(f"{here}: ui_elements holds an empty entry")
            if len(set(node.primitives)) != len(node.primitives):
                problems.append(f"{here}: primitives repeats an entry")


def _check_description(where: str, text: str, problems: list[str]) -> None:
    if "\n" in text.strip():
        problems.append(f"{where}: description must be one line")
    if len(text) > MAX_DESCRIPTION:
        problems.append(f"{where}: description has {len(text)} characters (at most "
                        f"{MAX_DESCRIPTION})")  # fmt: skip
