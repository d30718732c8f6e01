"""The seed is valid, deterministic and large; every invariant can fail."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.code_host import CodeHostApp, CodeHostState, app, build_seed
from cuagym.apps.code_host._invariants import broken_states, check_invariants
from cuagym.domains import load_domain


def violations(state: dict[str, Any]) -> list[str]:
    return [v.path for v in check_invariants(CodeHostState.model_validate(state))]


def test_seed_is_valid_deterministic_and_realistic(seed: dict[str, Any]) -> None:
    assert violations(seed) == []
    assert build_seed() == seed
    sizes = {k: len(v) for k, v in seed.items() if k not in ("org", "ui", "currentUser")}
    assert sum(sizes.values()) >= 400 and min(sizes.values()) >= 6, sizes
    states = {p["state"] for p in seed["pulls"].values()}
    assert states == {"open", "merged", "closed"}
    assert {r["status"] for r in seed["runs"].values()} >= {"success", "failure", "in_progress"}
    assert {r["state"] for r in seed["reviews"].values()} == {
        "approved",
        "changes_requested",
        "commented",
    }


def test_the_schema_refuses_unknown_keys_and_bad_values(seed: dict[str, Any]) -> None:
    bad = copy.deepcopy(seed)
    next(iter(bad["pulls"].values()))["colour"] = "red"
    with pytest.raises(ValidationError):
        CodeHostState.model_validate(bad)
    bad = copy.deepcopy(seed)
    next(iter(bad["releases"].values()))["tag"] = "1.0"
    with pytest.raises(ValidationError):
        CodeHostState.model_validate(bad)


@pytest.mark.parametrize("name", sorted(broken_states(build_seed())))
def test_each_broken_state_breaks_exactly_its_rule(name: str) -> None:
    found = violations(broken_states(build_seed())[name])
    assert found, name


def test_more_rules_each_fail(seed: dict[str, Any]) -> None:
    twin = copy.deepcopy(seed)
    branch = next(b for b in twin["branches"].values() if b["name"] != "main")
    branch["name"] = "main" if branch["repoId"] else branch["name"]
    assert any(p.endswith(".name") for p in violations(twin))
    own = copy.deepcopy(seed)
    review = next(iter(own["reviews"].values()))
    review["authorId"] = own["pulls"][review["pullId"]]["authorId"]
    review["state"] = "approved"
    assert any(p.endswith(".state") for p in violations(own))
    unsorted = copy.deepcopy(seed)
    issue = next(i for i in unsorted["issues"].values() if len(i["labels"]) >= 1)
    issue["labels"] = [*issue["labels"], "bug", "bug"]
    assert any(p.endswith(".labels") for p in violations(unsorted))


def test_the_plugin_is_registered_with_its_release_disclosure() -> None:
    assert app.app_id == "code-host" and app.category == "Code hosting / DevOps"
    assert app.paper_domain == "Development Tools"
    assert app.release.generic_name == "Code Forge"
    assert isinstance(app.web_app, CodeHostApp) and CodeHostApp.theme.accent == "graphite"
    domain = load_domain("code-host")
    assert domain.taxonomy_file is not None
