"""The audit's state-API checks (DESIGN.md §3): set, set_current, merge, reset, go, 422s,
declared invariants, and session isolation over HTTP and in two browser contexts.

Each check is one small conversation with the hub under the hub token; each yields an
:class:`ApiCheck` for the record and, when it fails, an :class:`AuditError` for the report.
"""

from __future__ import annotations

import copy
import fnmatch
import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from pydantic import ValidationError

from cuagym.appgen._audit_probe import Browsing, act, fill_form
from cuagym.appgen._audit_record import ApiCheck, Control
from cuagym.appgen._report import AuditError, AuditErrorKind
from cuagym.hub import WebApp, state_diff

__all__ = ["ApiFindings", "check_browser_isolation", "check_state_api", "declares_invariants"]

_MAX_EDIT_TRIES = 25
#: what the acting session types (the probes type "Audit text": a leak shows this one)
_ISOLATION_TEXT = "Seen by one session only"


@dataclass
class ApiFindings:
    checks: list[ApiCheck] = field(default_factory=list)
    errors: list[AuditError] = field(default_factory=list)

    def record(
        self,
        name: str,
        ok: bool,
        detail: str = "",
        *,
        kind: AuditErrorKind = "state_api",
        route: str = "/post",
    ) -> bool:
        self.checks.append(ApiCheck(name=name, ok=ok, detail=detail))
        if not ok:
            self.errors.append(AuditError(route=route, kind=kind, detail=f"{name}: {detail}"))
        return ok


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _answered(r: httpx.Response) -> str:
    """What a call must answer, or what it answered instead."""
    if r.status_code == 200:
        return "answered 200"
    return f"must answer 200; answered {r.status_code}: {r.text[:300]}"


def declares_invariants(app: WebApp) -> bool:
    """Whether the app adds rules of its own to the schema (it overrides ``invariants``)."""
    return type(app).invariants is not WebApp.invariants


