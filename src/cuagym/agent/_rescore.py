"""Re-scoring: a (possibly fixed) ``reward.py`` on the state an episode ended in (DESIGN.md §13).

    async with Rescorer() as rescorer:
        reward, checks = await rescorer.score(episode_folder, bundle)

Each episode is scored in a fresh jail whose ``/home/user`` is the recorded final home and
whose ``$CUAGYM_INITIAL_HOME`` is the recorded initial home (both read-only, as in a rollout).
A web app's recorded ``/go`` answer is loaded into a fresh session of an embedded hub —
``set`` with the recorded initial state, then ``set_current`` with the recorded current
state — and the hub's ``/go`` is compared to the recorded answer before the reward runs: the
reward reads exactly what it read in the episode (same states, same diff), through the same
relay, or the episode is reported as not re-scorable, never scored on something else.

:func:`rescore_run` does this for every scored episode of a rollout folder and reports the
rewards that changed; with ``write`` it rewrites each changed ``episode.json`` atomically,
the old reward, status and checks appended to ``reward_history``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
from pydantic import BaseModel, Field

from cuagym.agent._final import FINAL_MANIFEST, FinalManifest, unpack_home
from cuagym.agent._loop import scored
from cuagym.core import Bundle, BundleError, EpisodeRecord, canonical_json
from cuagym.core._atomic import TMP_DIR_NAME, write_file_atomically
from cuagym.core.episode import EPISODE_FILE, EpisodeCheck, RewardChange
from cuagym.core.files import INITIAL_HOME_ENV

if TYPE_CHECKING:
    from cuagym.hub import WebApp
    from cuagym.sandbox import HubLink

__all__ = [
    "RescoreError",
    "RescoreItem",
    "RescoreSummary",
    "Rescorer",
    "find_episodes",
    "rescore_run",
    "rescored_episode_json",
    "rewrite_reward",
]

#: The uid the recorded homes belong to and the re-scoring jail runs as (the rollouts' own).
_UID = 1000


class RescoreError(RuntimeError):
    """This episode cannot be re-scored (nothing recorded, a bundle missing, a reward crash)."""


class RescoreItem(BaseModel):
    """One episode's re-scoring: its old and new reward, or why it has none."""

    task_id: str
    k: int
    folder: str
    bundle: str | None = None
    old: float | None
    new: float | None = None
    checks: list[EpisodeCheck] = Field(default_factory=list, description="the new CHECK lines")
    error: str | None = None

    @property
    def changed(self) -> bool:
        return self.error is None and self.new != self.old


class RescoreSummary(BaseModel):
    """What ``cuagym rescore`` reports; ``json_line`` is the contract's ``--json`` object."""

    items: list[RescoreItem] = Field(default_factory=list)
    skipped: int = Field(0, description="episodes with status 'error' (never scored)")
    written: int = 0

    @property
    def changed(self) -> list[RescoreItem]:
        return [i for i in self.items if i.changed]

    @property
    def errors(self) -> list[RescoreItem]:
        return [i for i in self.items if i.error is not None]

    def json_line(self) -> dict[str, Any]:
        return {
            "episodes": len(self.items),
            "changed": [
                {"task_id": i.task_id, "k": i.k, "old": i.old, "new": i.new} for i in self.changed
            ],
            "errors": [{"task_id": i.task_id, "k": i.k, "error": i.error} for i in self.errors],
            "skipped": self.skipped,
            "written": self.written,
        }


def find_episodes(run: Path) -> list[Path]:
    """Every episode folder ``run/<task_id>/<k>/`` (with an episode.json), sorted."""
    found: list[tuple[str, int, Path]] = []
    for task in sorted(run.iterdir()):
        if not task.is_dir() or task.name.startswith(".") or task.name == TMP_DIR_NAME:
            continue
        for folder in task.iterdir():
            if folder.name.isdigit() and (folder / EPISODE_FILE).is_file():
                found.append((task.name, int(folder.name), folder))
    return [f for _, _, f in sorted(found)]


def _web_apps() -> dict[str, WebApp]:
    from cuagym.hub import discover_web_apps

    return {a.app_id: a for a in discover_web_apps()}


@dataclass
class _Hub:
    url: str
    token: str
    apps: tuple[str, ...]


