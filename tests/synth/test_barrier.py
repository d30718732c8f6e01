"""The information barrier, both directions, proven by roles that hunt for the other side.

Each role runs a spy (``spy_role.py``) in its own jail before doing its real work: it walks the
whole filesystem it can see, /proc, localhost ports and the environment API (including calls
its grant forbids), looking for the other side's outputs. Copies of those outputs are also
planted on the host (in the output folder) and accepted bundles of a parallel task sit there
too: the spies must find none of it, every forbidden call must be refused and logged, and the
Discriminator's state views must redact a copy of golden_patch.py left in V_gold.
"""

from __future__ import annotations

import hashlib
import uuid
from pathlib import Path
from typing import Any

import pytest

from cuagym.core import Bundle, EnvState
from cuagym.domains import load_domain
from cuagym.envs import ScriptResult, StateQuery
from cuagym.synth._backends import CommandBackend, ProceduralBackend, RoleSession, RoleTurn
from cuagym.synth._role_api import ApiDenied, EnvSlot, RoleApi, RoleGrant
from cuagym.synth._tasklog import TaskLog
from tests.synth.synth_helpers import (
    events,
    heredoc,
    requires_jail,
    run,
    spy_code,
    spy_reports,
    team_chat,
)

GEN_NAMES = ("initial_setup.py", "golden_patch.py")
BASE_WORKSPACE = [".cuagym", "SKILL.md", "task_config.json"]


def _check_reports(reports: list[dict[str, Any]], *, gen_rounds: set[int]) -> None:
    roles = {r["role"] for r in reports}
    assert roles == {"generator", "discriminator"}, reports
    assert {int(r["round"]) for r in reports if r["role"] == "generator"} >= gen_rounds
    for r in reports:
        assert r["found"] == [], r
        assert r["ports"] == [] and r["uid"] == 1000
        assert r["files_visited"] > 1000  # it did walk the system it could see
        api = r["api"]
        assert api["whoami"] == 200 and api["forged token"] == 401
        assert api["path trick"] == api["unknown endpoint"] == api["unknown env"] == 404
        assert api["state init"] == api["state gold"] == 200
        if r["role"] == "generator":
            assert api["reward"] == 403
            review = ["REVIEW.md"] if int(r["round"]) > 1 else []
            assert r["workspace"] == sorted(BASE_WORKSPACE + review)
        else:
            assert api["run"] == api["reset"] == 403
            assert r["workspace"] == BASE_WORKSPACE


def _check_denials_logged(out: Path, task_id: str) -> None:
    denied = [e for e in events(out, task_id) if e["event"] == "denied"]
    whats = {(e["role"], e["what"].split(" ")[0]) for e in denied}
    assert ("generator", "reward") in whats
    assert ("discriminator", "run") in whats and ("discriminator", "reset") in whats
    assert any(e["what"].startswith("GET /v1/envs/gold/../") for e in denied)


@requires_jail
async def test_command_roles_cannot_reach_the_other_side(tmp_path: Path) -> None:
    gen_marker = f"GEN-SECRET-{uuid.uuid4().hex}"
    disc_marker = f"DISC-SECRET-{uuid.uuid4().hex}"
    gen_spy = spy_code("generator", [disc_marker], ["reward.py"], {})
    disc_spy = spy_code("discriminator", [gen_marker], list(GEN_NAMES), {})
    # Real work after the hunt: the family's scripts, marked; golden_patch.py also leaves a
    # copy of itself in V_gold's home (the Discriminator's state view must redact it).
    gen_cmd = (
        heredoc("/tmp/spy.py", gen_spy) + "python3 /tmp/spy.py\n"
        "python3 -m cuagym.synth.roles procedural-generator\n"
        f"printf '\\n# {gen_marker}\\n' >> initial_setup.py\n"
        f"printf '\\n# {gen_marker}\\nimport shutil\\nshutil.copy(__file__, \"patch_copy.py\")\\n'"
        " >> golden_patch.py\n"
    )
    # Round 1's reward fails C3 on purpose, so a Generator runs after a reward.py exists.
    disc_cmd = (
        heredoc("/tmp/spy.py", disc_spy) + "python3 /tmp/spy.py\n"
        "python3 -m cuagym.synth.roles procedural-discriminator\n"
        'if [ "$CUAGYM_ROUND" = 1 ]; then\n'
        '  printf \'print("CHECK forced 1 FAIL round one")\\n'
        'print("REWARD: 0.0")\\n\' > reward.py\n'
        "fi\n"
        f"printf '\\n# {disc_marker}\\n' >> reward.py\n"
    )
    out = tmp_path / "out"
    planted = out / "planted"
    planted.mkdir(parents=True)
    (planted / "reward.py").write_text(f"# {disc_marker}\n")
    (planted / "golden_patch.py").write_text(f"# {gen_marker}\n")
    backend = CommandBackend(gen_cmd, disc_cmd)
    summary, outcomes = await run(team_chat(2), backend, out, workers=2, max_rounds=3)
    assert summary.accepted == 2, outcomes
    for outcome in outcomes:
        assert outcome.rounds == 2
        bundle = Bundle.load(outcome.bundle or "")
        assert bundle.golden_patch and gen_marker in bundle.golden_patch  # secrets were real
        assert bundle.reward and disc_marker in bundle.reward
        reports = spy_reports(out, outcome.task_id)
        _check_reports(reports, gen_rounds={1, 2})
        disc = [r for r in reports if r["role"] == "discriminator"]
        assert all(r["api"].get("patch_copy redacted in gold") == 1 for r in disc)
        _check_denials_logged(out, outcome.task_id)


