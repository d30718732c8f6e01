"""The batch behind ``cuagym rollout``: N rollouts of each bundle, resumable (DESIGN.md §6).

Resumability rests on the episode folder appearing atomically (``Episode.write``: temp
folder, fsync, rename): a (re-)run sweeps the temp folders of dead writers, skips every
``OUT/<task_id>/<k>/`` that holds a finished episode and runs the rest. A kill -9 loses at most
the episodes in flight, which the next run redoes; it never leaves half of one. An episode that
ended in ``error`` (the model server, the sandbox: the machinery, not the policy) is not done:
the next run redoes it and replaces its folder (DESIGN.md §14). Each episode records the
settings it was made with (``settings`` in episode.json: policy, n, max steps, sampling, image,
screen); a run whose settings differ from the finished episodes' is refused
(:class:`SettingsMismatch`) unless ``force``, so one folder never silently mixes two
experiments. One batch at a time per output folder (an advisory lock the kernel releases on
kill -9). Web tasks are served by one embedded hub for the batch; each worker's environment has
its own session in it.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from cuagym.agent._loop import EpisodeResult, RolloutOptions
from cuagym.agent._policies import Policies, PolicyConfig
from cuagym.agent._worker import HubInfo, RolloutJob, RolloutWorkerSpec
from cuagym.core import Bundle, BundleError, Episode
from cuagym.core.episode import EPISODE_FILE, EpisodeError
from cuagym.core.files import folder_lock, sweep_stale
from cuagym.exec import ExecutorName, RayOptions, run_pool

__all__ = [
    "BatchBusy",
    "BundlesInvalid",
    "DomainStats",
    "RolloutBatch",
    "RolloutSummary",
    "SettingsMismatch",
    "load_bundles",
    "rollout_settings",
    "run_rollouts",
]

LOCK_NAME = ".cuagym-rollout.lock"


class BatchBusy(RuntimeError):
    """Another ``cuagym rollout`` holds this output folder."""


class SettingsMismatch(ValueError):
    """The output folder holds finished episodes made with other settings (pass ``force``)."""


class BundlesInvalid(ValueError):
    """Paths that are not runnable bundles; nothing ran. ``problems``: one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class RolloutBatch:
    """How a batch runs: where to, how many rollouts per bundle, how many at once, where."""

    out: Path
    n: int = 1
    workers: int = 1
    executor: ExecutorName = "local"
    ray: RayOptions | None = None
    options: RolloutOptions = field(default_factory=RolloutOptions)
    env_options: dict[str, Any] = field(default_factory=dict)
    screen: tuple[int, int] = (1280, 800)
    #: replaces the policies PolicyConfig names (local executor only; tests)
    policies: Callable[[], Policies] | None = None
    on_done: Callable[[RolloutJob, EpisodeResult | None, str | None], None] | None = None
    #: add to a folder whose finished episodes were made with other settings
    force: bool = False


class DomainStats(BaseModel):
    episodes: int = 0
    success: int = 0
    errors: int = 0
    reward_sum: float = 0.0
    steps_sum: int = 0

    @property
    def scored(self) -> int:
        return self.episodes - self.errors

    @property
    def mean_reward(self) -> float | None:
        return round(self.reward_sum / self.scored, 4) if self.scored else None

    @property
    def mean_steps(self) -> float | None:
        return round(self.steps_sum / self.scored, 2) if self.scored else None


