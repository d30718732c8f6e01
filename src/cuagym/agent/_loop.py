"""One rollout of one tuple (DESIGN.md §6): the paper's training scaffold, as a library call.

    result = await run_episode(bundle, policy, env, web=WebSession(hub_url, env.sid, token))
    result.write(out)            # OUT/<task_id>/<k>/, atomically

restore (optional) → ``initial_setup.py`` → ``env.snapshot("initial")`` (the reward may read
s_init) → the start screen → turns → the final screenshot → the bundle's ``reward.py`` in the
same environment → the episode. A turn: a settled screenshot, the policy's answer, the parser,
each call executed in order through ``env.act`` (coordinates converted from the policy's space
to the screen with :func:`to_screen`; ``screenshot``, ``wait``, ``terminate`` and ``call_user``
handled here). Recovery follows the contract: a malformed answer → the parser's message before
the next screenshot; a failed action → its error there (the rest of the turn's calls are not
run); a sampler exception → the same request again after 1, 2, 4, ... s, at most
``sampler_retries`` times, then status ``error``.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cuagym.agent._final import archive_home, final_files
from cuagym.agent._images import to_screen
from cuagym.agent._parse import parse_response
from cuagym.agent._start import StartScreenFailed, WebSession, open_start_screen
from cuagym.core import (
    Bundle,
    Environment,
    Episode,
    EpisodeRecord,
    Observation,
    Policy,
    PolicyReply,
    TurnRecord,
    parse_reward_output,
)
from cuagym.core._action import Action
from cuagym.core._episode import EndedBy
from cuagym.core.episode import FINAL_SCREEN, EpisodeCheck, screen_name
from cuagym.core.files import INITIAL_SNAPSHOT
from cuagym.core.policy import PolicyError, SamplerError, TurnInput
from cuagym.domains import StartScreenError, start_screen
from cuagym.envs import png_size
from cuagym.sandbox import ScriptResult

# INITIAL_SNAPSHOT: s_init, snapshotted right after initial_setup.py; the reward reads it.
__all__ = ["INITIAL_SNAPSHOT", "EpisodeResult", "RolloutOptions", "run_episode"]

_POINTS = ("coordinate", "start_coordinate")
_LOOP_ACTIONS = frozenset({"screenshot", "wait", "terminate", "call_user"})


class RolloutOptions(BaseModel):
    """Budgets and pacing of an episode (the defaults follow the paper where it says)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_steps: int = Field(50, ge=1, description="model turns before the episode is cut")
    max_calls: int = Field(10, ge=1, description="tool calls one answer may hold")
    turn_timeout_s: float = Field(600.0, gt=0, description="one model request (then: retry)")
    episode_timeout_s: float = Field(3600.0, gt=0, description="wall time of the turns")
    sampler_retries: int = Field(5, ge=0, description="retries of a failed request per turn")
    backoff_s: float = Field(1.0, ge=0, description="first backoff; doubles each retry")
    backoff_max_s: float = Field(60.0, ge=0)
    script_timeout_s: float = Field(120.0, gt=0, description="initial_setup.py and reward.py")
    settle_s: float = Field(0.15, ge=0, description="the screen unchanged this long = settled")
    settle_timeout_s: float = Field(3.0, ge=0, description="stop waiting for a settled screen")
    call_settle_s: float = Field(
        0.05, ge=0, description="between the calls of one answer: the screen unchanged this long"
    )
    call_settle_timeout_s: float = Field(1.0, ge=0, description="... or at most this long")
    user_reply: str = Field(
        "No user is available to answer; decide on your own and continue.",
        description="what call_user gets back (the loop has no human to ask)",
    )


@dataclass
class EpisodeResult:
    """An episode in memory: what :meth:`write` puts on disk (DESIGN.md §6)."""

    record: EpisodeRecord
    turns: list[TurnRecord]
    screens: dict[str, bytes] = field(repr=False)
    #: ``final/...`` -> bytes: what the reward read, for re-scoring (:mod:`cuagym.agent._final`)
    final: dict[str, bytes] = field(default_factory=dict, repr=False)

    def folder(self, out: Path) -> Path:
        return out / self.record.task_id / str(self.record.k)

    def write(self, out: Path, *, replace: bool = False) -> Path:
        """``OUT/<task_id>/<k>/``, written atomically (temp folder, fsync, rename)."""
        return Episode.write(
            out, self.folder(out), self.record, self.turns, self.screens, replace=replace,
            final=self.final,
        )  # fmt: skip


@dataclass
class _Tally:
    format_errors: int = 0
    action_errors: int = 0
    sampler_retries: int = 0
    model: str | None = None


