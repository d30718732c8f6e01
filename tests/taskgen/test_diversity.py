"""Family diversity: distinct sentence frames, lint failures and generator glitches per family,
over many seeds (``cuagym taskgen families``), and the glitch sweep of every installed family."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from cuagym.cli._taskgen import taskgen_app
from cuagym.core import Difficulty, TaskConfig
from cuagym.domains import TaskFamily, load_domains
from cuagym.families._family import GeneratedScripts
from cuagym.taskgen import build_catalog, family_diversity

# Six seeds, three sentence frames; "1 story points" (seed 3), "Mr. Sam" and "Ms. Sam" (seeds 2
# and 3), "Group Group" (seeds 4 and 5).
_TEXTS = (
    "Rename the sheet “Q0” to “Totals” and keep every value in it.",
    "Rename the sheet “Q1” to “Totals” and keep every value in it.",
    "Give the row of Mr. Sam 3 story points in the estimate column.",
    "Give the row of Ms. Sam 1 story points in the estimate column.",
    "Sort the sheet “Q4” by the Group Group column, largest first.",
    "Sort the sheet “Q5” by the Group Group column, largest first.",
)


class _Probe(TaskFamily):
    id: ClassVar[str] = "probe"
    domain: ClassVar[str] = "calc"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ()

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        raise AssertionError("sampled through sample()")

    def sample(self, seed: int) -> TaskConfig:
        return TaskConfig(task_id=f"calc--probe--{seed}", instruction=_TEXTS[seed], context="",
                          domain="calc", apps=["calc"], difficulty="medium")  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        raise AssertionError("not generated")

    def write_reward(self, task: TaskConfig) -> str:
        raise AssertionError("not judged")


def test_frames_glitches_and_honorifics_are_counted() -> None:
    domains: dict[str, Any] = dict(load_domains())
    calc = domains["calc"]
    probe = _Probe()
    probe.taxonomy_path = calc.families[0].taxonomy_path  # type: ignore[misc]
    domains["calc"] = replace(calc, families=(probe,))
    report = family_diversity(build_catalog(domains), seeds=6, domains=["calc"])
    assert [f.family for f in report.families] == ["calc/probe"]
    row = report.families[0]
    assert row.distinct_instructions == 6
    assert row.distinct_frames == 3  # numbers, quoted text and names are slots
    assert row.glitches == {"one-plural": 1, "repeated-word": 2}, row.glitches
    assert row.honorific_mismatches == ["Sam"]
    assert not row.clean and row.lint_failures == {}
    assert report.below_min_frames == 1 and report.glitchy_families == 1
    with pytest.raises(ValueError, match="seeds must be at least 1"):
        family_diversity(build_catalog(domains), seeds=0)


def test_families_command_json_matches_the_library() -> None:
    result = CliRunner().invoke(taskgen_app, ["families", "--domains", "crm", "--seeds", "3",
                                              "--json"])  # fmt: skip
    assert result.exit_code == 0, result.stderr
    got = json.loads(result.stdout)
    want = family_diversity(build_catalog(load_domains()), seeds=3, domains=["crm"])
    assert got == json.loads(want.model_dump_json())
    assert {f["family"].split("/")[0] for f in got["families"]} == {"crm"}
    result = CliRunner().invoke(taskgen_app, ["families", "--domains", "nope"])
    assert result.exit_code == 2 and "unknown domain 'nope'" in result.stderr


# Glitches the families had when the sweep was written (issue 13), by family: their owners fix
# them in the families; the sweep fails on any glitch outside this table, so none is added.
KNOWN_GLITCHES: dict[str, set[str]] = {}
SWEEP_SEEDS = 300


@pytest.mark.slow
@pytest.mark.parametrize("domain", sorted(load_domains()))
def test_every_family_over_300_seeds_lints_clean_without_new_glitches(domain: str) -> None:
    report = family_diversity(build_catalog(load_domains()), seeds=SWEEP_SEEDS, domains=[domain])
    assert report.families, domain
    for row in report.families:
        assert row.lint_failures == {}, row.family
        found = set(row.glitches) | ({"honorifics"} if row.honorific_mismatches else set())
        new = found - KNOWN_GLITCHES.get(row.family, set())
        assert not new, (row.family, new, row.glitches, row.honorific_mismatches)
