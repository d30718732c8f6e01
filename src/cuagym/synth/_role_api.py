"""The environment API the orchestrator serves to the roles: the barrier's only door to V_init
and V_gold (spec, Table 1).

A role never holds an environment, a hub token or a path on the host. It holds a bearer token
for *its* session, and every call is checked against its grant:

==========================  =========================  ===============================
call                        Generator                  Discriminator
==========================  =========================  ===============================
``GET  /v1/whoami``         yes                        yes
``GET|POST /v1/envs/E/state``  its scratch V_init/V_gold   the orchestrator's V_init/V_gold
``POST /v1/envs/E/run``     initial_setup/golden_patch  denied
``POST /v1/envs/E/reset``   yes (scratch envs)          denied
``POST /v1/envs/E/reward``  denied                      on a throwaway copy (restored)
anything else               denied                      denied
==========================  =========================  ===============================

``state`` is the state-only API (``read_state``): file tree, parsed office files, the hub's
``/go``; a file whose bytes equal a script the role may not see (the Generator's scripts for the
Discriminator, reward.py for the Generator) is reported redacted. Every refused call is
logged to the task's log and answered 403 (404 for an unknown endpoint), never silently.

:class:`RoleApi` is the in-process form (the llm backend's tools call it directly, with the same
rights and the same log); :class:`RoleApiServer` serves it over HTTP on 127.0.0.1, which a
role's jail reaches through the sandbox's relay (its only network).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn
from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from cuagym.core import parse_reward_output
from cuagym.envs import Environment, StateQuery
from cuagym.synth._synth_models import RoleName
from cuagym.synth._tasklog import TaskLog

__all__ = ["ApiDenied", "EnvSlot", "RoleApi", "RoleApiServer", "RoleGrant"]

GENERATOR_SCRIPTS = ("initial_setup", "golden_patch")
_MAX_CODE = 1 << 20


class ApiDenied(Exception):
    """A call the role's grant does not allow (or a malformed one)."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status
        self.why = why


@dataclass
class EnvSlot:
    """One environment a role may name (``init`` or ``gold``), opened on first use."""

    name: str
    opener: Callable[[], Awaitable[Environment]]
    resetter: Callable[[Environment], Awaitable[None]] | None = None
    _env: Environment | None = None
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def get(self) -> Environment:
        async with self._lock:
            if self._env is None:
                self._env = await self.opener()
            return self._env


@dataclass
class RoleGrant:
    """What one role may do in one round of one task."""

    role: RoleName
    task_id: str
    round: int
    envs: dict[str, EnvSlot]
    can_run_scripts: bool = False
    can_run_reward: bool = False
    hidden_texts: tuple[str, ...] = ()
    script_timeout_s: float = 120.0

    @classmethod
    def generator(cls, task_id: str, round_: int, envs: dict[str, EnvSlot], **kw: Any) -> RoleGrant:
        return cls("generator", task_id, round_, envs, can_run_scripts=True, **kw)

    @classmethod
    def discriminator(
        cls, task_id: str, round_: int, envs: dict[str, EnvSlot], **kw: Any
    ) -> RoleGrant:
        return cls("discriminator", task_id, round_, envs, can_run_reward=True, **kw)


