"""Start screens open for real, and the families' GUI oracles solve synthesized bundles."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cuagym.agent import PolicyConfig, RolloutBatch, RolloutEnv, run_rollouts
from cuagym.agent._start import WebSession, open_start_screen
from cuagym.core import Bundle, Episode
from cuagym.domains import load_domain, load_domains, start_screen
from cuagym.hub import discover_web_apps, serve_hub
from cuagym.synth import BatchOptions, load_tasks_file, make_backend, run_batch

pytestmark = [
    pytest.mark.gui,
    pytest.mark.slow,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("Xvfb", "soffice", "xdotool", "chromium")),
        reason="needs xvfb, xdotool, LibreOffice and chromium (make test installs them)",
    ),
]

CORPUS = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final"


async def test_a_web_start_window_is_bound_to_the_environments_session(tmp_path: Path) -> None:
    bundle = Bundle.load(CORPUS / "team-chat--send-direct-message--1")
    async with serve_hub(discover_web_apps(["team-chat"])) as hub:
        from cuagym.agent import HubInfo

        info = HubInfo(url=hub.url, token=hub.token, apps=("team-chat",))
        async with RolloutEnv(hub=info) as rollout:
            env = rollout.env
            assert bundle.initial_setup is not None and rollout.sid is not None
            result = await env.run_script(bundle.initial_setup, "initial_setup")
            assert result.exit_code == 0, result.stderr
            web = WebSession(url=hub.url, sid=rollout.sid, token=hub.token)
            await open_start_screen(env, start_screen(bundle.task), web=web)
            url = await env.page_url()
            (user,) = await env.find_elements('[data-testid="current-user-name"]')
            (body,) = await env.find_elements("html")
    # "You are signed in as Priya Nair": the setup's state in this session (the app's seed,
    # which an unbound browser would get, signs in Jonah Weiss).
    assert user["text"] == "Priya Nair"
    assert url.startswith(f"{hub.url}/team-chat/") and "sid=" not in url and "bind=" not in url
    assert hub.token not in url and hub.token not in body["text"]


@pytest.fixture
def synthesized(tmp_path: Path) -> list[Path]:
    """Real bundles of the two families with oracles, made and verified by the synth engine."""
    import asyncio

    tasks = [
        load_domain("calc").family("totals-row").sample(5),
        load_domain("team-chat").family("set-channel-topic").sample(4),
    ]
    listed = tmp_path / "tasks.json"
    listed.write_text(json.dumps([t.model_dump(mode="json") for t in tasks]))
    specs = load_tasks_file(listed, load_domains(), need_family=True)
    out = tmp_path / "corpus"
    summary, outcomes = asyncio.run(
        run_batch(specs, make_backend("procedural"), BatchOptions(out=out, workers=2))
    )
    assert summary.accepted == 2, [(o.task_id, o.status, o.detail) for o in outcomes]
    return sorted((out / "final").iterdir())


def test_the_oracles_solve_their_families_through_the_gui(
    synthesized: list[Path], tmp_path: Path
) -> None:
    import asyncio

    batch = RolloutBatch(out=tmp_path / "run", workers=2)
    summary = asyncio.run(run_rollouts(synthesized, PolicyConfig(policy="oracle"), batch))
    assert summary.episodes == 2 and summary.errors == 0
    for path in synthesized:
        ep = Episode.load(tmp_path / "run" / path.name / "0")
        assert ep.record.policy == "oracle" and ep.record.reward == 1.0, ep.record.checks
        assert ep.record.status == "success" and ep.record.ended_by == "terminate"
        assert all(r == "ok" for t in ep.turns for r in t.results)
