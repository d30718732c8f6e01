"""The state-API checks against a live hub, without a browser."""

from __future__ import annotations

import json

import httpx
import pytest

from cuagym.appgen._audit_api import ApiFindings, check_state_api, declares_invariants
from cuagym.apps import load_app
from cuagym.hub import WebApp, serve_hub
from tests.appgen.defect_app import DefectApp


async def _check(app: WebApp) -> ApiFindings:
    async with serve_hub([app], token="t" * 24) as hub:
        headers = {"Authorization": "Bearer " + "t" * 24}
        async with httpx.AsyncClient(headers=headers) as http:
            return await check_state_api(http, hub.url, app)


async def test_a_clean_app_passes_every_check() -> None:
    found = await _check(DefectApp())
    assert found.errors == []
    names = {c.name for c in found.checks}
    assert {"set(seed)", "set_current", "merge", "reset", "two sessions"} <= names
    assert "broken state 'note by an unknown author'" in names


async def test_a_declared_invariant_that_is_not_enforced() -> None:
    found = await _check(DefectApp(["invariant_not_enforced"]))
    assert [e.kind for e in found.errors] == ["invariant_not_enforced"]


async def test_invariants_without_a_broken_state_to_prove_them() -> None:
    found = await _check(DefectApp(["no_broken_states"]))
    (error,) = found.errors
    assert error.kind == "state_api" and "declares no broken state" in error.detail


def test_an_app_without_invariants_needs_no_broken_state() -> None:
    class Plain(WebApp):
        app_id = "plain"
        title = "Plain"
        state_model = DefectApp.state_model

        def seed(self) -> dict[str, object]:
            return DefectApp().seed()

    assert not declares_invariants(Plain())
    assert declares_invariants(DefectApp())


@pytest.mark.parametrize("app_id", ["team-chat", "mail", "issue-tracker", "crm"])
def test_the_web_apps_broken_states_each_break_a_rule(app_id: str) -> None:
    """Each is schema-valid (else its 422 proves nothing) and breaks at least one rule."""
    web = load_app(app_id).web_app
    assert web is not None
    broken = web.broken_states()
    assert len(broken) >= 2
    for name, state in broken.items():
        model = web.state_model.model_validate_json(json.dumps(state))
        assert list(web.invariants(model)), name


@pytest.mark.parametrize("app_id", ["team-chat", "mail", "issue-tracker", "crm"])
async def test_the_web_apps_enforce_their_broken_states(app_id: str) -> None:
    web = load_app(app_id).web_app
    assert web is not None
    found = await _check(web)
    assert found.errors == [], found.errors
