"""What every files GUI oracle shares: the PCManFM file manager and, for bulk work, a terminal.

A person at the screen renames, copies, moves, deletes and makes folders in the file manager:
ctrl+L and a path to open a folder, typing a file's name to select it (the list's type-ahead
search), F2 to rename, ctrl+C / ctrl+X / ctrl+V, Delete (and "Yes" in its confirmation),
ctrl+shift+N for a new folder. For work over many files by a name pattern (sort a folder of
downloads by extension, file photos by the date in their names, rename a numbered series, zip
a folder) the same person opens a terminal on the folder (F4, Tools > Open Current Folder in
Terminal) and types a short command. A :class:`FilesOracle` does both and checks each step:
dialogs by their window titles, every file operation by the home's state through the state
API (the file is there, or gone) before it moves on; an operation that did not happen is
done again, a bounded number of times.

Privileged knowledge: the task's params and the world its Generator made from them (a
deterministic function of the task: which file is the newest, which contents are copies of
each other, what format a file really is) — what a person learns by looking at the Modified
column, opening the files or running ``file``.
"""

from __future__ import annotations

import os
import shlex
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar

from cuagym.families._family import family_rng
from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

__all__ = ["FilesOracle", "Tree"]

HOME = "/home/user"
#: path relative to the home -> ("file", sha256) / ("dir", "") / ("symlink", target)
Tree = dict[str, tuple[str, str]]
#: a spot in the list's first row (the Modified column): a click there focuses the list
LIST_SPOT = (1228, 105)


