"""Progress of long work, one reporter for every command (DESIGN.md §14).

On a terminal (stderr is a tty) a rich bar; otherwise (a log file, CI, a pipe) a one-line
status on stderr every ``every_s`` seconds while the work runs — whether or not anything
finished since, so a quiet log still shows the command is alive — and one last line when it
ends. stdout is never touched: with ``--json`` it stays machine-readable. ``note`` prints a
line (an episode that errored, a task that could not run) to stderr, above the bar.

``CUAGYM_PROGRESS_EVERY`` (seconds) overrides the default period of the one-line status.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)

__all__ = ["DEFAULT_EVERY_S", "ProgressReporter"]

DEFAULT_EVERY_S = 10.0
_EVERY_ENV = "CUAGYM_PROGRESS_EVERY"


def _every_s(given: float | None) -> float:
    if given is not None:
        return given
    try:
        return max(0.05, float(os.environ.get(_EVERY_ENV, "")))
    except ValueError:
        return DEFAULT_EVERY_S


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


class ProgressReporter:
    """``total`` items of work called ``label``, with named counters shown beside the count.

    ``counters``: (name, rich style) pairs, e.g. ``[("accepted", "green"), ("errors", "red")]``;
    ``advance(**counts)`` sets their values (totals, not increments). ``stream`` and
    ``terminal`` are for tests; by default stderr and whether it is a tty.
    """

    def __init__(
        self,
        label: str,
        total: int,
        *,
        counters: Sequence[tuple[str, str]] = (),
        every_s: float | None = None,
        stream: TextIO | None = None,
        terminal: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label, self.total = label, total
        self.counters = {name: 0 for name, _ in counters}
        self.extra: dict[str, str] = {}
        self.done = 0
        self.every_s = _every_s(every_s)
        self._stream = stream if stream is not None else sys.stderr
        self._console = Console(file=self._stream, highlight=False, soft_wrap=True)
        self._terminal = self._console.is_terminal if terminal is None else terminal
        self._clock = clock
        self._start = clock()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self._bar: Progress | None = None
        self._said = ""
        if self._terminal:
            columns: list[ProgressColumn] = [
                TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                *(TextColumn(f"[{style}]{{task.fields[{name}]}} {name}")
                  for name, style in counters),
                TextColumn("{task.fields[extra]}"), TimeElapsedColumn(),
            ]  # fmt: skip
            self._bar = Progress(*columns, console=self._console, transient=False)
            fields: dict[str, Any] = {"extra": "", **self.counters}
            self._task = self._bar.add_task(label, total=total, **fields)

    # -- the work reports ------------------------------------------------------------------------
    def advance(self, n: int = 1, **counts: int) -> None:
        """``n`` more items done; ``counts``: the counters' new totals."""
        with self._lock:
            self.done += n
            self.counters.update(counts)
        if self._bar is not None:
            fields: dict[str, Any] = dict(counts)
            self._bar.update(self._task, advance=n, **fields)

    def show(self, **fields: str) -> None:
        """Free-form fields shown after the counters (e.g. ``rounds="1.20/task"``)."""
        with self._lock:
            self.extra.update(fields)
        if self._bar is not None:
            self._bar.update(self._task, extra=self._extra_text())

    def note(self, text: str) -> None:
        """One line on stderr (above the bar on a terminal); not markup."""
        self._console.print(text, markup=False, highlight=False)

    # -- the one-line status ---------------------------------------------------------------------
    def _extra_text(self) -> str:
        return ", ".join(f"{k} {v}" for k, v in self.extra.items())

    def status_line(self) -> str:
        """``label: done/total (pct), counters; elapsed, ~left`` — what a log shows."""
        with self._lock:
            done, counters, extra = self.done, dict(self.counters), self._extra_text()
        elapsed = self._clock() - self._start
        pct = f" ({100 * done / self.total:.0f}%)" if self.total else ""
        parts = [f"{self.label}: {done}/{self.total} done{pct}"]
        parts += [f"{value} {name}" for name, value in counters.items()]
        if extra:
            parts.append(extra)
        timing = f"{_duration(elapsed)} elapsed"
        if 0 < done < self.total:
            timing += f", ~{_duration(elapsed / done * (self.total - done))} left"
        return ", ".join(parts) + "; " + timing

    def _tick(self) -> None:
        while not self._stop.wait(self.every_s):
            self._emit()

    def _emit(self) -> None:
        line = self.status_line()
        if line == self._said:
            return  # said exactly this already (the elapsed time moves on between ticks)
        self._said = line
        self._stream.write(line + "\n")
        self._stream.flush()

    # -- lifetime --------------------------------------------------------------------------------
    def __enter__(self) -> ProgressReporter:
        self._start = self._clock()
        if self._bar is not None:
            self._bar.start()
        else:
            self._ticker = threading.Thread(target=self._tick, name="progress", daemon=True)
            self._ticker.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.stop()
            return
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        if exc_type is None:
            self._emit()  # the last word: where the work ended
