"""The Orchestrator: deterministic code that runs the adversarial loop for one task.

Per round (at most K = 5): the Generator (from round 2 with the last REVIEW.md) writes
initial_setup.py and golden_patch.py; the orchestrator builds V_init and V_gold from them
(C1, C2, ``ConsensusRunner.prepare``); the Discriminator, reading both through the state-only
API, writes reward.py and its REVIEW.md; the orchestrator checks C3-C7 (``judge``; C7 scores
the reward on near misses of the gold state). C1-C6 ok and C7 not failed: the tuple is written
to ``OUT/final/<task_id>/`` with the near misses in meta.json. Otherwise the round's REVIEW.md (the
conditions, observed scores, forbidden patterns, and the Discriminator's own feedback) is the
only thing handed to the next Generator. After K rounds the task goes to ``OUT/rejected/``.

The orchestrator never writes, edits or judges scripts beyond C1-C7 and never skips a round's
steps (the spec's prohibitions); it only moves files across the barrier as Table 1 allows:
the Generator's scripts go to the environments, never to the Discriminator; reward.py goes to
the environments, never to the Generator. A role that crashes, hangs past its time limit or
leaves no outputs fails its round; it never stalls the batch.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import shutil
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cuagym.core import Bundle, Review, TaskConfig, TaskMeta
from cuagym.core.osworld import OSWorldConfig
from cuagym.core.review import CONDITION_IDS, ConditionId, ConditionResult
from cuagym.domains import Domain, load_domains, start_screen_json
from cuagym.envs import Environment, HubLink, make_env
from cuagym.synth._backends import (
    PREVIOUS_REWARD,
    ROLE_OUTPUTS,
    TEACHER_REVIEW,
    RoleBackend,
    RoleSession,
    RoleTurn,
)
from cuagym.synth._barrier import RoleJails, read_output, write_workspace
from cuagym.synth._consensus import ConsensusRunner, PreparedEnvs
from cuagym.synth._osworld_config import osworld_config
from cuagym.synth._role_api import EnvSlot, RoleApi, RoleApiServer, RoleGrant, reset_hub
from cuagym.synth._synth_models import (
    DEFAULT_MAX_ROUNDS,
    RoleName,
    RoleRun,
    RoleUsage,
    RoundRecord,
    TaskOutcome,
)
from cuagym.synth._tasklog import TaskLog

__all__ = ["Orchestrator", "Rediscrimination", "TaskSpec"]

_FEEDBACK_MAX = 20_000
# Slack on top of a role's own limit before the orchestrator gives up on the sandbox itself.
_GUARD_S = 60.0


@dataclass(frozen=True)
class TaskSpec:
    """A task as the orchestrator gets it: the config, its skill file, and the meta.json
    fields that come from where the task was made (platform, scenario, taxonomy path...)."""

    task: TaskConfig
    skill: str = ""
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Rediscrimination:
    """What a Discriminator-only round produced: the round, its REVIEW.md (verdict PASS when
    C1-C6 hold and C7 does not fail for the new reward), the new reward.py (None if the role
    failed), spend."""

    record: RoundRecord
    review: Review
    reward: str | None
    usage: RoleUsage
    timings_s: dict[str, float]
    config: OSWorldConfig | None = None  # config.json for the new reward, built as _write does


@dataclass
class _Tally:
    usage: RoleUsage = field(default_factory=RoleUsage)
    timings: dict[str, float] = field(default_factory=dict)

    def add_time(self, key: str, seconds: float) -> None:
        self.timings[key] = round(self.timings.get(key, 0.0) + seconds, 4)


class Orchestrator:
    """Runs tasks through the loop. One instance serves a whole batch (tasks in parallel)."""

    def __init__(
        self,
        *,
        backend: RoleBackend,
        consensus: ConsensusRunner,
        jails: RoleJails,
        api: RoleApiServer,
        out: Path,
        work_root: Path,
        max_rounds: int = DEFAULT_MAX_ROUNDS,
        role_timeout_s: float = 600.0,
        env_provider: str = "local",
        env_options: dict[str, Any] | None = None,
    ) -> None:
        if max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        self.backend = backend
        self.consensus = consensus
        self.jails = jails
        self.api = api
        self.out = out
        self.work_root = work_root
        self.max_rounds = max_rounds
        self.role_timeout_s = role_timeout_s
        self.env_provider = env_provider
        self.env_options = dict(env_options or {})
        self._domains: Mapping[str, Domain] | None = None

    # -- one task --------------------------------------------------------------------------------
    async def run_task(self, spec: TaskSpec) -> TaskOutcome:
        task = spec.task
        log = TaskLog(self.out / "logs" / task.task_id)
        tally = _Tally()
        start = time.perf_counter()
        log.event("task", task_id=task.task_id, backend=self.backend.name)
        review: Review | None = None
        scripts: dict[str, str] = {}
        try:
            for n in range(1, self.max_rounds + 1):
                record, review, scripts = await self._round(spec, n, review, log, tally)
                log.event("round", **record.model_dump(mode="json", exclude={"generator",
                          "discriminator"}))  # fmt: skip
                if record.passed:
                    path = self._write(spec, review, scripts, n, tally, start)
                    return self._outcome(task, "accepted", n, path, tally, start)
            assert review is not None
            path = self._write(spec, review, scripts, self.max_rounds, tally, start)
            return self._outcome(task, "rejected", self.max_rounds, path, tally, start)
        finally:
            shutil.rmtree(self.work_root / task.task_id, ignore_errors=True)
            log.close()

    async def _round(
        self, spec: TaskSpec, n: int, last: Review | None, log: TaskLog, tally: _Tally
    ) -> tuple[RoundRecord, Review, dict[str, str]]:
        task = spec.task
        record = RoundRecord(round=n)
        log.event("round_start", round=n)
        # Generator: the task, the skill file, the last REVIEW.md; scratch V_init / V_gold.
        # reward.py never reaches it (nor the state views: files equal to it are redacted).
        gen_files = _files(task, spec.skill, last.render() if last is not None else None)
        scratch = self._scratch_slots(task)
        try:
            limit = self.consensus.script_timeout_s
            grant = RoleGrant.generator(task.task_id, n, scratch.slots, script_timeout_s=limit)
            record.generator = await self._play("generator", spec, n, gen_files, grant, log, tally)
        finally:
            await scratch.close()
        gen = record.generator
        if not gen.ok:
            review = _review(
                task.task_id, n, {"C1": (False, f"the Generator failed: {gen.detail}")}
            )
            return record, review, {}
        scripts = {k: gen.outputs[k] for k in ROLE_OUTPUTS["generator"]}
        t0 = time.perf_counter()
        prepared = await self.consensus.prepare(
            task, scripts["initial_setup.py"], scripts["golden_patch.py"]
        )
        tally.add_time("prepare", time.perf_counter() - t0)
        # A failing C7 goes back to the Discriminator: the last REVIEW.md names the near
        # misses its reward scored 1.0, as states (nothing of the Generator's scripts).
        c7_failed = last is not None and last.conditions["C7"].status == "failed"
        disc_files = _files(task, spec.skill, last.render() if c7_failed and last else None)
        async with prepared:  # a clean exit gives pooled environments back to the pool
            record.discriminator, review, reward = await self._discriminate(
                spec, n, prepared, scripts, disc_files, log, tally
            )
            if reward is not None:
                scripts["reward.py"] = reward
                record.r_init, record.r_gold = review.r_init, review.r_gold
        record.conditions = {c: review.conditions[c].ok for c in CONDITION_IDS}
        record.passed = review.verdict == "PASS"
        return record, review, scripts

    async def _discriminate(
        self,
        spec: TaskSpec,
        n: int,
        prepared: PreparedEnvs,
        scripts: dict[str, str],
        files: dict[str, str],
        log: TaskLog,
        tally: _Tally,
    ) -> tuple[RoleRun, Review, str | None]:
        """The Discriminator's turn on prepared environments, then C3-C7 on its reward.py.

        Its workspace holds ``files`` (the task and the skill file; in a refinement also the
        teacher's review); it reads V_init / V_gold only through the state API, with the
        Generator's scripts redacted from every view. Returns its run, the round's review and
        the reward it wrote (None when it failed)."""
        task = spec.task
        slots = {
            "init": EnvSlot("init", _opened(prepared.v_init)),
            "gold": EnvSlot("gold", _opened(prepared.v_gold)),
        }
        hidden = tuple(scripts[k] for k in ROLE_OUTPUTS["generator"] if k in scripts)
        grant = RoleGrant.discriminator(
            task.task_id, n, slots, hidden_texts=hidden,
            script_timeout_s=self.consensus.script_timeout_s,
        )  # fmt: skip
        disc = await self._play("discriminator", spec, n, files, grant, log, tally)
        if not disc.ok:
            why = f"the Discriminator failed: {disc.detail}"
            return disc, _prepared_review(prepared, n, why), None
        reward = disc.outputs["reward.py"]
        t0 = time.perf_counter()
        report = await self.consensus.judge(task, prepared, reward)
        tally.add_time("judge", time.perf_counter() - t0)
        tally.add_time("near_misses", report.timings_s.get("near_misses", 0.0))  # within judge
        feedback = _sanitize(disc.outputs.get("REVIEW.md", ""))
        return disc, report.to_review(feedback, round=n), reward

    async def rediscriminate(
        self, spec: TaskSpec, scripts: Mapping[str, str], feedback: str, *, round: int
    ) -> Rediscrimination:
        """A Discriminator-only round on an accepted tuple: the teacher filter's refinement.

        The Generator's ``initial_setup.py`` and ``golden_patch.py`` are kept and rebuilt into
        fresh V_init / V_gold (C1, C2); the Discriminator gets the task, the skill file, its
        own earlier ``reward.py`` (as ``previous_reward.py``) and ``feedback`` (as
        ``TEACHER_REVIEW.md``: what teacher rollouts showed, never the Generator's scripts),
        writes a new reward.py, and C3-C7 are checked on it. Nothing is written to ``out``
        but the task's logs (``logs/<task_id>/``, round ``round``): the caller decides what
        becomes of the result.
        """
        task = spec.task
        log = TaskLog(self.out / "logs" / task.task_id)
        tally = _Tally()
        record = RoundRecord(round=round)
        log.event("rediscriminate", task_id=task.task_id, round=round)
        try:
            t0 = time.perf_counter()
            prepared = await self.consensus.prepare(
                task, scripts["initial_setup.py"], scripts["golden_patch.py"]
            )
            tally.add_time("prepare", time.perf_counter() - t0)
            reward: str | None = None
            async with prepared:  # a clean exit gives pooled environments back to the pool
                if not prepared.gold_ready:
                    why = "the tuple's own scripts no longer build V_init / V_gold"
                    review = _prepared_review(prepared, round, why)
                else:
                    files = _files(task, spec.skill, None)
                    files[TEACHER_REVIEW] = feedback
                    files[PREVIOUS_REWARD] = scripts["reward.py"]
                    record.discriminator, review, reward = await self._discriminate(
                        spec, round, prepared, dict(scripts), files, log, tally
                    )
                    record.r_init, record.r_gold = review.r_init, review.r_gold
            record.conditions = {c: review.conditions[c].ok for c in CONDITION_IDS}
            record.passed = review.verdict == "PASS"
            log.event("round", **record.model_dump(mode="json", exclude={"generator",
                      "discriminator"}))  # fmt: skip
            config = self._config(task, scripts["initial_setup.py"], reward)
            return Rediscrimination(record, review, reward, tally.usage, tally.timings, config)
        finally:
            shutil.rmtree(self.work_root / task.task_id, ignore_errors=True)
            log.close()

    # -- a role's turn ----------------------------------------------------------------------------
    async def _play(
        self,
        role: RoleName,
        spec: TaskSpec,
        n: int,
        files: dict[str, str],
        grant: RoleGrant,
        log: TaskLog,
        tally: _Tally,
    ) -> RoleRun:
        task = spec.task
        workspace = self.work_root / task.task_id / f"round-{n}-{role}"
        shutil.rmtree(workspace, ignore_errors=True)
        write_workspace(workspace, files)
        api = RoleApi(grant, log)
        denied_before = log.denied
        start = time.perf_counter()
        outputs: dict[str, str] = {}
        missing: list[str] = []
        try:
            with self.api.session(api) as token:
                async with self.jails.open(workspace, token, role) as box:
                    env = self.jails.role_env({
                        "CUAGYM_ROLE": role, "CUAGYM_ROUND": str(n),
                        "CUAGYM_TASK_ID": task.task_id, "CUAGYM_ENV_API": self.api.url,
                        "CUAGYM_ENV_TOKEN": token,
                    })  # fmt: skip
                    session = RoleSession(role, task, n, api, box, env, self.role_timeout_s)
                    turn = await self._turn(session)
                    for name in ROLE_OUTPUTS[role]:
                        text, why = read_output(box.home, name)
                        if text is not None:
                            outputs[name] = text
                        elif name != "REVIEW.md":  # the Discriminator's advice is optional
                            missing.append(why)
        finally:
            shutil.rmtree(workspace, ignore_errors=True)
        elapsed = time.perf_counter() - start
        tally.add_time(role, elapsed)
        tally.usage = tally.usage + turn.usage
        detail = ""
        if turn.timed_out:
            detail = f"timed out after {self.role_timeout_s:g} s"
        elif turn.exit_code != 0:
            detail = f"exited with code {turn.exit_code}" + _gist(turn.transcript)
        elif missing:
            detail = "; ".join(missing)
        log.transcript(n, role, turn.transcript)
        run = RoleRun(
            role=role, round=n, ok=not detail, exit_code=turn.exit_code,
            timed_out=turn.timed_out, duration_s=round(elapsed, 4), detail=detail,
            outputs=outputs, usage=turn.usage, denied=log.denied - denied_before,
        )  # fmt: skip
        log.event("role", **run.model_dump(mode="json", exclude={"outputs"}),
                  outputs=sorted(outputs))  # fmt: skip
        return run

    async def _turn(self, session: RoleSession) -> RoleTurn:
        try:
            return await asyncio.wait_for(
                self.backend.run_role(session), self.role_timeout_s + _GUARD_S
            )
        except TimeoutError:
            return RoleTurn(exit_code=124, timed_out=True, transcript="(role did not return)")
        except Exception as exc:  # a backend bug fails the round, not the batch
            return RoleTurn(exit_code=-1, transcript=f"backend error: {type(exc).__name__}: {exc}")

    # -- scratch environments of the Generator ---------------------------------------------------
    def _scratch_slots(self, task: TaskConfig) -> _Scratch:
        web = self.consensus.web_apps(task)
        hub = self.consensus.hub
        scratch = _Scratch()

        def opener(name: str) -> Any:
            async def open_env() -> Environment:
                options = dict(self.env_options)
                if web and hub is not None:
                    sid = f"gen-{name}-{secrets.token_hex(8)}"
                    options["hub"] = HubLink(url=hub.url, token=hub.token, sid=sid, apps=web)
                env = make_env(self.env_provider, **options)
                scratch.opened.append(env)
                await env.start()
                await env.snapshot("clean")
                return env

            return open_env

        async def reset(env: Environment) -> None:
            await env.restore("clean")
            await reset_hub(env)

        scratch.slots = {name: EnvSlot(name, opener(name), reset) for name in ("init", "gold")}
        return scratch

    # -- results -------------------------------------------------------------------------------
    def _write(
        self,
        spec: TaskSpec,
        review: Review,
        scripts: dict[str, str],
        rounds: int,
        tally: _Tally,
        start: float,
    ) -> Path:
        task = spec.task
        tally.add_time("total", time.perf_counter() - start)
        meta = TaskMeta.model_validate({
            **spec.meta, "domain": task.domain, "difficulty": task.difficulty,
            "task_type": "cross" if len(set(task.apps)) > 1 else "single",
            "backend": self.backend.name, "model": tally.usage.model, "rounds": rounds,
            "tokens_in": tally.usage.tokens_in, "tokens_out": tally.usage.tokens_out,
            "cost_usd": tally.usage.cost_usd, "timings_s": tally.timings,
            "near_misses": review.near_misses,
        })  # fmt: skip
        setup, reward = scripts.get("initial_setup.py"), scripts.get("reward.py")
        config = self._config(task, setup, reward)
        bundle = Bundle(
            task=task, meta=meta, review=review, initial_setup=setup,
            golden_patch=scripts.get("golden_patch.py"), reward=reward, config=config,
        )  # fmt: skip
        return bundle.write(self.out)

    def _config(
        self, task: TaskConfig, setup: str | None, reward: str | None
    ) -> OSWorldConfig | None:
        """The bundle's OSWorld config.json, or None until both scripts exist."""
        if setup is None or reward is None:
            return None
        # No hub address yet: `cuagym export osworld --hub URL` bakes it in; until then a
        # web task's setup fails loudly in the VM, saying so.
        web = self.consensus.web_apps(task)
        if self._domains is None:  # once per batch: loading them reads every entry point
            self._domains = load_domains()
        start = start_screen_json(task, self._domains)
        return osworld_config(task, initial_setup=setup, reward=reward, web_apps=web, start=start)

    def _outcome(
        self, task: TaskConfig, status: Any, rounds: int, path: Path, tally: _Tally, start: float
    ) -> TaskOutcome:
        return TaskOutcome(
            task_id=task.task_id, status=status, rounds=rounds, bundle=str(path),
            usage=tally.usage, wall_s=round(time.perf_counter() - start, 4),
        )  # fmt: skip


@dataclass
class _Scratch:
    slots: dict[str, EnvSlot] = field(default_factory=dict)
    opened: list[Environment] = field(default_factory=list)

    async def close(self) -> None:
        await asyncio.gather(*(env.close() for env in self.opened), return_exceptions=True)


def _opened(env: Environment) -> Any:
    async def get() -> Environment:
        return env

    return get


def _files(task: TaskConfig, skill: str, review: str | None) -> dict[str, str]:
    files = {
        "task_config.json": json.dumps(task.model_dump(mode="json"), indent=2, ensure_ascii=False)
        + "\n",
        "SKILL.md": skill,
    }
    if review is not None:
        files["REVIEW.md"] = review
    return files


def _gist(transcript: str) -> str:
    """The last line the role printed (for a crash, the error), for REVIEW.md."""
    lines = [ln.strip() for ln in transcript.splitlines() if ln.strip() and ln != "--- stderr"]
    if not lines:
        return ""
    last = lines[-1]
    return ": " + (last if len(last) <= 300 else last[:299] + "…")


def _sanitize(text: str) -> str:
    # REVIEW.md keeps free text between cuagym markers; a role cannot forge one.
    text = text.replace("<!-- cuagym:", "<!-- cuagym-").replace("<!-- /cuagym:", "<!-- /cuagym-")
    return text if len(text) <= _FEEDBACK_MAX else text[:_FEEDBACK_MAX] + "\n[...]"


def _review(task_id: str, n: int, given: dict[str, tuple[bool | None, str]]) -> Review:
    conditions: dict[ConditionId, ConditionResult] = {
        c: ConditionResult.of(*given.get(c, (None, "not reached this round")))
        for c in CONDITION_IDS
    }
    return Review.from_outputs(task_id=task_id, round=n, conditions=conditions)


def _prepared_review(prepared: PreparedEnvs, n: int, why: str) -> Review:
    return _review(prepared.task_id, n, {
        "C1": (prepared.c1.ok, prepared.c1.detail),
        "C2": (prepared.c2.ok, prepared.c2.detail),
        "C3": (False, why),
    })  # fmt: skip
