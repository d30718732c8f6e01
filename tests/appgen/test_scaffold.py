"""The scaffold is a real app: served by the hub it shows its home screen (one h1, the accent
from the neutral palette), refuses a state that breaks its invariant, and its copy into a
workspace carries the plan's identity."""

from __future__ import annotations

import httpx
import pytest

from cuagym.appgen import load_plan
from cuagym.appgen._scaffold import SCAFFOLD_PACKAGE, ScaffoldError, identity_source
from cuagym.appgen.scaffold.scaffold_app import app
from cuagym.apps.webkit import NEUTRAL_PALETTE
from cuagym.hub import Hub
from tests.appgen.doubles import known_plan

AUTH = {"Authorization": "Bearer t"}


async def test_the_hub_serves_the_scaffold_and_enforces_its_invariant() -> None:
    assert app.web_app is not None
    hub = Hub(apps=[app.web_app], token="t", allow_sid_binding=True)
    transport = httpx.ASGITransport(app=hub.asgi())
    async with httpx.AsyncClient(transport=transport, base_url="http://hub") as client:
        assert (await client.get("/scaffold-app/?sid=s1")).status_code == 303
        page = (await client.get("/scaffold-app/")).text
        assert page.count("<h1>") == 1 and "<h1>Scaffold App</h1>" in page
        assert f"--accent: {NEUTRAL_PALETTE['slate']}" in page and "First record" in page
        for name, state in app.web_app.broken_states().items():
            answer = await client.post(
                "/scaffold-app/post?sid=s2", json={"action": "set", "state": state}, headers=AUTH
            )
            assert answer.status_code == 422, name


def test_the_copy_carries_the_plans_identity() -> None:
    template = (SCAFFOLD_PACKAGE / "_identity.py").read_text()
    text = identity_source(load_plan(known_plan()), template)
    assert 'APP_ID = "recipe-box"' in text and 'CATEGORY: AppCategory = "Media"' in text
    assert 'ACCENT = "sage"' in text and "scaffold" not in text.split('"""')[2]
    with pytest.raises(ScaffoldError, match="0 lines ACCENT"):
        identity_source(load_plan(known_plan()), template.replace("ACCENT = ", "COLOUR = "))
