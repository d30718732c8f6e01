"""The drive's state model, seed and invariants: what the hub accepts and what it refuses."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.drive import DriveApp, DriveState, build_seed
from cuagym.apps.drive._invariants import broken_states, check_invariants, used_bytes


def violations(state: dict[str, Any]) -> list[str]:
    return [f"{v.path}: {v.message}" for v in check_invariants(DriveState.model_validate(state))]


def test_the_seed_is_valid_deterministic_and_sizeable(seed: dict[str, Any]) -> None:
    assert violations(seed) == []
    assert build_seed() == seed  # every call the same bytes
    assert DriveState.model_validate(seed).model_dump(mode="json", by_alias=True) == seed
    assert len(seed["files"]) >= 150 and len(seed["folders"]) >= 30
    assert len(seed["versions"]) > len(seed["files"]) and len(seed["comments"]) >= 60
    kinds = {f["kind"] for f in seed["files"].values()}
    assert kinds == {"document", "spreadsheet", "presentation", "pdf", "image", "video", "archive"}
    assert 0.2 < used_bytes(seed["files"]) / seed["org"]["quotaBytes"] < 0.8
    me = seed["currentUser"]
    assert any(me in f["sharedWith"] for f in seed["files"].values())  # shared with me
    assert any(f["trashedAt"] for f in seed["folders"].values())  # a folder in the trash


def test_a_misspelt_key_or_a_wrong_type_is_refused(seed: dict[str, Any]) -> None:
    typo = copy.deepcopy(seed)
    typo["files"]["file-0001"]["folderID"] = None
    with pytest.raises(ValidationError):
        DriveState.model_validate(typo)
    role = copy.deepcopy(seed)
    role["files"]["file-0001"]["sharedWith"]["u-omar"] = "owner"
    with pytest.raises(ValidationError):
        DriveState.model_validate(role)


@pytest.mark.parametrize("name", sorted(broken_states(build_seed())))
def test_every_broken_state_breaks_exactly_its_rule(name: str) -> None:
    broken = broken_states(build_seed())[name]
    assert violations(broken), name


def test_two_live_items_of_a_folder_may_not_share_a_name(seed: dict[str, Any]) -> None:
    f1 = seed["files"]["file-0001"]
    twin = next(
        k for k, f in seed["files"].items() if f["folderId"] == f1["folderId"] and k != "file-0001"
    )
    seed["files"][twin]["name"] = f1["name"].upper()
    assert any("same name" in v for v in violations(seed))
    seed["files"][twin]["trashedAt"] = "2026-11-30T10:00:00Z"  # the trash may hold a namesake
    assert not any("same name" in v for v in violations(seed))


def test_the_app_declares_its_broken_states_and_volatile_ui() -> None:
    app = DriveApp()
    assert set(app.broken_states()) == set(broken_states(build_seed()))
    assert app.volatile == ("ui",)
    assert app.theme.accent == "harbor" and app.theme.nav == "side"