class RoleApi:
    """A role's session: every method checks the grant, logs, and raises ApiDenied if refused."""

    def __init__(self, grant: RoleGrant, log: TaskLog) -> None:
        self.grant = grant
        self.log = log
        self.calls = 0
        self._hidden = {hashlib.sha256(t.encode()).hexdigest() for t in grant.hidden_texts}
        self._snaps = itertools.count(1)

    def deny(self, status: int, what: str, why: str) -> ApiDenied:
        self.log.denied_access(self.grant.role, what, why)
        return ApiDenied(status, why)

    def _slot(self, env: str, what: str) -> EnvSlot:
        slot = self.grant.envs.get(env)
        if slot is None:
            known = ", ".join(self.grant.envs)
            raise self.deny(404, what, f"no environment {env!r} (known: {known})")
        return slot

    def whoami(self) -> dict[str, Any]:
        g = self.grant
        rights = ["state"]
        rights += ["run", "reset"] if g.can_run_scripts else []
        rights += ["reward"] if g.can_run_reward else []
        return {"role": g.role, "task_id": g.task_id, "round": g.round,
                "envs": list(g.envs), "rights": rights}  # fmt: skip

    async def state(self, env: str, query: StateQuery | None = None) -> dict[str, Any]:
        self.calls += 1
        slot = self._slot(env, f"state {env}")
        self.log.event("api", role=self.grant.role, call="state", env=env)
        wanted = query or StateQuery()
        # Hashes are needed to recognise hidden texts even when the caller did not ask for them.
        got = await (await slot.get()).read_state(wanted.model_copy(update={"hash": True}))
        data = got.model_dump(mode="json")
        for entry in data["files"]:
            if entry.get("sha256") in self._hidden:
                entry.update(
                    text=None, parsed=None, error="redacted: a file this role may not read"
                )
                self.log.denied_access(self.grant.role, f"state {env}:{entry['path']}", "redacted")
            if not wanted.hash:
                entry["sha256"] = None
        return data

    async def run(
        self, env: str, script: str, code: str, timeout: float | None = None
    ) -> dict[str, Any]:
        self.calls += 1
        what = f"run {script} on {env}"
        if not self.grant.can_run_scripts:
            raise self.deny(403, what, f"the {self.grant.role} may not run scripts")
        if script not in GENERATOR_SCRIPTS:
            raise self.deny(403, what, f"script must be one of {list(GENERATOR_SCRIPTS)}")
        if len(code) > _MAX_CODE:
            raise self.deny(413, what, "script larger than 1 MiB")
        slot = self._slot(env, what)
        self.log.event("api", role=self.grant.role, call="run", env=env, script=script)
        limit = min(timeout or self.grant.script_timeout_s, self.grant.script_timeout_s)
        result = await (await slot.get()).run_script(code, script, timeout=limit)
        return result.model_dump(mode="json")

    async def reset(self, env: str) -> dict[str, Any]:
        self.calls += 1
        what = f"reset {env}"
        if not self.grant.can_run_scripts:
            raise self.deny(403, what, f"the {self.grant.role} may not reset environments")
        slot = self._slot(env, what)
        if slot.resetter is None:
            raise self.deny(403, what, "this environment cannot be reset")
        self.log.event("api", role=self.grant.role, call="reset", env=env)
        await slot.resetter(await slot.get())
        return {"success": True}

    async def reward(self, env: str, code: str, timeout: float | None = None) -> dict[str, Any]:
        """Run a draft reward.py on a throwaway copy of ``env``: snapshot, run, restore."""
        self.calls += 1
        what = f"reward on {env}"
        if not self.grant.can_run_reward:
            raise self.deny(403, what, f"the {self.grant.role} may not run a reward")
        if len(code) > _MAX_CODE:
            raise self.deny(413, what, "script larger than 1 MiB")
        slot = self._slot(env, what)
        self.log.event("api", role=self.grant.role, call="reward", env=env)
        target = await slot.get()
        snap = await target.snapshot(f"role-reward-{next(self._snaps)}")
        hub_before = await hub_states(target)
        limit = min(timeout or self.grant.script_timeout_s, self.grant.script_timeout_s)
        try:
            result = await target.run_script(code, "reward", timeout=limit)
        finally:
            await target.restore(snap)
            await restore_hub(target, hub_before)
        out = parse_reward_output(result.stdout)
        return {"result": result.model_dump(mode="json"), "reward": out.model_dump(mode="json")}


# -- hub sessions of an environment ---------------------------------------------------------
async def hub_states(env: Environment) -> dict[str, Any]:
    """Each app's /go of the environment's session, for a later exact restore ({} if no hub)."""
    link, sid = _hub_of(env)
    if link is None or sid is None:
        return {}
    out: dict[str, Any] = {}
    async with _client(link) as client:
        for app in link.apps:
            resp = await client.get(f"/{app}/go", params={"sid": sid})
            resp.raise_for_status()
            go = resp.json()
            out[app] = (go.get("initial_state"), go.get("current_state"))
    return out


async def restore_hub(env: Environment, before: dict[str, Any]) -> None:
    """Put every app session back as ``before`` if a run changed it (set, then set_current)."""
    link, sid = _hub_of(env)
    if link is None or sid is None or not before:
        return
    now = await hub_states(env)
    async with _client(link) as client:
        for app, (initial, current) in before.items():
            if now.get(app) == (initial, current):
                continue
            for action, state in (("set", initial), ("set_current", current)):
                resp = await client.post(
                    f"/{app}/post", params={"sid": sid}, json={"action": action, "state": state}
                )
                resp.raise_for_status()


async def reset_hub(env: Environment) -> None:
    link, sid = _hub_of(env)
    if link is None or sid is None:
        return
    async with _client(link) as client:
        for app in link.apps:
            resp = await client.post(f"/{app}/post", params={"sid": sid}, json={"action": "reset"})
            resp.raise_for_status()


def _hub_of(env: Environment) -> tuple[Any, str | None]:
    # Only environments with a hub link (the local provider's config) have app sessions.
    config = getattr(env, "config", None)
    return getattr(config, "hub", None), getattr(env, "sid", None)