@dataclass
class Rescorer:
    """Scores recorded episodes; starts an embedded hub on the first web episode."""

    timeout_s: float = 120.0
    _stack: contextlib.AsyncExitStack = field(default_factory=contextlib.AsyncExitStack)
    _hub: _Hub | None = None
    # Episodes scored concurrently (the teacher filter's) must start one hub, not one each.
    _hub_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def __aenter__(self) -> Rescorer:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stack.aclose()
        self._hub = None

    async def _hub_for(self, apps: Sequence[str]) -> _Hub:
        from cuagym.hub import serve_hub

        async with self._hub_lock:
            if self._hub is None or not set(apps) <= set(self._hub.apps):
                # Every installed web app: one hub serves whatever episodes follow.
                web = _web_apps()
                unknown = sorted(set(apps) - set(web))
                if unknown:
                    raise RescoreError(f"web app(s) {', '.join(unknown)} are not installed")
                hub = await self._stack.enter_async_context(serve_hub(list(web.values())))
                self._hub = _Hub(url=hub.url, token=hub.token, apps=tuple(sorted(web)))
            return self._hub

    async def score(self, folder: Path, bundle: Bundle) -> tuple[float, list[EpisodeCheck]]:
        """The bundle's reward on the state recorded in episode ``folder``."""
        if bundle.reward is None:
            raise RescoreError("the bundle has no reward.py")
        manifest = _manifest(folder)
        work = Path(tempfile.mkdtemp(prefix="cuagym-rescore-"))
        try:
            os.chmod(work, 0o755)  # the jail's uid reaches the initial home's bind through it
            home, initial = work / "home", work / "initial"
            for target, rel in ((home, manifest.home), (initial, manifest.initial_home)):
                if rel is None:
                    continue
                target.mkdir(mode=0o755)
                os.chown(target, _UID, _UID)
                try:
                    unpack_home(folder / rel, target)
                except (OSError, ValueError, EOFError) as exc:  # tarfile errors are OSErrors
                    raise RescoreError(f"{rel}: cannot unpack: {exc}") from None
            return await self._run(
                folder, bundle.reward, manifest, home, initial if manifest.initial_home else None
            )
        finally:
            shutil.rmtree(work, ignore_errors=True)

    async def _run(
        self,
        folder: Path,
        reward: str,
        manifest: FinalManifest,
        home: Path,
        initial: Path | None,
    ) -> tuple[float, list[EpisodeCheck]]:
        from cuagym.sandbox import INNER_INITIAL_HOME, HubLink, Sandbox, SandboxError

        link: HubLink | None = None
        hub: _Hub | None = None
        if manifest.hub:
            hub = await self._hub_for(list(manifest.hub))
            link = HubLink(
                url=hub.url, token=hub.token, sid=f"rs-{secrets.token_hex(8)}",
                apps=tuple(manifest.hub),
            )  # fmt: skip
            await _load_sessions(hub, link, folder, manifest)
        binds = [(initial, INNER_INITIAL_HOME, True)] if initial is not None else []
        env = {INITIAL_HOME_ENV: INNER_INITIAL_HOME} if initial is not None else {}
        try:
            async with Sandbox(base=home, hub=link, binds=binds) as box:
                result = await box.run_python(
                    reward, name="reward.py", timeout=self.timeout_s, env=env, readonly_home=True
                )
        except SandboxError as exc:
            raise RescoreError(f"the jail failed: {exc}") from None
        finally:
            if hub is not None and link is not None:
                with contextlib.suppress(httpx.HTTPError):
                    await _reset_sessions(hub, link)
        score, checks, why = scored(result)
        if score is None:
            raise RescoreError(why or "reward.py printed no REWARD line")
        return score, checks


def _manifest(folder: Path) -> FinalManifest:
    path = folder / FINAL_MANIFEST
    if not path.is_file():
        raise RescoreError(f"no {FINAL_MANIFEST}: the episode kept nothing to re-score")
    try:
        manifest = FinalManifest.model_validate_json(path.read_bytes())
    except ValueError as exc:
        raise RescoreError(f"{FINAL_MANIFEST} is not valid: {exc}") from None
    problem = manifest.problem()
    if problem is not None:
        raise RescoreError(f"not re-scorable: {problem}")
    return manifest


async def _load_sessions(hub: _Hub, link: HubLink, folder: Path, manifest: FinalManifest) -> None:
    """Each app's recorded initial and current state into the link's session; then check
    that the hub's /go gives back exactly the recorded answer."""
    headers = {"Authorization": f"Bearer {hub.token}"}
    params = {"sid": link.sid or ""}
    async with httpx.AsyncClient(base_url=hub.url.rstrip("/"), timeout=60) as client:
        for app, rel in manifest.hub.items():
            try:
                recorded = json.loads((folder / rel).read_bytes())
            except (OSError, ValueError) as exc:
                raise RescoreError(f"{rel}: {exc}") from None
            for action, key in (("set", "initial_state"), ("set_current", "current_state")):
                resp = await client.post(
                    f"/{app}/post", params=params, headers=headers,
                    json={"action": action, "state": recorded.get(key)},
                )  # fmt: skip
                if resp.status_code != 200:
                    raise RescoreError(
                        f"{app}: the hub refused the recorded {key} ({resp.status_code}: "
                        f"{resp.text[:200]})"
                    )
            resp = await client.get(f"/{app}/go", params=params, headers=headers)
            resp.raise_for_status()
            if canonical_json(resp.json()) != canonical_json(recorded):
                raise RescoreError(f"{app}: the hub's /go differs from the recorded answer")


