"""GUI oracles of the media families (see :mod:`._oracle`): playlists built file by file and
saved, a tag edit in Media Information, a snapshot at a time of a paused clip."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from typing import Any

from cuagym.apps.media import parse_playlist
from cuagym.families._gui_oracle import answer, call, key
from cuagym.families.media._oracle import GOTO_TITLE, HOME, INFO_TITLE, MediaOracle

__all__ = ["ORACLES"]


def flacs(world: dict[str, Any], folder: str) -> list[str]:
    return sorted(p for p in world if p.startswith(folder + "/") and p.endswith(".flac"))


class AlbumPlaylistOracle(MediaOracle):
    """Open the album's tracks in track order (their names start with it), save."""

    async def plan(self) -> AsyncIterator[str]:
        tracks = flacs(self.world, self.p["folder"])
        want = sorted(tracks, key=lambda t: int(self.world[t]["tags"]["TRACKNUMBER"]))
        async for turn in self.playlist(self.p["playlist"], want):
            yield turn


class ChosenTracksOracle(MediaOracle):
    """Open each named track (found by its title tag) in the stated order, save."""

    async def plan(self) -> AsyncIterator[str]:
        by_title = {s["tags"]["TITLE"]: p for p, s in self.world.items() if s["kind"] == "flac"}
        want = [by_title[t] for t in self.p["titles"]]
        async for turn in self.playlist(self.p["playlist"], want):
            yield turn


class AlbumByTagOrderOracle(MediaOracle):
    """Open one file per track number, in track-number order (the copy never), save."""

    async def plan(self) -> AsyncIterator[str]:
        first: dict[int, str] = {}
        for path in flacs(self.world, self.p["folder"]):
            first.setdefault(int(self.world[path]["tags"]["TRACKNUMBER"]), path)
        async for turn in self.playlist(self.p["playlist"], [first[n] for n in sorted(first)]):
            yield turn


class LongestTalksOracle(MediaOracle):
    """Open the longest talks, longest first, save."""

    async def plan(self) -> AsyncIterator[str]:
        talks = flacs(self.world, self.p["folder"])
        want = sorted(talks, key=lambda t: -self.world[t]["seconds"])[: self.p["count"]]
        async for turn in self.playlist(self.p["playlist"], want):
            yield turn


class PrunePlaylistOracle(MediaOracle):
    """Open the source playlist's other tracks in its order, save under the new name."""

    async def plan(self) -> AsyncIterator[str]:
        source = self.p["source"]
        text = self.world[source]["text"].encode()
        entries = parse_playlist(text, f"{HOME}/{source.rsplit('/', 1)[0]}", HOME) or []
        want = [e for e in entries if self.world[e]["tags"]["ARTIST"] != self.p["artist"]]
        async for turn in self.playlist(self.p["playlist"], want):
            yield turn


class DocumentPlaylistOracle(MediaOracle):
    """The running order (a workbook's rows, a setlist's lines) as the Generator wrote it,
    read off the office window; the tracks opened in that order, saved."""

    async def plan(self) -> AsyncIterator[str]:
        doc = next(s for s in self.world.values() if s["kind"] in ("xlsx", "docx"))
        if doc["kind"] == "xlsx":
            titles = [row[1] for row in doc["rows"][1:]]
        else:
            titles = [re.sub(r"^\d+\. ", "", line).rsplit(" - ", 1)[0] for line in doc["rows"][1:]]
        by_title = {s["tags"]["TITLE"]: p for p, s in self.world.items() if s["kind"] == "flac"}
        async for turn in self.playlist(self.p["playlist"], [by_title[t] for t in titles]):
            yield turn


#: Media Information's General tab on the 1280x800 screen (the dialog opens maximized)
TITLE_FIELD = (640, 74)
ALBUM_FIELD = (560, 152)
SAVE_METADATA = (1034, 777)


class RetagTrackOracle(MediaOracle):
    """Open the track, Media Information, type the title and the album, Save Metadata; the
    file's bytes must change."""

    async def plan(self) -> AsyncIterator[str]:
        rel = self.p["file"]
        before = (await self.listing(rel.rsplit("/", 1)[0])).get(rel)
        async for turn in self.open_file(rel):
            yield turn
        async for turn in self.dialog([key("ctrl", "i")], INFO_TITLE, "Media Information"):
            yield turn
        yield answer("pause: the dialog's fields stay put.", call("wait", time=1))
        yield answer(
            "type the title and the album, then Save Metadata.",
            call("left_click", coordinate=list(TITLE_FIELD)),
            key("ctrl", "a"),
            call("type", text=self.p["tags"]["title"]),
            call("left_click", coordinate=list(ALBUM_FIELD)),
            key("ctrl", "a"),
            call("type", text=self.p["tags"]["album"]),
            call("wait", time=0.5),
            call("left_click", coordinate=list(SAVE_METADATA)),
        )

        async def written() -> bool:
            now = (await self.listing(rel.rsplit("/", 1)[0])).get(rel)
            return now is not None and now != before

        async for turn in self.until(written, f"~/{rel} rewritten with its new tags"):
            yield turn
        yield answer("close Media Information.", key("esc"))


class ClipSnapshotOracle(MediaOracle):
    """Open the clip, pause, jump to the time, take one snapshot; a new picture must appear."""

    async def plan(self) -> AsyncIterator[str]:
        folder = self.p["folder"]
        before = set(await self.listing(folder))
        async for turn in self.open_file(self.p["clip"]):
            yield turn
        yield answer(
            "pause the clip.", call("wait", time=0.5), key("space"), call("wait", time=0.5)
        )
        async for turn in self.dialog([key("ctrl", "t")], GOTO_TITLE, "Go to Time dialog"):
            yield turn
        minutes, seconds = divmod(self.p["seconds"], 60)
        typed = f"00{minutes:02d}{seconds:02d}\n"  # hours, minutes, seconds: each field fills
        yield answer(f"jump to {self.p['time']}.", call("type", text=typed), call("wait", time=1.5))
        async for turn in self.player():
            yield turn
        yield answer("take a snapshot.", key("shift", "s"))

        async def shot() -> bool:
            return bool(set(await self.listing(folder)) - before)

        async for turn in self.until(shot, f"a snapshot in ~/{folder}"):
            yield turn


ORACLES: dict[str, Callable[[Any, Any], MediaOracle]] = {
    "album-playlist": AlbumPlaylistOracle,
    "chosen-tracks": ChosenTracksOracle,
    "prune-playlist": PrunePlaylistOracle,
    "album-by-tag-order": AlbumByTagOrderOracle,
    "longest-talks": LongestTalksOracle,
    "retag-track": RetagTrackOracle,
    "clip-snapshot": ClipSnapshotOracle,
    "running-order-playlist": DocumentPlaylistOracle,
    "setlist-playlist": DocumentPlaylistOracle,
}
