"""Schema and invariants: the seed is valid and sized like a real network; bad states are
refused with diff-style paths."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from cuagym.apps.social import SocialApp, SocialState, build_seed
from cuagym.apps.social._invariants import broken_states, check_invariants
from tests.apps.social.conftest import SocialClient


def violations(state: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v.path, v.message) for v in check_invariants(SocialState.model_validate(state))]


def test_seed_is_valid_deterministic_and_sized_like_a_real_network() -> None:
    seed = build_seed()
    assert build_seed() == seed and build_seed() is not seed
    assert SocialState.model_validate(seed).model_dump(mode="json", by_alias=True) == seed
    assert violations(seed) == []
    assert len(seed["profiles"]) >= 40 and len(seed["posts"]) >= 150
    assert len(seed["comments"]) >= 250 and len(seed["conversations"]) >= 10
    statuses = {p["status"] for p in seed["posts"].values()}
    assert statuses == {"draft", "scheduled", "published"}
    pinned = [p for p in seed["posts"].values() if p["pinned"]]
    assert len(pinned) == 1 and pinned[0]["authorId"] == seed["currentUser"]
    assert any(c["parentId"] for c in seed["comments"].values())
    assert {r["status"] for r in seed["reports"].values()} == {"open", "dismissed"}
    assert SocialApp().seed() == seed


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("posts", "p-0001", "visibility"), "friends"),
        (("posts", "p-0001", "status"), "live"),
        (("posts", "p-0001", "body"), ""),
        (("posts", "p-0001", "tags"), ["#Hiking"]),
        (("posts", "p-0001", "publishedAt"), "2026-11-01 10:00"),
        (("posts", "p-0001", "pinned"), "yes"),
        (("profiles", "maya_okafor", "avatarColor"), "pink"),
        (("reports", "r-001", "reason"), "rude"),
        (("posts", "p-0001", "colour"), "red"),  # unknown keys are refused
    ],
)
def test_schema_refuses_bad_values(path: tuple[str, ...], value: Any) -> None:
    state = build_seed()
    *parents, leaf = path
    node = state
    for key in parents:
        node = node[key]
    node[leaf] = value
    with pytest.raises(ValidationError):
        SocialState.model_validate(state)


def test_each_broken_state_breaks_exactly_its_rule() -> None:
    found = {name: violations(state) for name, state in broken_states(build_seed()).items()}
    assert len(found) >= 3
    assert all(found.values()), found
    paths = {name: {p.split(".")[0] for p, _ in v} for name, v in found.items()}
    assert paths["two pinned posts by one author"] == {"posts"}
    assert paths["comment on a post that does not exist"] == {"comments"}
    assert paths["message by someone outside the conversation"] == {"messages"}


def test_rules_across_entities() -> None:
    seed = build_seed()
    draft = next(p for p in seed["posts"].values() if p["status"] == "draft")
    liked = copy.deepcopy(seed)
    liked["posts"][draft["id"]]["likedBy"] = ["maya_okafor"]
    assert (f"posts.{draft['id']}.pinned", "a draft post is not live") in violations(liked)
    reply = copy.deepcopy(seed)
    comments = list(reply["comments"].values())
    first, other = comments[0], comments[-1]
    assert first["postId"] != other["postId"]
    other["parentId"] = first["id"]  # a reply to a comment of another post
    assert any(p.endswith(".parentId") for p, _ in violations(reply))
    follows = copy.deepcopy(seed)
    follows["profiles"]["fernhill"]["following"] = ["fernhill"]
    assert any("itself" in m for _, m in violations(follows))
    removed = copy.deepcopy(seed)
    report = next(r for r in removed["reports"].values() if r["status"] == "open")
    report["status"], report["resolvedAt"] = "removed", "2026-12-01T15:00:00Z"
    assert any("hidden" in m for _, m in violations(removed))


async def test_the_hub_refuses_broken_states(social: SocialClient) -> None:
    for state in broken_states(build_seed()).values():
        r = await social.inject(state)
        assert r.status_code == 422, r.text
    assert (await social.diff()) == {}
