"""The GUI oracle of every code-editor family: Geany driven from the keyboard.

A person at the screen opens each file to edit (ctrl+O, a path typed into the file dialog,
Return), goes to a line (ctrl+L focuses the toolbar's go-to-line entry: a number, Return),
selects whole lines (Home, shift+Down, shift+End) and types their new text — typing is literal
here (no auto-indent, no auto-closed brackets, no completion), so what is typed is what is
written —, uses Replace (ctrl+H: Search for, Tab, Replace with, Replace All "In Document")
where one word changes everywhere in a file, and saves (ctrl+S). An :class:`EditorOracle`
does that, checking each step: dialogs and tabs by the window title (``Open File``,
``Replace``, ``*name - folder - Geany`` while edited), each save by the file's bytes through
the state API. A save that did not write the planned text is mended from what the file now
holds: the plan's line differences against the saved text, typed again (a bounded number of
times).

Privileged knowledge: the task's world and the family's planned edits (a deterministic
function of the task) — what a person learns by reading the files, the failing test and the
workbook or review the task points to.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, ClassVar

from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

if TYPE_CHECKING:
    from cuagym.core import TaskConfig
    from cuagym.families.code_editor._base import CodeFamily

__all__ = ["EditorOracle", "line_hunks"]

HOME = "/home/user"
#: the Replace dialog's "In Document" button (Replace All), on the maximized 1280x800 window
IN_DOCUMENT = (740, 498)

#: the most ``computer_use`` calls one answer may hold (``cuagym.agent``'s parser)
MAX_CALLS = 10
#: one edit of a file's lines: replace lines [a, b) (0-based) of the current text by ``new``
Hunk = tuple[int, int, list[str]]


def line_hunks(current: str, target: str) -> list[Hunk]:
    """The line edits turning ``current`` into ``target``, last first (so earlier line
    numbers stay valid while they are typed)."""
    a, b = current.split("\n"), target.split("\n")
    ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    return [(i1, i2, b[j1:j2]) for tag, i1, i2, j1, j2 in reversed(ops) if tag != "equal"]


class EditorOracle(PlannedOracle):
    """Open, edit, save and verify every file the family's plan edits."""

    #: typing and saving one file, then verifying it, at most this many times
    tries: ClassVar[int] = 3
    #: characters per ``type`` call (xdotool's time limit grows slowly with the text)
    chunk_chars: ClassVar[int] = 60

    def __init__(self, task: TaskConfig, family: CodeFamily) -> None:
        super().__init__(task)
        world = family.world_of(task)
        self.edits: dict[str, str] = family.edits(self.p, world)
        self.start = family.start_file(self.p)
        self.replacements: list[tuple[str, str]] = family.oracle_replacements(self.p)
        self.current = self.start

    # -- looking -------------------------------------------------------------------------------
    async def text_of(self, path: str) -> str | None:
        from cuagym.envs import StateQuery

        state = await self.env.read_state(
            StateQuery(paths=(path,), text_max_bytes=1 << 20, parse=False, hub=False)
        )
        return next((e.text for e in state.files if e.path == path), None)

    @staticmethod
    def editing(path: str) -> Any:
        name, folder = os.path.basename(path), os.path.dirname(f"{HOME}/{path}")
        return lambda title: title.lstrip("*").startswith(f"{name} - {folder} - ")

    # -- acting --------------------------------------------------------------------------------
    @staticmethod
    def turns(thought: str, calls: list[dict[str, Any]]) -> list[str]:
        """``calls`` as answers of at most :data:`MAX_CALLS` calls each (the parser's limit
        per message), every one with ``thought``."""
        return [
            answer(thought, *calls[at : at + MAX_CALLS]) for at in range(0, len(calls), MAX_CALLS)
        ] or [answer(thought, call("wait", time=0.1))]

    def typing(self, text: str) -> list[dict[str, Any]]:
        """``type`` calls for ``text``, line breaks as their own Return keys."""
        calls: list[dict[str, Any]] = []
        for i, line in enumerate(text.split("\n")):
            if i:
                calls.append(key("enter"))
            for at in range(0, len(line), self.chunk_chars):
                calls.append(call("type", text=line[at : at + self.chunk_chars]))
        return calls

    def path_typing(self, path: str) -> list[dict[str, Any]]:
        """The Open dialog's location typed folder by folder, with a pause after each: the
        entry completes a name inline once its folder is listed, and a listing that arrives
        while the rest is still being typed garbles it (``invennntory``)."""
        parts = f"{HOME}/{path}".split("/")
        calls: list[dict[str, Any]] = []
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            calls += [call("type", text=part if last else part + "/"), call("wait", time=0.4)]
        return calls

    async def back_to_editor(self) -> AsyncIterator[str]:
        """Escape whatever is open (an error box, the Open dialog) until the editor shows."""
        deadline = time.monotonic() + self.patience_s
        while not (await self.title()).endswith("- Geany (new instance)"):
            if time.monotonic() > deadline:
                raise OracleStuck(f"cannot get back to the editor ({await self.title()!r})")
            yield answer("close what is still open.", key("esc"), call("wait", time=0.5))

    async def open_file(self, path: str) -> AsyncIterator[str]:
        """ctrl+O, the path typed (a leading ``/`` opens the dialog's location entry), Return:
        the file's tab in front; a garbled path is escaped and the dialog opened afresh."""
        for _ in range(self.tries):
            yield answer(f"open ~/{path}.", key("ctrl", "o"))
            async for turn in self.until_title(lambda t: t == "Open File", "the Open dialog"):
                yield turn
            # the dialog takes keys once it has listed its folder: a pause first
            typed = [call("wait", time=0.5), *self.path_typing(path), key("enter")]
            for turn in self.turns(f"type the path of {os.path.basename(path)}, open it.", typed):
                yield turn
            try:
                async for turn in self.until_title(self.editing(path), path, 8):
                    yield turn
            except OracleStuck:
                async for turn in self.back_to_editor():
                    yield turn
                continue
            self.current = path
            return
        raise OracleStuck(f"the editor never showed {path}")

    async def go_to(self, line: int) -> AsyncIterator[str]:
        """The cursor at the start of ``line`` (1-based)."""
        yield answer(
            f"go to line {line}.",
            key("ctrl", "l"),
            call("type", text=str(line)),
            key("enter"),
            call("wait", time=0.3),
            key("home"),
        )

    async def retype(self, hunk: Hunk, total: int) -> AsyncIterator[str]:
        """Select lines [a, b) of a text of ``total`` lines and type their new text."""
        a, b, new = hunk
        if a >= total:  # after the last line: append at its end
            async for turn in self.go_to(total):
                yield turn
            calls = [key("end"), *self.typing("\n" + "\n".join(new))]
            thought = "add the new lines at the end."
        elif b == a:  # an insertion before line a+1
            async for turn in self.go_to(a + 1):
                yield turn
            calls, thought = self.typing("\n".join(new) + "\n"), f"insert {len(new)} lines."
        elif not new:  # a deletion of whole lines
            async for turn in self.go_to(a + 1):
                yield turn
            calls = [*[key("shift", "down")] * (b - a), key("delete")]
            thought = f"delete lines {a + 1}-{b}."
        else:
            async for turn in self.go_to(a + 1):
                yield turn
            calls = [*[key("shift", "down")] * (b - a - 1), key("shift", "end")]
            calls += self.typing("\n".join(new))
            thought = f"rewrite lines {a + 1}-{b}."
        for turn in self.turns(thought, calls):
            yield turn

    async def save(self, path: str, target: str) -> AsyncIterator[str]:
        """ctrl+S, then wait until the file holds ``target`` (False is told by raising)."""
        digest = hashlib.sha256(target.encode()).hexdigest()
        yield answer(f"save {os.path.basename(path)}.", key("ctrl", "s"))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            entry = await self.read_file(path)
            if entry is not None and entry.get("sha256") == digest:
                return
            yield answer("wait for the save.", call("wait", time=self.poll_s))
        raise OracleStuck(f"{path} does not hold the planned text after saving")

    async def replace_all(self, old: str, new: str) -> AsyncIterator[str]:
        """Replace: every ``old`` of the document written ``new`` (case-sensitive)."""
        yield answer("open Replace.", key("ctrl", "h"))
        async for turn in self.until_title(lambda t: t == "Replace", "the Replace dialog"):
            yield turn
        yield answer(
            f"replace every {old!r} with {new!r} in this document.",
            key("ctrl", "a"),
            call("type", text=old),
            key("tab"),
            key("ctrl", "a"),
            call("type", text=new),
            call("left_click", coordinate=list(IN_DOCUMENT)),
        )
        async for turn in self.until_title(self.editing(self.current), "the edited file"):
            yield turn

    async def edit(self, path: str, target: str) -> AsyncIterator[str]:
        """Make ``path`` hold ``target``: replacements first where the family has them, then
        the remaining line differences, saved and verified; mended from the saved text."""
        if path != self.current:
            async for turn in self.open_file(path):
                yield turn
        for old, new in self.replacements:
            async for turn in self.replace_all(old, new):
                yield turn
        for _ in range(self.tries):
            now = await self.text_of(path)
            if now is None:
                raise OracleStuck(f"{path} cannot be read")
            hunks = line_hunks(now, target) if not self.replacements else []
            total = len(now.split("\n"))
            for hunk in hunks:
                async for turn in self.retype(hunk, total):
                    yield turn
            try:
                async for turn in self.save(path, target):
                    yield turn
                return
            except OracleStuck:
                self.replacements = []  # mend line by line from what was saved
        raise OracleStuck(f"{path} never held the planned text")

    async def plan(self) -> AsyncIterator[str]:
        async for turn in self.until_title(self.editing(self.start), "the editor"):
            yield turn
        order = sorted(self.edits, key=lambda p: (p != self.start, p))
        for path in order:
            async for turn in self.edit(path, self.edits[path]):
                yield turn
