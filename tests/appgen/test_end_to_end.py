"""plan → build → audit → install, every step the real command in its own process: the Plan and
Dev agents are the scripted test double served over HTTP (not a model), the audit is the real
``cuagym appgen audit`` (Chromium against a hub serving the app), the install a real editable
install that a new interpreter finds. Round 1's seeded defect (a favourite button with no
handler) must be found by the audit and fixed in round 2."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest

from cuagym.cli import app as _cli  # noqa: F401  (registers every command)
from cuagym.cli._appgen import appgen_app
from cuagym.llm.scripted import ScriptedChatApi, serve_scripted
from tests.appgen.doubles import dev_script, known_plan, plan_then_dev

pytestmark = [pytest.mark.browser, pytest.mark.slow]

if "audit" not in {c.name for c in appgen_app.registered_commands}:
    # cuagym appgen audit comes from its own branch; this test runs once both are merged.
    pytest.skip("cuagym appgen audit is not here yet", allow_module_level=True)


async def _cuagym(*args: str) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cuagym.cli", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "OPENAI_API_KEY": "test"},
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), 1200)
    return proc.returncode or 0, out.decode()


async def test_plan_build_audit_install(tmp_path: Path) -> None:
    ws, site = tmp_path / "ws", tmp_path / "site"
    api = ScriptedChatApi(plan_then_dev(known_plan(), dev_script(sign="is dead")))
    async with serve_scripted(api) as url:
        model = ["--model", "openai:scripted-double", "--base-url", f"{url}/v1"]
        code, out = await _cuagym(
            "appgen", "plan", "--category", "Media", "--product", "Paprika", "--out", str(ws),
            *model,
        )  # fmt: skip
        assert code == 0, out
        code, out = await _cuagym("appgen", "build", str(ws), "--backend", "llm", *model)
    assert code == 0, out
    record = json.loads((ws / "appgen.json").read_text())
    assert [r["status"] for r in record["rounds"]] == ["findings", "clean"], out
    assert record["rounds"][0]["audit"]["dead"] >= 1
    assert (ws / "rounds/1/audit").is_dir()  # the audit's HTML report of round 1
    code, out = await _cuagym("appgen", "install", str(ws), "--target", str(site))
    assert code == 0 and "a new interpreter finds it" in out, out
