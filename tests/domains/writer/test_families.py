"""writer's task families: taxonomy, task hygiene, r(init) = 0 / r(gold) = 1 in real sandboxes,
and partial or no credit for plausible mistakes (written as alternative patch blocks)."""

from __future__ import annotations

import asyncio
import re
from collections import Counter

import pytest

from cuagym.domains import TaskFamily
from cuagym.domains.writer import domain
from tests.domains.desktop_harness import check_desktop_sample
from tests.domains.writer.office_checks import (
    Mistake,
    assert_goal_not_method,
    assert_params_stated,
    check_tree,
    leaves,
    score_mistake,
    taxonomy,
)

FAMILIES = domain.families
SEEDS = (0, 1)


# -- static ---------------------------------------------------------------------------------------
def test_taxonomy_shape() -> None:
    tree = taxonomy(domain)
    check_tree(tree)
    assert tree["name"] == "writer"
    assert len(leaves(tree)) >= 30


def test_families_cover_the_difficulties_and_distinct_leaves() -> None:
    assert len(FAMILIES) >= 8
    single = [f for f in FAMILIES if f.task_apps() == ["writer"]]
    counts = Counter(f.difficulty for f in single)
    assert counts["easy"] >= 2 and counts["medium"] >= 3 and counts["hard"] >= 2
    cross = [f for f in FAMILIES if len(f.task_apps()) > 1]
    assert len(cross) >= 2 and all("writer" in f.task_apps() for f in cross)
    assert len({f.id for f in FAMILIES}) == len(FAMILIES)
    known = leaves(taxonomy(domain))
    paths = [f.taxonomy_path for f in FAMILIES]
    assert len(set(paths)) == len(paths)
    for family in FAMILIES:
        assert family.taxonomy_path in known, family.id
        assert family.domain == "writer" and domain.family(family.id) is family
    assert domain.platform == "desktop" and domain.skill


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(6)]
    for task in tasks:
        assert_params_stated(task)
        assert_goal_not_method(task)
        assert task.apps == family.task_apps()
    assert len({t.instruction for t in tasks}) > 1
    # Each task gets its own world (filler text, numbers), not one shared document.
    setups = {family.generate(t).initial_setup.split("FILES = ", 1)[1] for t in tasks[:3]}
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(7)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    world = family.generate(task).initial_setup.split("FILES = ", 1)[1]
    # No filler sentence of the Generator's world leaks into the reward.
    sentences = set(re.findall(r'"([A-Z][^"]{40,}\.)"', world))
    assert not [s for s in sentences if s in reward]
    assert "subprocess" not in reward and "FILES" not in reward


# -- live: r(init) = 0, r(gold) = 1 ---------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
async def test_init_scores_zero_and_gold_scores_one(family: TaskFamily) -> None:
    samples = await asyncio.gather(*(check_desktop_sample(family, seed) for seed in SEEDS))
    for sample in samples:
        assert sample.r_init == 0.0, sample.init_output
        assert sample.r_gold == 1.0, sample.gold_output


# -- live: plausible mistakes get partial or no credit --------------------------------------------
MISTAKES = [
    Mistake(
        "emphasize-phrase",
        "whole_sentence",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    if P["phrase"] in paragraph.text:
        for run in paragraph.runs:
            setattr(run.font, P["attr"], True)
doc.save(P["path"])
""",
        (0.75, 0.75),
    ),
    Mistake(
        "make-list",
        "half_the_items",
        """
doc = Document(P["path"])
items = section_paras(doc, P["section"])
for paragraph in items[: len(items) // 2]:
    paragraph.style = "List Number" if P["kind"] == "numbered" else "List Bullet"
doc.save(P["path"])
""",
        (0.25, 0.25),
    ),
    Mistake(
        "make-list",
        "wrong_list_kind",
        """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    paragraph.style = "List Bullet" if P["kind"] == "numbered" else "List Number"
doc.save(P["path"])
""",
        (0.0, 0.0),
    ),
    Mistake(
        "insert-section",
        "at_the_end",
        """
doc = Document(P["path"])
anchor = doc.paragraphs[-1]
anchor = insert_after(anchor, P["heading"], "Heading 1")
anchor = insert_after(anchor, P["intro"])
for item in P["items"]:
    anchor = insert_after(anchor, item, "List Bullet")
doc.save(P["path"])
""",
        (6 / 7 - 0.001, 6 / 7 + 0.001),
    ),
    Mistake(
        "table-total",
        "no_total_row",
        """
doc = Document(P["path"])
table = next(t for t in doc.tables if t.rows[0].cells[3].text == "Amount")
for row in table.rows[1:]:
    amount = float(row.cells[1].text) * float(row.cells[2].text.replace(",", ""))
    row.cells[3].text = f"{amount:,.2f}"
doc.save(P["path"])
""",
        (4 / 7 - 0.001, 4 / 7 + 0.001),
    ),
    Mistake(
        "page-setup",
        "forgot_margins",
        """
doc = Document(P["path"])
for section in doc.sections:
    long, short = (29.7, 21.0) if P["paper"] == "A4" else (27.94, 21.59)
    wide = P["orientation"] == "landscape"
    width, height = (long, short) if wide else (short, long)
    section.page_width, section.page_height = Cm(width), Cm(height)
doc.save(P["path"])
""",
        (0.6, 0.6),
    ),
    Mistake(
        "replace-company-name",
        "body_only",
        """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    for run in paragraph.runs:
        run.text = run.text.replace(P["old"], P["new"])
doc.save(P["path"])
""",
        (0.25, 0.25),
    ),
    Mistake(
        "header-footer",
        "typed_page_number",
        """
doc = Document(P["path"])
doc.sections[0].header.paragraphs[0].text = P["header"]
doc.sections[0].footer.paragraphs[0].text = "Page 1"  # literal text, not a page-number field
doc.save(P["path"])
""",
        (0.5, 0.5),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES, ids=lambda m: f"{m.family}-{m.name}")
async def test_a_plausible_mistake_is_not_full_credit(mistake: Mistake) -> None:
    reward, out = await score_mistake(domain.family(mistake.family), 1, mistake.body)
    low, high = mistake.bounds
    assert reward is not None and low <= reward <= high < 1.0, out
