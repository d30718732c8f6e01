"""The terminal families' GUI oracle: a person typing short command lines into xterm.

The start screen is xterm in the task's folder. The oracle waits for it to have the focus
(its title, "Terminal - <folder>"), types each command line of the family's plan in pieces of
a few characters (``computer_use`` ``type``; a piece whose typing failed under load is
cancelled with ctrl+C and the line typed again, never run half typed), presses Enter, and
after the last line types one more that sets the window title (an xterm escape sequence).
The shell runs lines in order, so the new title shows that every command before it has
finished — what a person sees as the prompt coming back. The reward judges the result.

Privileged knowledge: the task's params and the Generator's world (which release passed its
tests, which files are only sourced, what a workbook lists) — what a person learns with
``cat``, ``ls -l`` or by reading the workbook on screen.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import ClassVar

from cuagym.core import TaskConfig
from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

__all__ = ["DONE_TITLE", "TerminalOracle"]

#: the title the oracle's last line gives the terminal window
DONE_TITLE = "commands-done"


class TerminalOracle(PlannedOracle):
    """Types ``commands`` into the start screen's terminal (see the module docstring)."""

    #: tries to type one line
    tries: ClassVar[int] = 3
    #: characters per ``type`` call: xdotool's time limit grows slowly with the text, and under
    #: load a long piece ran past it half typed
    chunk_chars: ClassVar[int] = 24

    def __init__(self, task: TaskConfig, commands: list[str]) -> None:
        super().__init__(task)
        self.commands = commands

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.until_title(
            lambda t: t.startswith("Terminal"), "the terminal to have the focus", 30
        ):
            yield turn
        yield answer("let the shell start.", call("wait", time=0.5))
        for command in [*self.commands, f"printf '\\033]0;{DONE_TITLE}\\007'"]:
            async for turn in self.type_line(command):
                yield turn
        async for turn in self.until_title(lambda t: t == DONE_TITLE, "the commands to finish"):
            yield turn

    async def type_line(self, line: str) -> AsyncIterator[str]:
        """Type one command line in pieces, then Enter (see the module docstring)."""
        size = self.chunk_chars
        pieces = [line[i : i + size] for i in range(0, len(line), size)]
        for _ in range(self.tries):
            typed = True
            for n, piece in enumerate(pieces, 1):
                yield answer(f"type ({n}/{len(pieces)}): {line}", call("type", text=piece))
                if not self.last_ok():
                    typed = False
                    break
            if typed:
                yield answer("run it.", key("enter"))
                if self.last_ok():
                    return
            yield answer("cancel the half-typed line.", key("ctrl", "c"), call("wait", time=1))
        raise OracleStuck(f"the command {line!r} could not be typed")

    def last_ok(self) -> bool:
        """Whether every call of the previous turn succeeded."""
        results = getattr(self.observation, "results", ())
        return all(r == "ok" for r in results)
