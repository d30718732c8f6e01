"""The shared progress reporter (DESIGN.md §14): a status line on stderr without a terminal."""

from __future__ import annotations

import io
import time

from cuagym.cli._progress import ProgressReporter


def test_without_a_terminal_a_status_line_comes_periodically_and_at_the_end() -> None:
    stream = io.StringIO()
    clock = iter(float(t) for t in range(0, 10_000, 30))  # each reading 30 s later
    with ProgressReporter(
        "synth", 4, counters=[("accepted", "green"), ("errors", "red")], every_s=0.05,
        stream=stream, terminal=False, clock=lambda: next(clock),
    ) as progress:  # fmt: skip
        progress.advance(accepted=1)
        deadline = time.monotonic() + 30
        while stream.getvalue().count("\n") < 2 and time.monotonic() < deadline:
            time.sleep(0.02)  # nothing finishes: the status still comes, the work is alive
        assert stream.getvalue().count("\n") >= 2
        progress.advance(accepted=2, errors=1)  # totals, not increments
        progress.note("error t-3: the sandbox failed")
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("synth: 1/4 done (25%), 1 accepted, 0 errors; ")
    assert "elapsed, ~" in lines[0] and "left" in lines[0]
    assert "error t-3: the sandbox failed" in lines
    assert lines[-1].startswith("synth: 2/4 done (50%), 2 accepted, 1 errors; ")


def test_on_a_terminal_it_draws_a_bar_and_no_status_lines() -> None:
    stream = io.StringIO()
    with ProgressReporter("rollout", 2, stream=stream, terminal=True, every_s=0.01) as progress:
        progress.advance()
        time.sleep(0.05)
        progress.advance()
    text = stream.getvalue()
    assert "rollout" in text and "2/2" in text
    assert "done (" not in text, "the bar, not the log line"


def test_the_last_line_is_not_a_repeat_of_the_periodic_one() -> None:
    stream = io.StringIO()
    with ProgressReporter(
        "rollout", 1, every_s=0.05, stream=stream, terminal=False, clock=lambda: 10.0
    ) as progress:
        progress.advance()
        deadline = time.monotonic() + 30
        while not stream.getvalue() and time.monotonic() < deadline:
            time.sleep(0.02)
    lines = stream.getvalue().splitlines()
    assert lines and len(lines) == len(set(lines)), lines
