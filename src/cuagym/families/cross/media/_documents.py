"""Cross-application families: another app's document says what the playlist holds.

- calc → media: a show's running order in a workbook, saved as a playlist in that order;
- writer → media: a band's setlist in a document, saved as a playlist in that order.

The reward reads the order from the office file as it is in the final state, pins it to what
the context states and compares the saved playlist with it (:mod:`._documents_checks`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.media import ALBUMS, stamp
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.cross.media._documents_checks import setlist_want, sheet_want
from cuagym.families.media.kit import (
    MediaFamily,
    MediaSpec,
    Op,
    album_folder,
    library,
    playlist_tail,
    quote,
    slug,
)
from cuagym.scripts import statements_of

__all__ = ["RunningOrderPlaylist", "SetlistPlaylist"]

_SHOWS = ("Harvest Fair", "Spring Gala", "Open Mic Night", "Charity Dinner", "Summer Fete")


def _order(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """``count`` (title, artist) pairs from two or three albums, in a shuffled order."""
    albums = rng.sample(ALBUMS, 3)
    picks = [(t, a[0]) for a in albums for t in a[4]]
    return rng.sample(picks, count)


def _library_for(rng: random.Random, titles: list[str]) -> list[MediaSpec]:
    from cuagym.apps.media import album_tracks

    files: list[MediaSpec] = []
    for album in ALBUMS:
        if set(album[4]) & set(titles):
            files += album_tracks(rng, album, album_folder(album))
    return files


class RunningOrderPlaylistParams(TaskParams):
    """What a :class:`RunningOrderPlaylist` task states (its ``params``)."""

    workbook: str
    rows: int
    playlist: str


class RunningOrderPlaylist(MediaFamily):
    id: ClassVar[str] = "running-order-playlist"
    apps: ClassVar[tuple[str, ...]] = ("calc", "media")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("playlist", "build", "from-document")
    params_type: ClassVar[type[TaskParams] | None] = RunningOrderPlaylistParams
    reward_imports: ClassVar[str] = "\nimport openpyxl\n"

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        show = rng.choice(_SHOWS)
        workbook = f"Documents/{slug(show)}_running_order.xlsx"
        rows = rng.randint(4, 6)
        playlist = f"Music/Playlists/{slug(show)}.{rng.choice(['m3u', 'xspf'])}"
        instruction = rng.choice([
            f"Turn the running order in ~/{workbook} into a playlist saved as ~/{playlist}: "
            "its songs, in the order the sheet lists them.",
            f"Save ~/{playlist} so it plays the {quote(show)} songs exactly as the running "
            f"order in ~/{workbook} has them, nothing more.",
            f"The sound desk needs ~/{playlist}: every song of the running order in "
            f"~/{workbook}, top row first.",
            f"Make a playlist ~/{playlist} following ~/{workbook} - same songs, same order.",
            f"Build the {quote(show)} playlist at ~/{playlist} from the running order sheet "
            f"~/{workbook}, keeping the sheet's order.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{workbook} is open in the spreadsheet: its first sheet lists {rows} "
            "songs below a header row (column A the slot number, B the song's title, C the "
            "artist). The songs are FLAC tracks of the albums in ~/Music, named by track "
            "number and title. ~/Music/Playlists is an empty folder; the media player is "
            "open with an empty playlist. The home folder is /home/user (~).",
            workbook=workbook,
            rows=rows,
            playlist=playlist,
        )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        return [StartWindow(app="calc", path=f"/home/user/{params['workbook']}"),
                StartWindow(app="media")]  # fmt: skip

    def order(self, p: dict[str, Any], rng: random.Random) -> list[tuple[str, str]]:
        return _order(rng, p["rows"])

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        order = self.order(p, rng)
        sheet = [["Slot", "Song", "Artist"]] + [[i + 1, t, a] for i, (t, a) in enumerate(order)]
        files = _library_for(rng, [t for t, _ in order])
        return [*files, {"path": p["workbook"], "kind": "xlsx", "rows": sheet, "mtime": stamp(rng)}]

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        sheet = next(f["rows"] for f in files if f["path"] == p["workbook"])
        by_title = {f["tags"]["TITLE"]: f["path"] for f in files if f["kind"] == "flac"}
        return [["playlist", p["playlist"], [by_title[row[1]] for row in sheet[1:]]]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(sheet_want) + statements_of(playlist_tail)


class SetlistPlaylistParams(TaskParams):
    """What a :class:`SetlistPlaylist` task states (its ``params``)."""

    document: str
    songs: int
    playlist: str


class SetlistPlaylist(MediaFamily):
    id: ClassVar[str] = "setlist-playlist"
    apps: ClassVar[tuple[str, ...]] = ("writer", "media")
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("playlist", "save", "save-xspf")
    params_type: ClassVar[type[TaskParams] | None] = SetlistPlaylistParams
    reward_imports: ClassVar[str] = "\nimport docx\n"

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        venue = rng.choice(["The Lantern", "Dockside Hall", "Cafe Nord", "The Old Mill"])
        document = f"Documents/setlist_{slug(venue)}.docx"
        songs = rng.randint(4, 6)
        playlist = f"Music/Playlists/{slug(venue)}_rehearsal.xspf"
        instruction = rng.choice([
            f"Make a rehearsal playlist ~/{playlist} from the setlist in ~/{document}: the "
            "songs in the setlist's order.",
            f"Save ~/{playlist} with the songs of the {quote(venue)} setlist (~/{document}), "
            "in the order they will be played.",
            f"The band rehearses with ~/{playlist}: put every song of ~/{document} in it, "
            "first song first, and nothing else.",
            f"Follow ~/{document} to build the playlist ~/{playlist} - same songs, same order.",
            f"Create ~/{playlist}, an XSPF playlist of the setlist in ~/{document}, keeping its "
            "numbering as the order.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{document} is open in the word processor: a heading, then {songs} "
            "numbered lines \u201cN. Title - Artist\u201d. The songs are FLAC tracks of the "
            "albums in ~/Music, named by track number and title. ~/Music/Playlists is an "
            "empty folder; the media player is open with an empty playlist. The home folder "
            "is /home/user (~).",
            document=document,
            songs=songs,
            playlist=playlist,
        )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        return [StartWindow(app="writer", path=f"/home/user/{params['document']}"),
                StartWindow(app="media")]  # fmt: skip

    def order(self, p: dict[str, Any], rng: random.Random) -> list[tuple[str, str]]:
        return _order(rng, p["songs"])

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        order = self.order(p, rng)
        lines = ["Setlist"] + [f"{i + 1}. {t} - {a}" for i, (t, a) in enumerate(order)]
        files = _library_for(rng, [t for t, _ in order]) + library(rng, None, 1)
        files = list({f["path"]: f for f in reversed(files)}.values())[::-1]
        return [*files, {"path": p["document"], "kind": "docx", "rows": lines, "mtime": stamp(rng)}]

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        lines = next(f["rows"] for f in files if f["path"] == p["document"])[1:]
        by_title = {f["tags"]["TITLE"]: f["path"] for f in files if f["kind"] == "flac"}
        titles = [line.split(". ", 1)[1].rsplit(" - ", 1)[0] for line in lines]
        return [["playlist", p["playlist"], [by_title[t] for t in titles]]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(setlist_want) + statements_of(playlist_tail)