class _SamplerGaveUp(Exception):
    pass


async def run_episode(
    bundle: Bundle,
    policy: Policy,
    env: Environment,
    *,
    k: int = 0,
    options: RolloutOptions | None = None,
    web: WebSession | None = None,
    restore: str | None = None,
    bundle_path: str | None = None,
) -> EpisodeResult:
    """Play one episode of ``bundle`` with ``policy`` on the started GUI environment ``env``.

    ``web``: the hub and the environment's session, for web start windows. ``restore``: a
    snapshot to go back to first (e.g. the clean home of a reused environment). Never raises
    for what the episode did: a setup, start screen, sampler or reward failure is an episode
    with status ``error`` and the reason in its ``error`` field.
    """
    opts = options or RolloutOptions()
    started_at = datetime.now(UTC)
    t0 = time.perf_counter()
    tally = _Tally()
    turns: list[TurnRecord] = []
    screens: dict[str, bytes] = {}
    config_screen = getattr(getattr(env, "config", None), "screen", None)
    screen_size: tuple[int, int] = (
        (int(config_screen[0]), int(config_screen[1])) if config_screen else (1, 1)
    )
    ended_by: EndedBy = "max_steps"
    terminate_status: str | None = None
    error: str | None = None
    budget: Literal["time"] | None = None
    policy_end_error: str | None = None
    final_screenshot_error: str | None = None
    began = False
    initial: bytes | str | None = None  # the initial home's archive, or why there is none
    try:
        initial = await _prepare(bundle, env, opts, web, restore)
        first = await _settled_screenshot(env, opts)
        screen_size = png_size(first)
        _prepare_policy_images(env, policy, screen_size)
        await policy.begin(bundle.task, env)
        began = True
        ended_by, terminate_status, budget = await _turns(
            bundle, policy, env, opts, tally, turns, screens, screen_size, first, t0
        )
    except _SamplerGaveUp as exc:
        ended_by, error = "error", str(exc)
    except (_SetupFailed, StartScreenFailed, StartScreenError, PolicyError) as exc:
        ended_by, error = "error", str(exc)
    except Exception as exc:  # the machinery (display, sandbox) failed under the episode
        ended_by, error = "error", f"{type(exc).__name__}: {exc}"
    finally:
        if began:
            try:
                await policy.end()
            except Exception as exc:  # a policy's cleanup must not lose the episode
                policy_end_error = f"{type(exc).__name__}: {exc}"
    reward: float | None = None
    checks: list[EpisodeCheck] = []
    if turns or error is None:
        try:
            screens[FINAL_SCREEN] = await env.screenshot()
        except Exception as exc:
            final_screenshot_error = f"{type(exc).__name__}: {exc}"
    final: dict[str, bytes] = {}
    if error is None:
        reward, checks, error = await _score(bundle, env, opts)
        if error is None:  # keep what the reward read: `cuagym rescore` re-runs it on that
            final = await final_files(env, bundle.task.apps, initial)
    record = EpisodeRecord(
        task_id=bundle.task.task_id,
        k=k,
        bundle=bundle_path or "",
        policy=policy.name,
        model=tally.model,
        status=EpisodeRecord.status_for(reward if error is None else None),
        ended_by=ended_by,
        terminate_status=terminate_status,
        steps=len(turns),
        reward=reward if error is None else None,
        checks=checks,
        format_errors=tally.format_errors,
        action_errors=tally.action_errors,
        sampler_retries=tally.sampler_retries,
        wall_s=round(time.perf_counter() - t0, 3),
        started_at=started_at,
        screen_size=screen_size,
        error=error or None,
        # How to read the turns' coordinates (the viewer and the statistics need it).
        coordinate_space=policy.coordinate_space,
        budget=budget,
        policy_end_error=policy_end_error,
        final_screenshot_error=final_screenshot_error,
    )
    return EpisodeResult(record=record, turns=turns, screens=screens, final=final)


# -- before the first turn ---------------------------------------------------------------------
class _SetupFailed(RuntimeError):
    pass


