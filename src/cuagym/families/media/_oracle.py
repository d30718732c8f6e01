"""What every media GUI oracle shares: VLC's Qt interface driven by its shortcuts.

A person at the screen builds a playlist by opening each file with Media > Open File (ctrl+O:
Qt's file dialog, whose File name field takes a whole path) — every file opened is appended to
the playlist, in the order opened — and saves it with Media > Save Playlist to File (ctrl+Y),
whose format follows the name's extension. A snapshot is Playback > Jump to Specific Time
(ctrl+T) on the paused clip, then Video > Take Snapshot (shift+S). Tags are edited in Tools >
Media Information (ctrl+I) and written with its Save Metadata button.

A :class:`MediaOracle` checks each outcome through the state API before it declares success:
the saved playlist parsed (its entries, in order), the snapshot folder's new file, the tagged
file's changed bytes. Dialogs are awaited by their window titles.

Privileged knowledge: the task's params and the world its Generator made from them (which file
holds which track number, which talk is longest) — what a person reads off the player's Media
Information and the playlist's Duration column.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar

from cuagym.apps.media import MediaSpec, parse_playlist
from cuagym.families._gui_oracle import OracleStuck, PlannedOracle, answer, call, key

__all__ = ["MediaOracle"]

HOME = "/home/user"
OPEN_TITLE = "Select one or more files to open"
SAVE_TITLE = "Save playlist as..."
INFO_TITLE = "Current Media Information"
GOTO_TITLE = "Go to Time"


class MediaOracle(PlannedOracle):
    """A media oracle: :meth:`plan` uses the building blocks below."""

    #: tries of one whole step (a playlist built and saved) before the oracle gives up
    tries: ClassVar[int] = 2

    def __init__(self, task: Any, family: Any) -> None:
        super().__init__(task)
        files: list[MediaSpec] = family.world_of(task)
        self.world: dict[str, MediaSpec] = {f["path"]: f for f in files}

    # -- the home's state ----------------------------------------------------------------------
    async def text_of(self, rel: str) -> bytes | None:
        from cuagym.envs import StateQuery

        state = await self.env.read_state(
            StateQuery(paths=(rel,), text_max_bytes=1 << 20, parse=False, hub=False)
        )
        for entry in state.files:
            if entry.path == rel and entry.text is not None:
                return entry.text.encode("utf-8")
        return None

    async def listing(self, folder: str) -> dict[str, str]:
        """The files below ``folder`` (relative to the home) -> sha256."""
        from cuagym.envs import StateQuery

        state = await self.env.read_state(
            StateQuery(paths=(f"{folder}/*",), text_max_bytes=0, parse=False, hub=False)
        )
        return {e.path: e.sha256 or "" for e in state.files if e.kind == "file"}

    async def until(
        self, done: Callable[[], Any], what: str, patience_s: float = 20.0
    ) -> AsyncIterator[str]:
        """Wait turns until the awaitable ``done()`` is true; OracleStuck after ``patience_s``."""
        deadline = time.monotonic() + patience_s
        while not await done():
            if time.monotonic() > deadline:
                raise OracleStuck(f"{what} did not happen")
            yield answer(f"wait until {what}.", call("wait", time=self.poll_s))

    # -- the player ----------------------------------------------------------------------------
    async def player(self) -> AsyncIterator[str]:
        """Close whatever dialog is open until the player's main window has the focus."""
        deadline = time.monotonic() + self.patience_s
        while "VLC media player" not in await self.title():
            if time.monotonic() > deadline:
                raise OracleStuck(f"cannot get back to the player ({await self.title()!r})")
            yield answer("close what is still open.", key("esc"), call("wait", time=1))

    async def dialog(self, keys: list[dict[str, Any]], title: str, what: str) -> AsyncIterator[str]:
        yield answer(f"open the {what}.", *keys)
        async for turn in self.until_title(lambda t: t == title, f"the {title!r} dialog", 20):
            yield turn

    async def open_file(self, rel: str) -> AsyncIterator[str]:
        """Media > Open File on ``rel``: appended to the playlist, and played."""
        async for turn in self.dialog([key("ctrl", "o")], OPEN_TITLE, "Open File dialog"):
            yield turn
        yield answer(f"open ~/{rel}.", call("type", text=f"{HOME}/{rel}\n"))
        async for turn in self.until_title(lambda t: t != OPEN_TITLE, "the file opened", 20):
            yield turn

    async def save_playlist(self, rel: str, want: list[str]) -> AsyncIterator[str]:
        """Media > Save Playlist to File as ``rel``, then the saved file's entries must be
        ``want``. The name must be new: the dialog's "replace it?" box hangs the player here."""
        folder = f"{HOME}/{rel.rsplit('/', 1)[0]}"
        async for turn in self.dialog([key("ctrl", "y")], SAVE_TITLE, "Save Playlist dialog"):
            yield turn
        yield answer(f"save it as ~/{rel}.", call("type", text=f"{HOME}/{rel}\n"),
                     call("wait", time=1))  # fmt: skip

        async def saved() -> bool:
            data = await self.text_of(rel)
            return data is not None and parse_playlist(data, folder, HOME) == want

        async for turn in self.until(saved, f"~/{rel} lists the {len(want)} entries"):
            yield turn

    async def playlist(self, rel: str, want: list[str]) -> AsyncIterator[str]:
        """Open every file of ``want`` in order, then save the playlist as ``rel``. The player
        starts with an empty playlist; a failed try starts over in a cleared one."""
        for attempt in range(self.tries):
            if attempt:
                yield answer("clear the playlist (View > Playlist, select all, Delete).",
                             key("ctrl", "l"), call("wait", time=1), key("ctrl", "a"),
                             key("delete"), key("ctrl", "l"))  # fmt: skip
            try:
                async for turn in self.player():
                    yield turn
                for entry in want:
                    async for turn in self.open_file(entry):
                        yield turn
                async for turn in self.save_playlist(rel, want):
                    yield turn
                return
            except OracleStuck:
                if attempt + 1 == self.tries:
                    raise