async def _reset_sessions(hub: _Hub, link: HubLink) -> None:
    headers = {"Authorization": f"Bearer {hub.token}"}
    async with httpx.AsyncClient(base_url=hub.url.rstrip("/"), timeout=30) as client:
        for app in link.apps:
            await client.post(
                f"/{app}/post", params={"sid": link.sid or ""}, headers=headers,
                json={"action": "reset"},
            )  # fmt: skip


def rescored_episode_json(
    raw: bytes,
    reward: float,
    checks: Sequence[EpisodeCheck],
    why: str,
    *,
    bundle: str | None = None,
) -> bytes:
    """An episode.json (``raw``) with a new reward; the old reward, status and checks are
    appended to ``reward_history`` with ``why`` and the time. ``bundle``: the bundle version
    whose reward.py gave the new reward, when it is another folder than the one recorded (a
    refined version of the same task); the old one is kept in the history entry."""
    data = json.loads(raw)
    old = EpisodeRecord.model_validate(data)
    moved = bundle is not None and bundle != old.bundle
    entry = RewardChange(
        reward=old.reward, status=old.status, checks=old.checks,
        replaced_at=datetime.now(UTC).isoformat(), why=why, bundle=old.bundle if moved else None,
    )  # fmt: skip
    if moved:
        data["bundle"] = bundle
    history = [*(data.get("reward_history") or []), entry.model_dump(mode="json")]
    data.update(
        reward=reward,
        status=EpisodeRecord.status_for(reward),
        checks=[c.model_dump(mode="json") for c in checks],
        reward_history=history,
    )
    record = EpisodeRecord.model_validate(data)  # the contract's invariants still hold
    return (record.model_dump_json(indent=2) + "\n").encode("utf-8")


def rewrite_reward(folder: Path, reward: float, checks: Sequence[EpisodeCheck], why: str) -> None:
    """Rewrite ``folder``'s episode.json with a new reward, atomically (see
    :func:`rescored_episode_json`)."""
    path = folder / EPISODE_FILE
    write_file_atomically(path, rescored_episode_json(path.read_bytes(), reward, checks, why))


def _bundle_path(record: EpisodeRecord, bundles: Path | None) -> Path:
    if bundles is not None and (bundles / record.task_id).is_dir():
        return bundles / record.task_id
    if record.bundle:
        return Path(record.bundle)
    raise RescoreError("no bundle: not under --bundles, and the episode recorded none")


async def rescore_run(
    run: Path,
    *,
    bundles: Path | None = None,
    write: bool = False,
    timeout_s: float = 120.0,
    on_item: Callable[[RescoreItem], None] | None = None,
) -> RescoreSummary:
    """Re-score every scored episode under ``run`` (see the module docstring)."""
    summary = RescoreSummary()
    loaded: dict[Path, Bundle | str] = {}
    async with Rescorer(timeout_s=timeout_s) as rescorer:
        for folder in find_episodes(run):
            try:
                record = EpisodeRecord.model_validate_json((folder / EPISODE_FILE).read_bytes())
            except (OSError, ValueError) as exc:
                item = RescoreItem(
                    task_id=folder.parent.name, k=int(folder.name), folder=str(folder), old=None,
                    error=f"episode.json: {exc}",
                )  # fmt: skip
                summary.items.append(item)
                if on_item:
                    on_item(item)
                continue
            if record.status == "error":
                summary.skipped += 1
                continue
            item = RescoreItem(
                task_id=record.task_id, k=record.k, folder=str(folder), old=record.reward
            )
            try:
                path = _bundle_path(record, bundles)
                item.bundle = str(path)
                bundle = loaded.get(path.resolve())
                if bundle is None:
                    try:
                        bundle = Bundle.load(path)
                    except BundleError as exc:
                        bundle = " ".join(line.strip() for line in str(exc).splitlines())
                    loaded[path.resolve()] = bundle
                if isinstance(bundle, str):
                    raise RescoreError(bundle)
                new, checks = await rescorer.score(folder, bundle)
                item.new, item.checks = new, checks
                if write and item.changed:
                    digest = sha256((bundle.reward or "").encode()).hexdigest()[:12]
                    why = f"rescored with {path} (reward.py sha256 {digest}...)"
                    rewrite_reward(folder, new, checks, why)
                    summary.written += 1
            except RescoreError as exc:
                item.error = str(exc)
            summary.items.append(item)
            if on_item:
                on_item(item)
    return summary
