"""taxonomy.yaml: one schema for every domain, validated by code with errors that say where."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cuagym.core import Difficulty, TaskConfig
from cuagym.domains import TaskFamily, load_domains
from cuagym.families._family import GeneratedScripts
from cuagym.taskgen import CatalogError, build_catalog, load_taxonomy
from cuagym.taskgen._categories import CATEGORIES
from cuagym.taskgen._taxonomy import MAX_BRANCHING, MAX_DEPTH, TaxonomyError, parse_taxonomy

GOOD = """\
name: demo
description: A demo app.
category: spreadsheet-data
children:
  cells:
    description: Cells.
    children:
      edit:
        description: Editing.
        ui_elements: [Input line]
        primitives: [drag]
  charts:
    description: Charts.
    category: creative-media
    children:
      insert:
        description: Insert a chart.
        ui_elements: [Insert menu]
"""


def test_every_installed_taxonomy_loads() -> None:
    domains = load_domains()
    assert domains
    for d, dom in domains.items():
        assert dom.taxonomy_file is not None, d
        tree = load_taxonomy(dom.taxonomy_file, d)
        leaves = tree.leaves()
        assert leaves and tree.category in CATEGORIES
        assert len({leaf.key for leaf in leaves}) == len(leaves)
        for leaf in leaves:
            assert 1 <= len(leaf.path) <= MAX_DEPTH
            assert leaf.node.ui_elements and "\n" not in leaf.node.description
            assert tree.leaf(leaf.path) == leaf


def test_leaves_inherit_and_override_the_category() -> None:
    tree = parse_taxonomy(GOOD, "demo.yaml")
    cats = {leaf.key: leaf.category for leaf in tree.leaves()}
    assert cats == {"demo:cells/edit": "spreadsheet-data", "demo:charts/insert": "creative-media"}
    edit = tree.leaf(("cells", "edit"))
    assert edit is not None and edit.node.primitives == ["drag"]
    assert edit.full_path == ["demo", "cells", "edit"]
    assert tree.leaf(("cells",)) is None and tree.leaf(("nope",)) is None


def _children(k: int) -> str:
    return "".join(f"  n{i}:\n    description: Node {i}.\n    ui_elements: [x]\n" for i in range(k))


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        (  # depth 5
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            "  a:\n    description: a\n    children:\n      b:\n        description: b\n"
            "        children:\n          c:\n            description: c\n            children:\n"
            "              d:\n                description: d\n                children:\n"
            "                  e:\n                    description: e\n"
            "                    ui_elements: [x]\n",
            ["demo.yaml", "a/b/c/d: has children at depth 5"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            + _children(MAX_BRANCHING + 1),
            ["(root): 13 children (at most 12)"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            "  a:\n    description: a\n    children:\n      b:\n        description: b\n",
            ["a/b: a leaf needs a non-empty ui_elements list"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            '  a:\n    description: "two\\nlines"\n    ui_elements: [x]\n',
            ["a: description must be one line"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            "  a:\n    description: a\n    ui_elements: [x]\n    colour: red\n",
            ["a: colour: unknown field"],
        ),
        (
            "name: demo\ndescription: d\ncategory: gardening\nchildren:\n"
            "  a:\n    description: a\n    ui_elements: [x]\n",
            ["(root): category:"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            "  a:\n    description: a\n    ui_elements: [x]\n    primitives: [teleport]\n",
            ["a: primitives.0:"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            "  a:\n    description: a\n    ui_elements: [x]\n  a:\n    description: b\n"
            "    ui_elements: [y]\n",
            ["duplicate key 'a'"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            "  a:\n    description: a\n    ui_elements: [x]\n    children:\n"
            "      b:\n        description: b\n        ui_elements: [y]\n",
            ["a: an inner node has no ui_elements or primitives"],
        ),
        (
            "name: demo\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
            "  Bad_Key:\n    description: a\n    ui_elements: [x]\n",
            ["Bad_Key: key 'Bad_Key' is not kebab-case"],
        ),
        ("- just\n- a list\n", ["must hold a mapping"]),
    ],
)
def test_invalid_trees_name_file_and_node(text: str, needles: list[str]) -> None:
    with pytest.raises(TaxonomyError) as info:
        parse_taxonomy(text, "demo.yaml")
    message = str(info.value)
    assert message.startswith("demo.yaml: ")
    for needle in needles:
        assert needle in message, message


def test_all_problems_are_reported_at_once(tmp_path: Path) -> None:
    path = tmp_path / "taxonomy.yaml"
    path.write_text(
        "name: other\ndescription: d\ncategory: spreadsheet-data\nchildren:\n"
        '  a:\n    description: a\n  b:\n    description: "x\\ny"\n    ui_elements: [x]\n'
    )
    with pytest.raises(TaxonomyError) as info:
        load_taxonomy(path, "demo")
    assert len(info.value.problems) == 3
    assert str(path) in str(info.value)
    assert "name is 'other', the domain is 'demo'" in str(info.value)


class _Family(TaskFamily):
    """A family declaration for the catalog checks (never sampled)."""

    id: ClassVar[str] = "probe"
    domain: ClassVar[str] = "calc"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "no-such-leaf")
    also_covers: ClassVar[tuple[str, ...]] = ("writer:not/a/leaf",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        raise AssertionError("not sampled")

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        raise AssertionError("not generated")

    def write_reward(self, task: TaskConfig) -> str:
        raise AssertionError("not judged")


def test_family_leaves_are_checked_against_the_trees() -> None:
    domains: dict[str, Any] = dict(load_domains())
    domains["calc"] = replace(domains["calc"], families=(*domains["calc"].families, _Family()))
    with pytest.raises(CatalogError) as info:
        build_catalog(domains)
    text = str(info.value)
    assert "family calc/probe: taxonomy_path 'formatting/no-such-leaf' is not a leaf" in text
    assert "family calc/probe: also_covers 'writer:not/a/leaf' is not a leaf" in text


def test_every_installed_family_names_a_leaf() -> None:
    catalog = build_catalog(load_domains())
    for entry in catalog.families():
        assert entry.leaf.domain == entry.family.domain
        assert catalog.leaf(entry.leaf.key) == entry.leaf
        for other in entry.also:
            assert other.domain in entry.apps, (entry.key, other.key)