class RolloutSummary(BaseModel):
    """Totals over the whole batch (earlier runs' episodes included); wall time of this run.

    Success rate, mean reward and mean steps are over scored episodes (an ``error`` episode is
    never scored); ``calls_per_step`` over every turn; ``errors`` counts error episodes plus
    rollouts that could not run at all (they have no folder and run again next time).
    """

    episodes: int = 0
    success: int = 0
    errors: int = 0
    not_run: int = 0
    skipped: int = Field(0, description="episodes already on disk before this run")
    reward_sum: float = 0.0
    steps_sum: int = 0
    turns: int = 0
    calls: int = 0
    wall_s: float = 0.0
    by_domain: dict[str, DomainStats] = Field(default_factory=dict)
    failures: list[str] = Field(default_factory=list, description="why rollouts did not run")

    def add(self, domain: str, episode: EpisodeResult | Episode) -> None:
        record, turns = episode.record, episode.turns
        per = self.by_domain.setdefault(domain, DomainStats())
        for tally in (self, per):
            tally.episodes += 1
            if record.status == "error":
                tally.errors += 1
                continue
            tally.success += record.status == "success"
            tally.reward_sum += record.reward or 0.0
            tally.steps_sum += record.steps
        self.turns += len(turns)
        self.calls += sum(len(t.calls) for t in turns)

    def json_line(self) -> dict[str, Any]:
        """The contract's last line of ``--json``."""
        scored = self.episodes - self.errors
        return {
            "episodes": self.episodes,
            "success_rate": round(self.success / scored, 4) if scored else 0.0,
            "mean_reward": round(self.reward_sum / scored, 4) if scored else 0.0,
            "mean_steps": round(self.steps_sum / scored, 2) if scored else 0.0,
            "calls_per_step": round(self.calls / self.turns, 3) if self.turns else 0.0,
            "errors": self.errors + self.not_run,
            "wall_s": round(self.wall_s, 3),
        }


def load_bundles(paths: Sequence[Path]) -> list[tuple[Path, Bundle]]:
    """Every bundle, or BundleError naming every problem (missing scripts, repeated task ids)."""
    loaded: list[tuple[Path, Bundle]] = []
    problems: list[str] = []
    seen: dict[str, Path] = {}
    for path in paths:
        try:
            bundle = Bundle.load(path)
        except BundleError as exc:
            problems.append(str(exc))
            continue
        missing = [
            name
            for name, text in (
                ("initial_setup.py", bundle.initial_setup),
                ("reward.py", bundle.reward),
            )
            if text is None
        ]
        if missing:
            problems.append(f"{path}: missing {', '.join(missing)} (a rollout runs both)")
        task_id = bundle.task.task_id
        if task_id in seen:
            problems.append(f"{path}: task {task_id} is also {seen[task_id]}")
        seen[task_id] = path
        loaded.append((path, bundle))
    if problems:
        raise BundlesInvalid(problems)
    return loaded


def _lock(out: Path) -> contextlib.AbstractContextManager[None]:
    return folder_lock(
        out, LOCK_NAME, lambda: BatchBusy(f"another cuagym rollout is writing to {out}")
    )


def rollout_settings(policy: PolicyConfig, batch: RolloutBatch) -> dict[str, Any]:
    """What makes two episodes of a task comparable: recorded in each episode.json and
    compared on resume. Where and how fast the model is served (URL, key, timeouts, workers,
    executor) is left out: the same model behind another URL makes the same experiment."""
    return {
        "policy": policy.policy,
        "n": batch.n,
        "max_steps": batch.options.max_steps,
        "temperature": policy.temperature,
        "top_p": policy.top_p,
        "max_tokens": policy.max_tokens,
        "image": None if policy.image is None else policy.image.model_dump(mode="json"),
        "coordinate_space": policy.coordinate_space,
        "interval": policy.interval,
        "screen": list(batch.screen),
    }


def _differences(earlier: Episode, now: dict[str, Any]) -> list[str]:
    """How ``earlier``'s settings differ from ``now`` (only its policy, if it predates them)."""
    recorded = earlier.record.settings
    if recorded is None:
        recorded = {"policy": earlier.record.policy}
    return [
        f"{key} {recorded[key]!r} there, {now[key]!r} now"
        for key in now
        if key in recorded and recorded[key] != now[key]
    ]