class FilesOracle(PlannedOracle):
    """A files oracle: :meth:`plan` uses the building blocks below."""

    #: tries of one file operation before the oracle gives up
    tries: ClassVar[int] = 3
    #: characters per ``type`` call in the terminal: xdotool's time limit grows slowly with
    #: the text, and under load a long command ran past it half typed
    chunk_chars: ClassVar[int] = 24

    def __init__(self, task: Any, family: Any) -> None:
        super().__init__(task)
        files, _ = family.world(self.p, family_rng(task, "world"))
        self.world: dict[str, dict[str, Any]] = {f["path"]: f for f in files}
        self.folder = ""  # the folder the file manager shows, relative to the home

    # -- the home's state ----------------------------------------------------------------------
    async def tree(self) -> Tree:
        from cuagym.envs import StateQuery

        state = await self.env.read_state(
            StateQuery(paths=("*",), text_max_bytes=0, parse=False, hub=False)
        )
        return {
            e.path: (e.kind, e.sha256 or e.target or "")
            for e in state.files
            if not e.path.startswith(".")
        }

    async def until_state(
        self, done: Callable[[Tree], bool], what: str, patience_s: float = 20.0
    ) -> AsyncIterator[str]:
        """Wait turns until the home's state satisfies ``done``; raises OracleStuck after
        ``patience_s`` (the caller decides whether to try again)."""
        deadline = time.monotonic() + patience_s
        while not done(await self.tree()):
            if time.monotonic() > deadline:
                raise OracleStuck(f"{what} did not happen")
            yield answer(f"wait until {what}.", call("wait", time=self.poll_s))

    async def attempt(
        self,
        act: Callable[[], AsyncIterator[str]],
        done: Callable[[Tree], bool],
        what: str,
    ) -> AsyncIterator[str]:
        """Do ``act`` until the state shows ``done`` (at most :attr:`tries` times)."""
        for _ in range(self.tries):
            if done(await self.tree()):
                return
            async for turn in act():
                yield turn
            try:
                async for turn in self.until_state(done, what):
                    yield turn
                return
            except OracleStuck:
                async for turn in self.back_to_folder():
                    yield turn
        raise OracleStuck(f"{what} did not happen after {self.tries} tries")

    # -- the file manager ----------------------------------------------------------------------
    def folder_title(self, folder: str) -> str:
        return os.path.basename(folder.rstrip("/")) or "user"

    async def back_to_folder(self) -> AsyncIterator[str]:
        """Close a dialog or the type-ahead box left open."""
        wanted = self.folder_title(self.folder)
        deadline = time.monotonic() + self.patience_s
        while await self.title() != wanted:
            if time.monotonic() > deadline:
                raise OracleStuck(f"cannot get back to the file manager on {self.folder!r}")
            yield answer("close what is still open.", key("esc"), call("wait", time=1))

    async def open_folder(self, folder: str) -> AsyncIterator[str]:
        """Show ``folder`` (relative to the home) through the location bar (ctrl+L)."""
        title = self.folder_title(folder)
        for _ in range(self.tries):
            yield answer(
                f"open ~/{folder} from the location bar.",
                key("ctrl", "l"),
                call("type", text=os.path.join(HOME, folder) + "\n"),
            )
            try:
                async for turn in self.until_title(lambda t: t == title, f"~/{folder}", 15):
                    yield turn
            except OracleStuck:
                yield answer("leave the location bar.", key("esc"))
                continue
            self.folder = folder
            return
        raise OracleStuck(f"the file manager never showed ~/{folder}")

    async def select(self, name: str) -> AsyncIterator[str]:
        """Select one file of the shown folder by typing its name (type-ahead); the exact name
        comes first among the names it begins."""
        yield answer(
            f"select {name} by typing its name.",
            call("left_click", coordinate=list(LIST_SPOT)),
            call("type", text=name),
            call("wait", time=0.5),
            key("esc"),
        )

    async def dialog(self, keys: list[dict[str, Any]], title: str, what: str) -> AsyncIterator[str]:
        """Press ``keys`` and wait for the dialog ``title``."""
        yield answer(f"open the {what} dialog.", *keys)
        async for turn in self.until_title(lambda t: t == title, f"the {title!r} dialog", 20):
            yield turn

    async def rename(self, folder: str, old: str, new: str) -> AsyncIterator[str]:
        """F2 on ``old`` in ``folder``, type ``new``, Enter."""
        src, dst = os.path.join(folder, old), os.path.join(folder, new)

        async def act() -> AsyncIterator[str]:
            if self.folder != folder:
                async for turn in self.open_folder(folder):
                    yield turn
            async for turn in self.select(old):
                yield turn
            async for turn in self.dialog([key("f2")], "Rename File", "rename"):
                yield turn
            yield answer(f"rename it {new}.", key("ctrl", "a"), call("type", text=new + "\n"))

        def done(tree: Tree) -> bool:
            return dst in tree and src not in tree

        async for turn in self.attempt(act, done, f"{src} renamed to {new}"):
            yield turn

    async def delete(self, folder: str, name: str) -> AsyncIterator[str]:
        """Delete on the file, Yes in the confirmation."""
        path = os.path.join(folder, name)

        async def act() -> AsyncIterator[str]:
            if self.folder != folder:
                async for turn in self.open_folder(folder):
                    yield turn
            async for turn in self.select(name):
                yield turn
            async for turn in self.dialog([key("delete")], "Confirm", "delete confirmation"):
                yield turn
            yield answer("confirm (Yes).", key("enter"))

        async for turn in self.attempt(act, lambda tree: path not in tree, f"{path} deleted"):
            yield turn

    async def new_folder(self, folder: str, name: str) -> AsyncIterator[str]:
        """ctrl+shift+N in ``folder``, type the name, Enter."""
        path = os.path.join(folder, name)

        async def act() -> AsyncIterator[str]:
            if self.folder != folder:
                async for turn in self.open_folder(folder):
                    yield turn
            async for turn in self.dialog(
                [key("ctrl", "shift", "n")], "Creating New Folder", "new folder"
            ):
                yield turn
            yield answer(f"name it {name}.", key("ctrl", "a"), call("type", text=name + "\n"))

        def done(tree: Tree) -> bool:
            return tree.get(path, ("",))[0] == "dir"

        async for turn in self.attempt(act, done, f"the folder {path} made"):
            yield turn

    async def transfer(self, src: str, dst_folder: str, *, cut: bool) -> AsyncIterator[str]:
        """Copy (ctrl+C) or cut (ctrl+X) one file, paste it (ctrl+V) into ``dst_folder``."""
        folder, name = os.path.split(src)
        dst = os.path.join(dst_folder, name)

        async def act() -> AsyncIterator[str]:
            if self.folder != folder:
                async for turn in self.open_folder(folder):
                    yield turn
            async for turn in self.select(name):
                yield turn
            yield answer(f"{'cut' if cut else 'copy'} it.", key("ctrl", "x" if cut else "c"))
            async for turn in self.open_folder(dst_folder):
                yield turn
            yield answer(f"paste it into ~/{dst_folder}.", key("ctrl", "v"))

        def done(tree: Tree) -> bool:
            return dst in tree and (src not in tree if cut else src in tree)

        verb = "moved" if cut else "copied"
        async for turn in self.attempt(act, done, f"{src} {verb} to {dst_folder}"):
            yield turn

    # -- the terminal --------------------------------------------------------------------------
    async def in_terminal(
        self, folder: str, commands: list[str], done: Callable[[Tree], bool], what: str
    ) -> AsyncIterator[str]:
        """Open a terminal on ``folder`` (F4 in the file manager), type ``commands`` (each
        idempotent), wait for the state to show ``done``, close the terminal."""
        if self.folder != folder:
            async for turn in self.open_folder(folder):
                yield turn
        for _ in range(self.tries):
            if done(await self.tree()):
                break
            if await self.title() != "xterm":
                async for turn in self.dialog([key("f4")], "xterm", "terminal (F4)"):
                    yield turn
                yield answer("let the shell start.", call("wait", time=0.5))
            for command in commands:
                async for turn in self.type_line(command, what):
                    yield turn
            try:
                async for turn in self.until_state(done, what, 30):
                    yield turn
                break
            except OracleStuck:
                # Still running or lost: stop it, and type the commands again in this terminal.
                yield answer("stop the command.", key("ctrl", "c"), call("wait", time=1))
        async for turn in self.close_terminal():
            yield turn
        if not done(await self.tree()):
            raise OracleStuck(f"{what} did not happen in the terminal")

    async def type_line(self, line: str, what: str) -> AsyncIterator[str]:
        """Type one command line in pieces, then Enter. A piece whose typing failed (xdotool
        ran past its time limit under load) leaves the line half typed: it is cancelled with
        ctrl+C and typed again, never run."""
        size = self.chunk_chars
        pieces = [line[i : i + size] for i in range(0, len(line), size)]
        for _ in range(self.tries):
            typed = True
            for n, piece in enumerate(pieces, 1):
                yield answer(
                    f"type the command ({n}/{len(pieces)}): {what}.", call("type", text=piece)
                )
                if not self.last_ok():
                    typed = False
                    break
            if typed:
                yield answer("run it.", key("enter"))
                if self.last_ok():
                    return
            yield answer("cancel the half-typed line.", key("ctrl", "c"), call("wait", time=1))
        raise OracleStuck(f"the command for {what} could not be typed")

    def last_ok(self) -> bool:
        """Whether every call of the previous turn succeeded."""
        results = getattr(self.observation, "results", ())
        return all(r == "ok" for r in results)

    async def close_terminal(self) -> AsyncIterator[str]:
        """``exit`` in the terminal (again after ctrl+C while it stays), then back to the file
        manager."""
        deadline = time.monotonic() + self.patience_s
        while await self.title() == "xterm":
            if time.monotonic() > deadline:
                raise OracleStuck("the terminal does not close")
            yield answer(
                "close the terminal.",
                key("ctrl", "c"),
                call("type", text="exit\n"),
                call("wait", time=1),
            )
        async for turn in self.back_to_folder():
            yield turn


def q(text: str) -> str:
    """A shell word for ``text`` (a file or folder name)."""
    return shlex.quote(text)
