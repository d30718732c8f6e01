"""C7: derive the near misses of a gold state, make each in V_gold, and score it.

V_gold is already built and snapshotted (``prepared``), so a near miss costs no environment
start: a web one is a ``set_current`` of the app's mutated state in V_gold's hub session (put
back afterwards), a desktop one a restore of the prepared overlay snapshot (a mount) and the
changed files written from the host. The reward runs once per near miss; C6 already proved a
second run scores the same.

The number tried per tuple is bounded (``budget``), drawn deterministically from the task id:
round-robin over the kinds, and within a kind over the ways it perturbs (case, whitespace,
extra text, ±1, another value...), so a small budget still covers every kind of leniency.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cuagym.core import parse_reward_output
from cuagym.envs import Environment, StateQuery
from cuagym.hub import discover_web_apps
from cuagym.synth._hub_sessions import HubSessions
from cuagym.synth._near_miss_files import Tree, apply_ops, derive_files
from cuagym.synth._near_miss_models import (
    NEAR_MISS_KINDS,
    AcceptedNearMiss,
    AllowedNearMiss,
    NearMissCandidate,
    NearMissReport,
    TriedNearMiss,
)
from cuagym.synth._near_miss_web import derive_web

__all__ = ["DEFAULT_NEAR_MISS_BUDGET", "run_near_misses", "sample_near_misses"]

DEFAULT_NEAR_MISS_BUDGET = 10
_TREE_QUERY = StateQuery(parse=False, hub=False, text_max_bytes=0, hash=True)
_MAX_ALLOWED_LISTED = 20
_volatile_cache: dict[str, tuple[str, ...]] = {}


def _how(candidate: NearMissCandidate) -> str:
    state = candidate.state
    return state[state.rfind("(") + 1 : -1] if state.endswith(")") else ""


def sample_near_misses(
    candidates: Sequence[NearMissCandidate], budget: int, task_id: str
) -> list[NearMissCandidate]:
    """At most ``budget`` candidates, the same ones for the same task id every time."""
    seed = int.from_bytes(hashlib.sha256(task_id.encode()).digest()[:8], "big")
    rng = random.Random(seed)
    pools: dict[str, list[list[NearMissCandidate]]] = {}
    for kind in NEAR_MISS_KINDS:
        by_how: dict[str, list[NearMissCandidate]] = {}
        for c in candidates:
            if c.kind == kind:
                by_how.setdefault(_how(c), []).append(c)
        groups = [by_how[h] for h in sorted(by_how)]
        for group in groups:
            rng.shuffle(group)
        rng.shuffle(groups)
        pools[kind] = groups
    picked: list[NearMissCandidate] = []
    turn = {k: 0 for k in NEAR_MISS_KINDS}
    while len(picked) < budget and any(any(g) for g in pools.values()):
        for kind in NEAR_MISS_KINDS:
            groups = [g for g in pools[kind] if g]
            if not groups or len(picked) >= budget:
                continue
            picked.append(groups[turn[kind] % len(groups)].pop())
            turn[kind] += 1
    return picked


def _volatile(app: str) -> tuple[str, ...]:
    if app not in _volatile_cache:
        for web in discover_web_apps():
            _volatile_cache[web.app_id] = tuple(web.volatile)
    return _volatile_cache.get(app, ())


def _home(env: Environment) -> Path | None:
    """The environment's /home/user as the host reads it (the local provider), or None."""
    home = getattr(env, "home", None)
    return home if isinstance(home, Path) else None


async def _tree(env: Environment) -> Tree:
    state = await env.read_state(_TREE_QUERY)
    return {f.path: (f.kind, f.size, f.mode, f.sha256, f.target) for f in state.files}


#: Why the home of a task whose apps are all web apps is never mutated (allowed rule 0).
HOME_FREE_WHY = (
    "the task's apps are web apps: its result is the app's state, and the home is no part of "
    "it (a script may leave files there)"
)