def _mismatch_message(out: Path, count: int, first: list[str]) -> str:
    return (
        f"{out} holds {count} finished episode(s) made with other settings ({'; '.join(first)}): "
        "use another --out, or --force to add to them"
    )


@contextlib.asynccontextmanager
async def _hub(bundles: Sequence[Bundle]) -> AsyncIterator[HubInfo | None]:
    from cuagym.hub import discover_web_apps, serve_hub

    web = {a.app_id: a for a in discover_web_apps()}
    wanted = sorted({a for b in bundles for a in b.task.apps if a in web})
    if not wanted:
        yield None
        return
    async with serve_hub([web[a] for a in wanted]) as hub:
        yield HubInfo(url=hub.url, token=hub.token, apps=tuple(wanted))


async def run_rollouts(
    paths: Sequence[Path], policy: PolicyConfig, batch: RolloutBatch
) -> RolloutSummary:
    """Run every rollout of ``paths`` × ``range(batch.n)`` not already in ``batch.out``."""
    if batch.policies is not None and batch.executor != "local":
        raise ValueError("injected policies run on the local executor only")
    policy.require_installed()  # a bad policy name or a missing SDK fails before any env starts
    loaded = load_bundles(paths)
    out = batch.out
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    summary = RolloutSummary()
    settings = rollout_settings(policy, batch)
    with _lock(out):
        sweep_stale(out)
        todo: list[RolloutJob] = []
        redo: set[tuple[str, int]] = set()  # earlier error episodes, replaced when redone
        earlier: list[tuple[RolloutJob, Episode]] = []
        mismatched: list[list[str]] = []
        for path, bundle in loaded:
            task = bundle.task
            for k in range(batch.n):
                folder = out / task.task_id / str(k)
                job = RolloutJob(bundle=str(path), k=k, task_id=task.task_id, domain=task.domain)
                if (folder / EPISODE_FILE).is_file():
                    try:
                        episode = Episode.load(folder)
                    except EpisodeError:
                        episode = None  # unreadable (not ours): it runs, its folder is left alone
                    if episode is not None and episode.record.status == "error":
                        redo.add((task.task_id, k))
                    elif episode is not None:
                        earlier.append((job, episode))
                        diff = _differences(episode, settings)
                        if diff:
                            mismatched.append(diff)
                        continue
                todo.append(job)
        if mismatched and not batch.force:
            raise SettingsMismatch(_mismatch_message(out, len(mismatched), mismatched[0]))
        for job, episode in earlier:
            summary.add(job.domain, episode)
            summary.skipped += 1
            if batch.on_done:
                batch.on_done(job, None, "done earlier")
        if todo:
            needed = [b for p, b in loaded if any(j.bundle == str(p) for j in todo)]
            async with _hub(needed) as hub:
                spec = RolloutWorkerSpec(
                    policy=policy, options=batch.options, hub=hub, env_options=batch.env_options,
                    screen=batch.screen, policies=batch.policies,
                )  # fmt: skip

                def done(i: int, outcome: EpisodeResult | BaseException) -> None:
                    job = todo[i]
                    if isinstance(outcome, EpisodeResult):
                        outcome.record = outcome.record.model_copy(update={"settings": settings})
                        # FileExistsError: another writer finished it first; keep theirs.
                        with contextlib.suppress(FileExistsError):
                            outcome.write(out, replace=(job.task_id, job.k) in redo)
                        summary.add(job.domain, outcome)
                        if batch.on_done:
                            batch.on_done(job, outcome, None)
                        return
                    why = f"{type(outcome).__name__}: {outcome}"
                    summary.not_run += 1
                    summary.failures.append(f"{job.task_id} #{job.k}: {why}")
                    if batch.on_done:
                        batch.on_done(job, None, why)

                await run_pool(
                    spec, todo, workers=batch.workers, executor=batch.executor, ray=batch.ray,
                    on_result=done,
                )  # fmt: skip
        summary.wall_s = time.perf_counter() - start
    return summary