class SpyingProcedural(ProceduralBackend):
    """The procedural roles, each preceded by a spy in the same jail and session."""

    def __init__(self, spies: dict[str, str], reuse_jails: bool = False) -> None:
        super().__init__(reuse_jails=reuse_jails)
        self.spies = spies

    async def run_role(self, session: RoleSession) -> RoleTurn:
        spy = await session.exec(
            [session.python, "/opt/task/spy.py"], files={"spy.py": self.spies[session.role]}
        )
        turn = await super().run_role(session)
        turn.transcript = spy.stdout + spy.stderr + turn.transcript
        return turn


@requires_jail
@pytest.mark.parametrize("reuse", [False, True], ids=["fresh-jails", "reused-jails"])
async def test_procedural_roles_cannot_reach_the_other_side(tmp_path: Path, reuse: bool) -> None:
    """With ``reuse`` (the procedural default), one worker: the second task's turns run in the
    first task's jails, and the spies there must find its workspace exact (nothing left)."""
    specs = team_chat(2, seed=3)
    domain = load_domain("team-chat")
    gen_out: dict[str, int] = {}
    disc_out: dict[str, int] = {}
    out = tmp_path / "out"
    (out / "planted").mkdir(parents=True)
    for spec in specs:
        family = domain.family(spec.task.family or "")
        scripts = family.generate(spec.task)
        reward = family.write_reward(spec.task)
        for text, table in (
            (scripts.initial_setup, gen_out), (scripts.golden_patch, gen_out),
            (reward, disc_out),
        ):  # fmt: skip
            data = text.encode()
            table[hashlib.sha256(data).hexdigest()] = len(data)
            (out / "planted" / f"{uuid.uuid4().hex}.py").write_bytes(data)  # copies on the host
    backend = SpyingProcedural({
        "generator": spy_code("generator", [], ["reward.py"], disc_out),
        "discriminator": spy_code("discriminator", [], list(GEN_NAMES), gen_out),
    }, reuse_jails=reuse)  # fmt: skip
    summary, outcomes = await run(specs, backend, out, workers=1 if reuse else 2)
    assert summary.accepted == 2, outcomes
    for outcome in outcomes:
        reports = spy_reports(out, outcome.task_id)
        _check_reports(reports, gen_rounds={1})
        _check_denials_logged(out, outcome.task_id)


# -- the in-process API (what the llm backend's tools call) ----------------------------------
class _FakeEnv:
    def __init__(self) -> None:
        self.ran: list[str] = []

    async def read_state(self, query: StateQuery | None = None) -> EnvState:
        return EnvState()

    async def run_script(self, code: str, role: str, timeout: float | None = None) -> ScriptResult:
        self.ran.append(role)
        return ScriptResult(exit_code=0, stdout="", stderr="", timed_out=False, duration_s=0.0)


def _slots(env: _FakeEnv) -> dict[str, EnvSlot]:
    async def get() -> Any:
        return env

    return {"init": EnvSlot("init", get), "gold": EnvSlot("gold", get)}


@pytest.mark.parametrize("role", ["generator", "discriminator"])
async def test_in_process_api_enforces_the_same_rights(tmp_path: Path, role: str) -> None:
    env = _FakeEnv()
    log = TaskLog(tmp_path / "logs")
    make = RoleGrant.generator if role == "generator" else RoleGrant.discriminator
    api = RoleApi(make("t-1", 1, _slots(env)), log)
    await api.state("init")
    forbidden = [api.reward("init", "print(1)")] if role == "generator" else [
        api.run("gold", "golden_patch", "pass"), api.reset("gold"),
    ]  # fmt: skip
    for call in forbidden:
        with pytest.raises(ApiDenied) as info:
            await call
        assert info.value.status == 403
    with pytest.raises(ApiDenied):
        await api.state("host")
    if role == "generator":
        with pytest.raises(ApiDenied):  # only its own two scripts
            await api.run("init", "reward", "print('REWARD: 1.0')")
        await api.run("init", "initial_setup", "pass")
        assert env.ran == ["initial_setup"]
    else:
        assert env.ran == []
    log.close()
    assert log.denied == len(forbidden) + 1 + (role == "generator")