async def derive_near_misses(
    v_init: Environment,
    v_gold: Environment,
    hub: HubSessions | None,
    quoted: str = "",
    *,
    home_free: bool = False,
) -> tuple[list[NearMissCandidate], list[AllowedNearMiss], list[str]]:
    """Every near miss of V_gold's state against V_init's, the allowed ones, and what could
    not be looked at (a provider whose home the host cannot reach). ``home_free``: the task
    names no desktop app, so the home is not part of its result: no file near miss is made,
    and the home is listed as allowed."""
    candidates: list[NearMissCandidate] = []
    allowed: list[AllowedNearMiss] = []
    skipped: list[str] = []
    init_home, gold_home = _home(v_init), _home(v_gold)
    if home_free:
        allowed.append(AllowedNearMiss(kind="collateral", path="/home/user", why=HOME_FREE_WHY))
    elif init_home is not None and gold_home is not None:
        trees = await asyncio.gather(_tree(v_init), _tree(v_gold))
        candidates += await asyncio.to_thread(derive_files, init_home, gold_home, *trees)
    else:
        skipped.append("files: this environment provider's home is not reachable from the host")
    if hub is not None:
        for app, states in hub.saved("gold").items():
            found, free = derive_web(
                app, states["initial_state"], states["current_state"], _volatile(app), quoted
            )
            candidates += found
            allowed += free
    return candidates, allowed, skipped


async def run_near_misses(
    task_id: str,
    v_init: Environment,
    v_gold: Environment,
    hub: HubSessions | None,
    reward: str,
    *,
    snapshot: str,
    quoted: str = "",
    budget: int = DEFAULT_NEAR_MISS_BUDGET,
    timeout_s: float = 120.0,
    timings: dict[str, float] | None = None,
    home_free: bool = False,
) -> NearMissReport:
    """C7 on prepared environments: V_gold is restored to ``snapshot`` (home) and its hub
    session put back after every near miss, and left as prepared. ``quoted``: the task's
    instruction and context (what the task pins down, for the allowed rules); ``home_free``:
    the task names only web apps (see :func:`derive_near_misses`)."""
    start = time.perf_counter()
    candidates, allowed, skipped = await derive_near_misses(
        v_init, v_gold, hub, quoted, home_free=home_free
    )
    chosen = sample_near_misses(candidates, budget, task_id)
    results: list[TriedNearMiss] = []
    home_dirty = False
    try:
        for candidate in chosen:
            if candidate.app is not None:
                assert hub is not None
                refused = await hub.put_current("gold", candidate.app, candidate.web_state)
                if refused is not None:
                    skipped.append(f"{candidate.path}: the app refused the state ({refused})")
                    continue
                try:
                    score = await _score(v_gold, reward, timeout_s)
                finally:
                    # The gold state back with one set_current (the initial state was never
                    # touched: a reward that writes the hub breaks C3/C4's contract check).
                    gold_state = hub.saved("gold")[candidate.app]["current_state"]
                    if await hub.put_current("gold", candidate.app, gold_state) is not None:
                        await hub.restore("gold", [candidate.app])
            else:
                if home_dirty:
                    await v_gold.restore(snapshot)
                try:
                    ops = await asyncio.to_thread(candidate.build)
                except Exception as exc:  # an office file the library cannot rewrite
                    skipped.append(f"{candidate.path}: not materialized ({type(exc).__name__})")
                    continue
                home_dirty = True
                home = _home(v_gold)
                assert home is not None  # desktop candidates come only from a reachable home
                await asyncio.to_thread(apply_ops, home, ops)
                score = await _score(v_gold, reward, timeout_s)
            results.append(
                TriedNearMiss(
                    kind=candidate.kind, path=candidate.path, state=candidate.state, reward=score
                )
            )
    finally:
        if home_dirty:
            await v_gold.restore(snapshot)
    if timings is not None:
        timings["near_misses"] = round(time.perf_counter() - start, 4)
    accepted = [
        AcceptedNearMiss(kind=t.kind, path=t.path, state=t.state, reward=1.0)
        for t in results
        if t.reward == 1.0
    ]
    unique_allowed = list({(a.kind, a.path): a for a in allowed}.values())[:_MAX_ALLOWED_LISTED]
    return NearMissReport(
        tried=len(results),
        rejected=len(results) - len(accepted),
        allowed=unique_allowed,
        accepted=accepted,
        derived=len(candidates),
        skipped=skipped,
        results=results,
    )


async def _score(env: Environment, reward: str, timeout_s: float) -> float | None:
    result: Any = await env.run_script(reward, "reward", timeout_s)
    return parse_reward_output(result.stdout).reward
