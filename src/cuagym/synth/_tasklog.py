"""Per-task logs under ``OUT/logs/<task_id>/``: the roles' transcripts and an event stream.

* ``events.jsonl``: one JSON object a line (round starts, role runs, conditions, every
  environment-API call a role made and every one it was refused), for tooling;
* ``round-<n>-<role>.log``: what the role printed (its transcript), for people.

Logs are written as the task runs (append, flushed per line) so a killed batch leaves the
evidence of what it was doing; a task started again truncates its own logs first, so a resumed
batch never interleaves two attempts.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

__all__ = ["TaskLog"]


class TaskLog:
    """The log folder of one task. Not thread-safe: one task runs in one coroutine."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._events: Any = None
        self.denied = 0
        self._t0 = time.monotonic()
        if folder is not None:
            if folder.exists():
                shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True, exist_ok=True)
            self._events = open(folder / "events.jsonl", "a", encoding="utf-8")  # noqa: SIM115

    def event(self, kind: str, **fields: Any) -> None:
        if self._events is None:
            return
        record = {"t": round(time.monotonic() - self._t0, 4), "event": kind, **fields}
        self._events.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        self._events.flush()

    def denied_access(self, role: str, what: str, why: str) -> None:
        """A refused environment-API call: counted and logged (the barrier's audit trail)."""
        self.denied += 1
        self.event("denied", role=role, what=what, why=why)

    def transcript(self, round_: int, role: str, text: str) -> None:
        if self.folder is None:
            return
        path = self.folder / f"round-{round_}-{role}.log"
        path.write_text(text, encoding="utf-8")

    def close(self) -> None:
        if self._events is not None:
            self._events.close()
            self._events = None
