"""The hub side of an environment pair: capture, compare and put back per-session app state.

A snapshot restore rewinds /home/user, not the hub: a web task's state lives in the hub session
of each environment. So the runner snapshots each app's ``/go`` with the home (after C1/C2),
and before every reward run puts back whatever changed since (a Discriminator's probe may have
run in between); reward.py may only read the state (DESIGN.md §2), so a change after its run is
a contract violation, reported and put back, and C6's runs all see the same state.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

import httpx

from cuagym.core import canonical_json

__all__ = ["HubSessions"]

AppStates = dict[str, dict[str, Any]]


class HubSessions:
    """The hub sessions of one task's environments, by name (``init``, ``gold``)."""

    def __init__(self, url: str, token: str, apps: Sequence[str], sids: Mapping[str, str]) -> None:
        self.apps = tuple(apps)
        self.sids = dict(sids)
        self._saved: dict[str, AppStates] = {}
        self._client = httpx.AsyncClient(
            base_url=url.rstrip("/"),
            headers={"Authorization": f"Bearer {token}"},
            timeout=60,
            # No TLS on a plain-http hub: loading the CA store costs ~40 ms of CPU a client.
            verify=not url.startswith("http://"),
        )

    async def capture(self, name: str) -> AppStates:
        """Each app's ``{initial_state, current_state}`` in the session of environment ``name``."""
        out: AppStates = {}
        for app in self.apps:
            resp = await self._client.get(f"/{app}/go", params={"sid": self.sids[name]})
            resp.raise_for_status()
            body = resp.json()
            out[app] = {k: body.get(k) for k in ("initial_state", "current_state")}
        return out

    async def snapshot(self, name: str) -> None:
        """Remember the session of environment ``name`` as it is now."""
        self._saved[name] = await self.capture(name)

    def saved(self, name: str) -> AppStates:
        """The snapshot of environment ``name`` (each app's initial and current state)."""
        return self._saved[name]

    async def put_current(self, name: str, app: str, state: Any) -> str | None:
        """``set_current`` ``state`` in environment ``name``'s session of ``app`` (C7 makes a
        near miss so); None when done, else the app's refusal (a 422: a state it forbids)."""
        resp = await self._client.post(
            f"/{app}/post",
            params={"sid": self.sids[name]},
            json={"action": "set_current", "state": state},
        )
        if resp.status_code == 422:
            body = resp.json()
            details = body.get("details") or []
            return f"{body.get('error', 'refused')}: {details[:1]}"
        resp.raise_for_status()
        return None

    async def changes(self, name: str) -> list[str]:
        """Apps whose initial or current state differs from the snapshot (canonical JSON)."""
        saved, now = self._saved[name], await self.capture(name)
        return [app for app in saved if canonical_json(saved[app]) != canonical_json(now[app])]

    async def restore(self, name: str, apps: Sequence[str]) -> None:
        """Put ``apps`` back to the snapshot: ``set`` the initial state, then ``set_current``."""
        states = self._saved[name]
        for app in apps:
            for action, key in (("set", "initial_state"), ("set_current", "current_state")):
                resp = await self._client.post(
                    f"/{app}/post",
                    params={"sid": self.sids[name]},
                    json={"action": action, "state": states[app][key]},
                )
                resp.raise_for_status()

    async def close(self) -> None:
        """Forget every session (frees the hub's memory now rather than at its TTL)."""
        try:
            for sid in self.sids.values():
                for app in self.apps:
                    with contextlib.suppress(httpx.HTTPError):  # else the TTL reclaims it
                        await self._client.post(
                            f"/{app}/post", params={"sid": sid}, json={"action": "reset"}
                        )
        finally:
            await self._client.aclose()