async def _prepare(
    bundle: Bundle,
    env: Environment,
    opts: RolloutOptions,
    web: WebSession | None,
    restore: str | None,
) -> bytes | str | None:
    """Setup, the initial snapshot and the start screen; returns the initial home's archive
    (or why it could not be taken; None for an environment without a host-readable home)."""
    if bundle.initial_setup is None:
        raise _SetupFailed("the bundle has no initial_setup.py")
    if bundle.reward is None:
        raise _SetupFailed("the bundle has no reward.py")
    windows = start_screen(bundle.task)  # a bad start list fails before anything runs
    if restore is not None:
        await env.restore(restore)
    result = await env.run_script(bundle.initial_setup, "initial_setup", opts.script_timeout_s)
    if result.timed_out or result.exit_code != 0:
        tail = result.stderr.strip().splitlines()[-1:] if result.stderr.strip() else []
        why = "timed out" if result.timed_out else f"exit code {result.exit_code}"
        raise _SetupFailed(f"initial_setup.py failed ({why}){': ' + tail[0] if tail else ''}")
    await env.snapshot(INITIAL_SNAPSHOT)
    initial: bytes | str | None = None
    home = getattr(env, "home", None)
    if isinstance(home, Path):
        try:
            initial = await asyncio.to_thread(archive_home, home)
        except (OSError, ValueError) as exc:
            initial = f"not archived: {exc}"
    await open_start_screen(env, windows, web=web)
    return initial


# -- the turns ---------------------------------------------------------------------------------
async def _turns(
    bundle: Bundle,
    policy: Policy,
    env: Environment,
    opts: RolloutOptions,
    tally: _Tally,
    turns: list[TurnRecord],
    screens: dict[str, bytes],
    screen_size: tuple[int, int],
    first: bytes,
    t0: float,
) -> tuple[EndedBy, str | None, Literal["time"] | None]:
    """Turns until terminate or the budget; returns (ended_by, terminate_status, the budget
    that cut the episode when it was not the steps)."""
    inputs: list[TurnInput] = []
    feedback: str | None = None
    results: list[str] = []
    previous_error: str | None = None
    png = first
    for t in range(opts.max_steps):
        if time.perf_counter() - t0 > opts.episode_timeout_s:
            return "max_steps", None, "time"
        spec = policy.image
        image_size = spec.size(*screen_size) if spec is not None else screen_size
        screens[screen_name(t)] = png
        inputs.append(TurnInput(screenshot=png, feedback=feedback))
        obs = Observation(
            t=t, instruction=bundle.task.instruction, screenshot=png, screen_size=screen_size,
            image_size=image_size, feedback=feedback, turns=tuple(inputs), results=tuple(results),
            previous_error=previous_error,
        )  # fmt: skip
        m0 = time.perf_counter()
        reply = await _sample(policy, obs, opts, tally)
        t_model = time.perf_counter() - m0
        inputs[-1] = TurnInput(screenshot=png, feedback=feedback, response=reply.text)
        parsed = parse_response(reply.text, max_calls=opts.max_calls)
        e0 = time.perf_counter()
        calls = [_arguments(c) for c in parsed.calls]
        results = []
        ended: str | None = None
        if parsed.error is not None:
            tally.format_errors += 1
            feedback, previous_error = parsed.error, parsed.error
        else:
            previous_error = None
            results, ended, feedback = await _execute(
                env, calls, policy, image_size, screen_size, opts, tally
            )
        turns.append(
            TurnRecord(
                t=t, screenshot=screen_name(t), image_size=image_size,
                feedback=inputs[-1].feedback, response=reply.text, calls=calls,
                error=parsed.error, results=results, logprobs=reply.logprobs,
                policy_version=reply.policy_version, t_model_s=round(t_model, 4),
                t_env_s=round(time.perf_counter() - e0, 4),
            )
        )  # fmt: skip
        if ended is not None:
            return "terminate", ended, None
        png = await _settled_screenshot(env, opts)
    return "max_steps", None, None


async def _sample(
    policy: Policy, obs: Observation, opts: RolloutOptions, tally: _Tally
) -> PolicyReply:
    """The policy's answer, retrying sampler failures with exponential backoff."""
    attempt = 0
    while True:
        try:
            answer = await asyncio.wait_for(policy.step(obs), opts.turn_timeout_s)
        except (SamplerError, TimeoutError) as exc:
            why = str(exc) or f"no answer within {opts.turn_timeout_s:g} s"
            if attempt >= opts.sampler_retries:
                raise _SamplerGaveUp(
                    f"sampler failed at turn {obs.t} after {attempt} retries: {why}"
                ) from None
            attempt += 1
            tally.sampler_retries += 1
            await asyncio.sleep(min(opts.backoff_max_s, opts.backoff_s * 2 ** (attempt - 1)))
            continue
        if isinstance(answer, str):
            return PolicyReply(text=answer)
        if isinstance(answer, PolicyReply):
            if answer.model:
                tally.model = answer.model
            return answer
        raise PolicyError(f"the policy answered a {type(answer).__name__}, not text")


