"""mail's task families: taxonomy, task hygiene, and r(init) = 0 / r(gold) = 1 for real.

Scripts run as subprocesses against a live hub (``family_harness``), exactly as the consensus
check runs them; wrong end states live in ``test_end_states``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cuagym.apps.crm import CrmApp
from cuagym.apps.issue_tracker import IssueTracker
from cuagym.apps.mail import MailApp
from cuagym.apps.mail._views import FOLDER_VIEWS
from cuagym.apps.team_chat import TeamChat
from cuagym.apps.webkit import KIT_TEMPLATES
from cuagym.core import TaskConfig
from cuagym.domains import TaskFamily, load_domain
from cuagym.hub import Hub
from tests.conftest import LiveHub, serve_in_thread
from tests.families.family_harness import check_sample

domain = load_domain("mail")

FAMILIES = domain.families
SEEDS = (0, 1, 2)
TEMPLATES = Path(domain.skill_file or "").parent / "templates"
State = dict[str, Any]


@pytest.fixture(scope="module")
def mail_hub() -> Iterator[LiveHub]:
    """mail on a real uvicorn server (no reliance on entry-point discovery), with crm for the
    families that also read the CRM, the chat or the tracker (one session holds their states)."""
    hub = Hub(apps=[MailApp(), CrmApp(), TeamChat(), IssueTracker()], token="family-token")
    url, stop = serve_in_thread(hub.asgi())
    try:
        yield LiveHub(url=url, token=hub.token, hub=hub)
    finally:
        stop()


def taxonomy() -> dict[str, Any]:
    assert domain.taxonomy_file is not None
    return yaml.safe_load(domain.taxonomy_file.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def leaves(node: dict[str, Any], path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    children = node.get("children")
    if not children:
        return {path: node}
    out: dict[tuple[str, ...], Any] = {}
    for key, child in children.items():
        out.update(leaves(child, (*path, key)))
    return out


def params(task: TaskConfig) -> dict[str, Any]:
    return task.params or {}  # type: ignore[no-any-return]


# -- static ---------------------------------------------------------------------------------------
def test_taxonomy_shape() -> None:
    tree = taxonomy()

    def check(node: dict[str, Any], depth: int) -> None:
        assert depth <= 4
        assert isinstance(node.get("description"), str) and node["description"].strip()
        children = node.get("children")
        if children:
            assert len(children) <= 12
            for child in children.values():
                check(child, depth + 1)
        else:
            assert node.get("ui_elements"), node

    check(tree, 0)
    assert tree["name"] == "mail"
    assert len(leaves(tree)) >= 20


def test_taxonomy_ui_elements_exist_in_templates() -> None:
    # the app's own templates and the web kit's it is built on (its confirmation dialog, ...);
    # a kit macro's test id is an argument of its call (testid="snooze-dialog"), a toast's
    # is given by the screen that shows it ("flash_testid": "draft-saved")
    kit = KIT_TEMPLATES.glob("kit/*.html")
    text = "\n".join(p.read_text() for p in (*TEMPLATES.glob("*.html"), *kit))
    screens = "\n".join(p.read_text() for p in TEMPLATES.parent.glob("_ui_*.py"))
    raw = {
        *re.findall(r'testid="([^"]+)"', text),
        *re.findall(r'"flash_testid": "([^"]+)"', screens),
    }
    ids = {t for t in raw if "{{" not in t}
    ids |= {f"nav-{slug}" for slug in FOLDER_VIEWS}  # the sidebar's loop over system views
    templated = {re.sub(r"\{\{.*?\}\}", "<", t) for t in raw if "{{" in t}
    for path, leaf in leaves(taxonomy()).items():
        for element in leaf["ui_elements"]:
            if "<" in element:
                assert re.sub(r"<.*?>", "<", element) in templated, (path, element)
            else:
                assert element in ids, (path, element)


def test_families_cover_the_difficulties_and_distinct_leaves() -> None:
    assert len(FAMILIES) >= 8
    counts = Counter(f.difficulty for f in FAMILIES)
    assert counts["easy"] >= 2 and counts["medium"] >= 3 and counts["hard"] >= 2
    assert len({f.id for f in FAMILIES}) == len(FAMILIES)
    known = leaves(taxonomy())
    paths = [f.taxonomy_path for f in FAMILIES]
    assert len(set(paths)) == len(paths)
    for family in FAMILIES:
        assert family.taxonomy_path in known, family.id
        assert family.domain == "mail" and domain.family(family.id) is family


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_tasks_state_their_params_and_vary(family: TaskFamily) -> None:
    tasks = [family.sample(seed) for seed in range(6)]
    for task in tasks:
        told = f"{task.instruction} {task.context}"
        for key, value in params(task).items():
            for text in _strings(value):
                assert text in told, (key, text)
            if isinstance(value, int):
                assert str(value) in told, (key, value)
        assert "button" not in task.instruction.lower()  # a goal, not a method
    assert len({t.instruction for t in tasks}) > 1
    # Each task gets its own world (dropped and re-flagged seed mail), not one shared seed.
    setups = {family.generate(t).initial_setup.split(" = json.loads(", 1)[1] for t in tasks[:3]}
    assert len(setups) == 3


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_reward_is_written_from_the_task_alone(family: TaskFamily) -> None:
    task = family.sample(7)
    reward = family.write_reward(task)
    assert reward == family.write_reward(task)
    # No id of the Generator's world: entities are found by content.
    assert not re.search(r"\b(t|m|ct|tpl)-\d{4}\b", reward)
    assert "subprocess" not in reward and "STATE" not in reward


# -- live: r(init) = 0, r(gold) = 1 ---------------------------------------------------------------
@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_init_scores_zero_and_gold_scores_one(
    family: TaskFamily, mail_hub: LiveHub, tmp_path: Path
) -> None:
    for seed in SEEDS:
        result = check_sample(family, seed, mail_hub.url, mail_hub.token, tmp_path / str(seed))
        assert result.r_init == 0.0, result.init_output
        assert result.r_gold == 1.0, result.gold_output