def _client(link: Any) -> httpx.AsyncClient:
    headers = {"Authorization": f"Bearer {link.token}"}
    url = str(link.url).rstrip("/")
    # No TLS on a plain-http hub: loading the CA store costs ~40 ms of CPU a client.
    return httpx.AsyncClient(
        base_url=url, headers=headers, timeout=30, verify=not url.startswith("http://")
    )


# -- HTTP ------------------------------------------------------------------------------------
class RoleApiServer:
    """One HTTP server per batch; each role session is a bearer token mapped to its RoleApi."""

    def __init__(self) -> None:
        self._sessions: dict[str, RoleApi] = {}
        self.url = ""
        self.refused_unauthenticated = 0

    @contextlib.asynccontextmanager
    async def serve(self) -> AsyncIterator[RoleApiServer]:
        config = uvicorn.Config(
            self._app(), host="127.0.0.1", port=0, log_level="warning", access_log=False,
            lifespan="off",
        )  # fmt: skip
        server = _QuietServer(config)
        task = asyncio.create_task(server.serve())
        try:
            while not server.started:
                if task.done():
                    task.result()
                    raise RuntimeError("the role API server stopped before it started")
                await asyncio.sleep(0.01)
            host, port = server.servers[0].sockets[0].getsockname()[:2]
            self.url = f"http://{host}:{port}"
            yield self
        finally:
            server.should_exit = True
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(task, timeout=10)

    @contextlib.contextmanager
    def session(self, api: RoleApi) -> Any:
        """Register ``api`` for the duration of a role run; yields its bearer token."""
        token = secrets.token_urlsafe(24)
        self._sessions[token] = api
        try:
            yield token
        finally:
            del self._sessions[token]

    def _app(self) -> Starlette:
        routes = [
            Route("/v1/whoami", self._whoami, methods=["GET"]),
            Route("/v1/envs/{env}/state", self._state, methods=["GET", "POST"]),
            Route("/v1/envs/{env}/{op}", self._op, methods=["POST"]),
            Route("/{rest:path}", self._unknown, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
        ]
        return Starlette(routes=routes)

    def _api(self, request: Request) -> RoleApi:
        auth = request.headers.get("authorization", "")
        api = self._sessions.get(auth.removeprefix("Bearer ").strip())
        if api is None:
            self.refused_unauthenticated += 1
            raise ApiDenied(401, "no or unknown session token")
        return api

    async def _handle(self, request: Request, call: Callable[[RoleApi], Awaitable[Any]]) -> Any:
        try:
            return JSONResponse(await call(self._api(request)))
        except ApiDenied as exc:
            return JSONResponse({"success": False, "error": exc.why}, status_code=exc.status)

    async def _whoami(self, request: Request) -> Any:
        async def call(api: RoleApi) -> Any:
            return api.whoami()

        return await self._handle(request, call)

    async def _state(self, request: Request) -> Any:
        env = request.path_params["env"]

        async def call(api: RoleApi) -> Any:
            query = None
            try:
                if request.method == "POST":
                    query = StateQuery.model_validate(await _json(request, api, f"state {env}"))
                elif request.query_params.getlist("paths"):
                    query = StateQuery(paths=tuple(request.query_params.getlist("paths")))
            except ValidationError as exc:
                raise api.deny(
                    400, f"state {env}", f"bad query: {exc.errors()[0]['msg']}"
                ) from None
            return await api.state(env, query)

        return await self._handle(request, call)

    async def _op(self, request: Request) -> Any:
        env, op = request.path_params["env"], request.path_params["op"]

        async def call(api: RoleApi) -> Any:
            if op == "reset":
                return await api.reset(env)
            if op not in ("run", "reward"):
                raise api.deny(404, f"{op} {env}", f"no such call {op!r}")
            body = await _json(request, api, f"{op} {env}")
            code, timeout = body.get("code"), body.get("timeout")
            if not isinstance(code, str) or not (
                timeout is None or isinstance(timeout, int | float)
            ):
                raise api.deny(400, f"{op} {env}", "body must be {code: str, timeout?: number}")
            if op == "reward":
                return await api.reward(env, code, timeout)
            script = body.get("script")
            if not isinstance(script, str):
                raise api.deny(400, f"run {env}", "body needs script: initial_setup|golden_patch")
            return await api.run(env, script, code, timeout)

        return await self._handle(request, call)

    async def _unknown(self, request: Request) -> Any:
        async def call(api: RoleApi) -> Any:
            what = f"{request.method} {request.url.path}"
            raise api.deny(404, what, "no such endpoint")

        return await self._handle(request, call)


async def _json(request: Request, api: RoleApi, what: str) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise api.deny(400, what, "body is not JSON") from None
    if not isinstance(body, dict):
        raise api.deny(400, what, "body must be a JSON object")
    return body


class _QuietServer(uvicorn.Server):
    def install_signal_handlers(self) -> None:  # the batch owns its signals
        pass