async def _execute(
    env: Environment,
    calls: list[dict[str, Any]],
    policy: Policy,
    image_size: tuple[int, int],
    screen_size: tuple[int, int],
    opts: RolloutOptions,
    tally: _Tally,
) -> tuple[list[str], str | None, str | None]:
    """Run the calls in order; (results, terminate status or None, feedback for next turn)."""
    results: list[str] = []
    notes: list[str] = []
    settle = getattr(env, "wait_settled", None)
    for i, call in enumerate(calls, 1):
        name = call["action"]
        if i > 1 and settle is not None and calls[i - 2]["action"] not in _LOOP_ACTIONS:
            # Apps dispatch some commands asynchronously (LibreOffice's ctrl+arrow jumps): a
            # key sent before the last one's effect is drawn may be applied out of order.
            await settle(opts.call_settle_s, opts.call_settle_timeout_s)
        if name == "terminate":
            results.append("ok")
            return results, str(call["status"]), None
        try:
            if name == "wait":
                await asyncio.sleep(float(call["time"]))
            elif name == "call_user":
                notes.append(opts.user_reply)
            elif name not in _LOOP_ACTIONS:
                await env.act(_on_screen(call, policy, image_size, screen_size))
        except Exception as exc:
            tally.action_errors += 1
            message = str(exc).strip() or type(exc).__name__
            results.append(f"error: {message}")
            skipped = len(calls) - i
            tail = f" The {skipped} call(s) after it were not run." if skipped else ""
            notes.append(f"Action {i} ({name}) failed: {message}.{tail}")
            return results, None, " ".join(notes)
        results.append("ok")
    return results, None, " ".join(notes) or None


def _arguments(action: Action) -> dict[str, Any]:
    """A parsed call's arguments as the model would write them: ``action`` first."""
    data: dict[str, Any] = action.model_dump(mode="json", exclude_none=True)
    return {"action": data.pop("action"), **data}


def _on_screen(
    call: dict[str, Any],
    policy: Policy,
    image_size: tuple[int, int],
    screen_size: tuple[int, int],
) -> dict[str, Any]:
    """The call with its coordinates in screen pixels."""
    out = dict(call)
    for key in _POINTS:
        if out.get(key) is not None:
            out[key] = list(
                to_screen(
                    out[key], space=policy.coordinate_space, sent_size=image_size,
                    screen_size=screen_size,
                )
            )  # fmt: skip
    return out


def _prepare_policy_images(env: Environment, policy: Policy, screen_size: tuple[int, int]) -> None:
    """Let an environment that can make the policy's resized image from the raw screen, in
    parallel with the screenshot's PNG, do so (same bytes as resizing the PNG later)."""
    spec, prepare = policy.image, getattr(env, "prepare_sizes", None)
    if spec is not None and prepare is not None:
        size = spec.size(*screen_size)
        prepare([size] if size != screen_size else [])


async def _settled_screenshot(env: Environment, opts: RolloutOptions) -> bytes:
    settle = getattr(env, "wait_settled", None)
    if settle is not None:
        await settle(opts.settle_s, opts.settle_timeout_s)
    else:
        await asyncio.sleep(opts.settle_s)
    png: bytes = await env.screenshot()
    return png


# -- after the last turn -----------------------------------------------------------------------
async def _score(
    bundle: Bundle, env: Environment, opts: RolloutOptions
) -> tuple[float | None, list[EpisodeCheck], str | None]:
    """reward.py on the final state: (reward, checks, error)."""
    assert bundle.reward is not None
    try:
        result = await env.run_script(bundle.reward, "reward", opts.script_timeout_s)
    except Exception as exc:
        return None, [], f"reward.py could not run: {type(exc).__name__}: {exc}"
    return scored(result)


def scored(result: ScriptResult) -> tuple[float | None, list[EpisodeCheck], str | None]:
    """What a run of reward.py says: (reward, checks, why there is no reward). Shared by the
    rollout and by re-scoring a recorded final state (``_rescore``)."""
    parsed = parse_reward_output(result.stdout)
    checks = [
        EpisodeCheck(name=c.name, points=c.points, passed=c.passed, detail=c.detail)
        for c in parsed.checks
    ]
    if parsed.reward is None or result.timed_out:
        why = "timed out" if result.timed_out else f"exit code {result.exit_code}"
        tail = result.stderr.strip().splitlines()[-1:] if result.stderr.strip() else []
        detail = f"reward.py printed no REWARD line ({why}){': ' + tail[0] if tail else ''}"
        return None, checks, detail
    return parsed.reward, checks, None