def _string_leaves(state: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Paths (through objects only, so a merge can reach them) to string values, in order."""
    if isinstance(state, dict):
        for key in sorted(state):
            yield from _string_leaves(state[key], (*path, key))
    elif isinstance(state, str) and path:
        yield path


def _editable_leaves(state: Any) -> list[tuple[str, ...]]:
    """String leaves, those that name or describe things first (an id is edited last: other
    entities refer to it)."""
    leaves = list(_string_leaves(state))
    return sorted(leaves, key=lambda p: p[-1] == "id" or p[-1].endswith(("Id", "_id")))


def _with(state: Any, path: tuple[str, ...], value: Any) -> Any:
    out = copy.deepcopy(state)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _nested(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {path[-1]: value}
    for key in reversed(path[:-1]):
        out = {key: out}
    return out


def _deep_merge(base: Any, patch: Any) -> Any:
    if not isinstance(base, dict) or not isinstance(patch, dict):
        return copy.deepcopy(patch)
    out = dict(base)
    for key, value in patch.items():
        out[key] = _deep_merge(base.get(key), value) if key in base else copy.deepcopy(value)
    return out


def _volatile(app: WebApp, path: tuple[str, ...]) -> bool:
    dotted = ".".join(path)
    return any(
        fnmatch.fnmatchcase(dotted, g) or any(fnmatch.fnmatchcase(k, g) for k in path)
        for g in app.volatile
    )


class _Api:
    def __init__(self, http: httpx.AsyncClient, origin: str, app: WebApp) -> None:
        self.http, self.app = http, app
        self.url = f"{origin}/{app.app_id}"

    @staticmethod
    def sid() -> str:
        return f"audit-api-{uuid.uuid4().hex[:16]}"

    async def post(self, sid: str, action: str, state: Any = None) -> httpx.Response:
        body: dict[str, Any] = {"action": action}
        if action != "reset":
            body["state"] = state
        return await self.http.post(f"{self.url}/post", params={"sid": sid}, json=body)

    async def go(self, sid: str) -> dict[str, Any]:
        r = await self.http.get(f"{self.url}/go", params={"sid": sid})
        r.raise_for_status()
        answer: dict[str, Any] = r.json()
        return answer

    async def stored(self, sid: str) -> dict[str, Any]:
        r = await self.http.get(f"{self.url}/state", params={"sid": sid})
        r.raise_for_status()
        answer: dict[str, Any] = r.json()
        return answer

    async def find_edit(self, seed: Any) -> tuple[tuple[str, ...], Any] | None:
        """A valid edit of the seed: one string value changed (path, edited state)."""
        tried = 0
        for path in _editable_leaves(seed):
            if _volatile(self.app, path):
                continue
            tried += 1
            if tried > _MAX_EDIT_TRIES:
                return None
            edited = _with(seed, path, _variant(_get(seed, path), 0))
            probe = self.sid()
            r = await self.post(probe, "set", edited)
            await self.post(probe, "reset")
            if r.status_code == 200:
                return path, edited
        return None


def _variant(value: str, n: int) -> str:
    """The ``n``-th variant of ``value``: its last character replaced by another letter (the
    same length and, mostly, the same alphabet, so the schema's constraints still hold)."""
    letters = [c for c in "ZYXW" if not value.endswith(c)]
    return value[:-1] + letters[n]


def _get(state: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        state = state[key]
    return state


async def check_state_api(http: httpx.AsyncClient, origin: str, app: WebApp) -> ApiFindings:
    """Every state-API rule of DESIGN.md §3 the audit can check on any app."""
    api, found = _Api(http, origin, app), ApiFindings()
    seed = (await api.go(api.sid()))["current_state"]  # the hub's stored form of the seed
    await _check_set(api, found, app, seed)
    edit = await api.find_edit(seed)
    if edit is None:
        found.checks.append(ApiCheck(name="edit", ok=True, detail="no editable string leaf found"))
    else:
        await _check_edits(api, found, app, seed, *edit)
        await _check_isolation(api, found, seed, *edit)
    await _check_refusals(api, found, seed)
    await _check_invariants(api, found, app)
    return found


async def _check_set(api: _Api, found: ApiFindings, app: WebApp, seed: Any) -> None:
    sid = api.sid()
    r = await api.post(sid, "set", app.seed())
    if not found.record("set(seed)", r.status_code == 200, _answered(r)):
        return
    go = await api.go(sid)
    same = _canon(go["initial_state"]) == _canon(seed) == _canon(go["current_state"])
    found.record(
        "go after set(seed)",
        same and go["state_diff"] == {},
        "initial and current must both be the seed, with an empty diff",
        route="/go",
    )
    await api.post(sid, "reset")


async def _check_edits(
    api: _Api, found: ApiFindings, app: WebApp, seed: Any, path: tuple[str, ...], edited: Any
) -> None:
    sid = api.sid()
    r = await api.post(sid, "set_current", edited)
    if found.record("set_current", r.status_code == 200, _answered(r)):
        go = await api.go(sid)
        want = state_diff(seed, edited, app.volatile)
        found.record(
            "go after set_current",
            _canon(go["initial_state"]) == _canon(seed) and go["state_diff"] == want,
            f"initial must stay the seed and the diff name {'.'.join(path)} only; "
            f"got diff keys {sorted(go['state_diff'])}",
            route="/go",
        )
    patch = _nested(path, _variant(_get(seed, path), 1))
    r = await api.post(sid, "merge", patch)
    if found.record("merge", r.status_code == 200, _answered(r)):
        current = (await api.go(sid))["current_state"]
        found.record(
            "go after merge",
            _canon(current) == _canon(_deep_merge(edited, patch)),
            f"current must be the deep merge of the state and {patch}",
            route="/go",
        )
    r = await api.post(sid, "reset")
    go, raw = await api.go(sid), await api.stored(sid)
    back = _canon(go["current_state"]) == _canon(seed) == _canon(go["initial_state"])
    found.record(
        "reset",
        r.status_code == 200 and back and raw["has_custom_state"] is False,
        "after reset the session must be the seed again, with no custom state",
    )


async def _check_refusals(api: _Api, found: ApiFindings, seed: Any) -> None:
    sid = api.sid()
    invalid = {**seed, "auditUnknownKey": 1}
    for action in ("set", "set_current", "merge"):
        r = await api.post(sid, action, invalid if action != "merge" else {"auditUnknownKey": 1})
        raw = await api.stored(sid)
        found.record(
            f"{action}(unknown key)",
            r.status_code == 422 and not raw["has_custom_state"],
            f"a state with an unknown key must answer 422 and store nothing; "
            f"answered {r.status_code}, stored: {raw['has_custom_state']}",
        )
        await api.post(sid, "reset")


async def _check_invariants(api: _Api, found: ApiFindings, app: WebApp) -> None:
    broken = dict(app.broken_states())
    if declares_invariants(app) and not broken:
        found.record(
            "invariants",
            False,
            "the app declares invariants but declares no broken "
            "state to prove them (WebApp.broken_states)",
        )
        return
    for name in sorted(broken):
        try:
            app.state_model.model_validate_json(json.dumps(broken[name]))
        except ValidationError as exc:
            found.record(
                f"broken state {name!r}",
                False,
                "is not schema-valid, so its 422 "
                f"proves nothing about the invariants ({exc.error_count()} errors)",
            )
            continue
        sid = api.sid()
        r = await api.post(sid, "set", broken[name])
        raw = await api.stored(sid)
        if r.status_code == 200:
            found.record(
                f"broken state {name!r}",
                False,
                "stored (200), not refused with 422",
                kind="invariant_not_enforced",
            )
        else:
            found.record(
                f"broken state {name!r}",
                r.status_code == 422 and not raw["has_custom_state"],
                f"answered {r.status_code}; a state that "
                "breaks an invariant must answer 422 and store nothing",
            )
        await api.post(sid, "reset")


async def _check_isolation(
    api: _Api, found: ApiFindings, seed: Any, path: tuple[str, ...], edited: Any
) -> None:
    one, two = api.sid(), api.sid()
    other = _with(edited, path, _variant(_get(seed, path), 2))
    await api.post(one, "set", edited)
    await api.post(two, "set", other)
    seen_one, seen_two = await api.go(one), await api.go(two)
    ok = (
        _canon(seen_one["current_state"]) == _canon(edited)
        and _canon(seen_two["current_state"]) == _canon(other)
        and _canon((await api.stored(one))["stored_state"]) == _canon(edited)
    )
    found.record(
        "two sessions",
        ok,
        "each session must read back its own state",
        kind="session_isolation",
        route="/go",
    )
    await api.post(one, "reset")
    await api.post(two, "reset")


async def check_browser_isolation(
    browsing: Browsing, path: str, route: str, control: Control, openers: list[Control]
) -> ApiFindings:
    """Two browser contexts on two sessions: what one does must never show in the other.

    Session B's page is loaded twice (a page that differs between two loads cannot be
    compared); session A then acts with ``control`` (a control a probe saw change state);
    B's page and B's ``/go`` diff must be as before.
    """
    found = ApiFindings()
    seen = await browsing.open(path)
    try:
        first = await seen.call("snapshot")
        await seen.page.reload()
        await seen.settle()
        stable = await seen.call("snapshot") == first
        actor = await browsing.open(path)
        try:
            for step in [*openers, control]:
                if step.kind in ("submit", "reset"):
                    await fill_form(actor, step.css, _ISOLATION_TEXT)
                await act(actor, step)
                await actor.settle()
            acted = await browsing.go_diff(actor.sid) != b"{}"
        finally:
            await browsing.release(actor)
        await seen.page.reload()
        await seen.settle()
        after = await seen.call("snapshot")
        diff = await browsing.go_diff(seen.sid)
    finally:
        await browsing.release(seen)
    what = f"when another session acts with {control.description}"
    found.record(
        "browser sessions: state",
        diff == b"{}",
        f"this session's state must not change {what}",
        kind="session_isolation",
        route=route,
    )
    if stable:
        found.record(
            "browser sessions: page",
            after == first,
            f"this session's page must not change {what}",
            kind="session_isolation",
            route=route,
        )
    found.checks.append(
        ApiCheck(
            name="browser sessions: acted",
            ok=True,
            detail=f"{control.description} changed its own state: {acted}",
        )
    )
    return found
