"""Families that build or edit a playlist file in the media player.

- :class:`AlbumPlaylist` (easy): one album's tracks, in track order;
- :class:`ChosenTracks` (medium): named tracks from several albums, in a stated order;
- :class:`PrunePlaylist` (medium): a saved playlist without one artist's tracks;
- :class:`AlbumByTagOrder` (hard): an album whose files are named by title only, with one
  duplicate copy: the tracks by their track-number tags, the copy left out;
- :class:`LongestTalks` (hard): the three longest recordings of a folder, longest first.
"""

from __future__ import annotations

import random
import urllib.parse
from typing import Any, ClassVar

from cuagym.apps.media import ALBUMS, Album, MediaSpec, album_tracks, stamp, talk_specs
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.media._base import MediaFamily, Op, quote, slug
from cuagym.families.media._playlist_checks import (
    album_want,
    chosen_want,
    longest_want,
    playlist_tail,
    prune_want,
    tag_order_want,
)
from cuagym.scripts import statements_of

__all__ = ["AlbumByTagOrder", "AlbumPlaylist", "ChosenTracks", "LongestTalks", "PrunePlaylist",
           "album_folder", "library"]  # fmt: skip


def album_folder(album: Album) -> str:
    return f"Music/{album[0]}/{album[1]}"


def library(rng: random.Random, keep: Album | None = None, count: int = 2) -> list[MediaSpec]:
    """A few other albums of the library (never ``keep``), tracks named "NN Title.flac"."""
    others = [a for a in ALBUMS if a != keep]
    files: list[MediaSpec] = []
    for album in rng.sample(others, count):
        files += album_tracks(rng, album, album_folder(album))
    return files


def playlist_path(rng: random.Random, name: str) -> str:
    return f"Music/Playlists/{slug(name)}.{rng.choice(['m3u', 'xspf'])}"


class AlbumPlaylistParams(TaskParams):
    """What an :class:`AlbumPlaylist` task states (its ``params``)."""

    album: str
    artist: str
    folder: str
    tracks: int
    playlist: str


class AlbumPlaylist(MediaFamily):
    id: ClassVar[str] = "album-playlist"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("playlist", "build", "whole-album")
    params_type: ClassVar[type[TaskParams] | None] = AlbumPlaylistParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        album = rng.choice(ALBUMS)
        folder, playlist = album_folder(album), playlist_path(rng, album[1])
        name = quote(album[1])
        instruction = rng.choice([
            f"Make a playlist of the whole album {name} by {album[0]}, its tracks in album "
            f"order, and save it as ~/{playlist}.",
            f"I want to listen to {name} from start to finish: save a playlist of all of its "
            f"tracks in track order to ~/{playlist}.",
            f"Save ~/{playlist}: a playlist holding every track of {album[0]}'s album {name}, "
            "first track first, and nothing else.",
            f"Put the album {name} ({album[0]}) in a playlist file at ~/{playlist}, with the "
            "tracks in the order the album has them.",
            f"Create the playlist ~/{playlist} for the album {name}: all of its tracks, each "
            "once, from track 1 to the last.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"The album's {len(album[4])} tracks are FLAC files in /home/user/{folder}, named "
            "by track number and title; other albums are in ~/Music too, and "
            "~/Music/Playlists is an empty folder. The media player is open with an empty "
            "playlist. The home folder is /home/user (~).",
            album=album[1],
            artist=album[0],
            folder=folder,
            tracks=len(album[4]),
            playlist=playlist,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        album = next(a for a in ALBUMS if a[1] == p["album"])
        return album_tracks(rng, album, p["folder"]) + library(rng, album)

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        tracks = sorted(f["path"] for f in files if f["path"].startswith(p["folder"] + "/"))
        return [["playlist", p["playlist"], tracks]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(album_want) + statements_of(playlist_tail)


class ChosenTracksParams(TaskParams):
    """What a :class:`ChosenTracks` task states (its ``params``)."""

    titles: list[str]
    playlist: str


class ChosenTracks(MediaFamily):
    id: ClassVar[str] = "chosen-tracks"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("playlist", "build", "chosen-tracks")
    params_type: ClassVar[type[TaskParams] | None] = ChosenTracksParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        albums = rng.sample(ALBUMS, 3)
        picks = [(a, t) for a in albums for t in rng.sample(a[4], 2)]
        rng.shuffle(picks)
        picks = picks[: rng.randint(4, 5)]
        titles = [t for _, t in picks]
        listed = ", ".join(f"{quote(t)} ({a[0]})" for a, t in picks)
        playlist = playlist_path(rng, rng.choice(["dinner party", "sunday morning", "workout mix",
                                                  "road trip", "focus"]))  # fmt: skip
        instruction = rng.choice([
            f"Save a playlist of exactly these tracks, in this order, as ~/{playlist}: {listed}.",
            f"Make ~/{playlist} play {listed} - in that order and nothing else.",
            f"Build a playlist file ~/{playlist} with these songs from my music folder, first to "
            f"last: {listed}.",
            f"I need a playlist at ~/{playlist} that runs {listed}, exactly in that sequence.",
            f"Put the following tracks into a new playlist ~/{playlist}, keeping my order: "
            f"{listed}.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            "~/Music holds three albums as FLAC files in Music/<artist>/<album>/ folders (file "
            "names: track number and title; the tags carry title, artist, album and track "
            "number). ~/Music/Playlists is an empty folder; the media player is open with an "
            "empty playlist. The home folder is /home/user (~).",
            titles=titles,
            playlist=playlist,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        albums = [a for a in ALBUMS if set(a[4]) & set(p["titles"])]
        files: list[MediaSpec] = []
        for album in albums:
            files += album_tracks(rng, album, album_folder(album))
        return files

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        by_title = {f["tags"]["TITLE"]: f["path"] for f in files}
        return [["playlist", p["playlist"], [by_title[t] for t in p["titles"]]]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(chosen_want) + statements_of(playlist_tail)


class PrunePlaylistParams(TaskParams):
    """What a :class:`PrunePlaylist` task states (its ``params``)."""

    source: str
    artist: str
    entries: int
    removed: int
    playlist: str


class PrunePlaylist(MediaFamily):
    """A saved playlist without one artist's tracks, saved under a new name (the old one
    stays: VLC 3's Qt save dialog hangs on its "replace it?" question here, see SKILL.md)."""

    id: ClassVar[str] = "prune-playlist"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("playlist", "edit", "remove-items")
    params_type: ClassVar[type[TaskParams] | None] = PrunePlaylistParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        albums = rng.sample(ALBUMS, 3)
        drop = albums[rng.randrange(3)]
        removed = rng.randint(2, 3)
        entries = removed + rng.randint(4, 5)
        name = rng.choice(["road_trip", "party", "weekend"])
        source = f"Music/Playlists/{name}.m3u"
        playlist = f"Music/Playlists/{name}_without_{slug(drop[0])}.m3u"
        artist = quote(drop[0])
        instruction = rng.choice([
            f"Take every track by {artist} out of the playlist ~/{source} and save the result "
            f"as ~/{playlist}; the other tracks keep their order and the old file stays.",
            f"Make ~/{playlist}: the playlist ~/{source} without anything by {artist}, the "
            "rest in the same order. Keep the original playlist as it is.",
            f"Save a version of ~/{source} with all songs by {artist} dropped, the remaining "
            f"ones in their order, as ~/{playlist} (leave ~/{source} untouched).",
            f"Nobody wants {artist} on ~/{source} any more - save the shorter list as "
            f"~/{playlist}, everything else in its place, the original unchanged.",
            f"Save ~/{playlist}: every entry of ~/{source} except {artist}'s tracks, in the "
            "same order; the old playlist file stays as it is.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"~/{source} is an M3U playlist of {entries} FLAC tracks from three albums in "
            f"~/Music, {removed} of them by {drop[0]}. The media player is open with an empty "
            "playlist. The home folder is /home/user (~).",
            source=source,
            artist=drop[0],
            entries=entries,
            removed=removed,
            playlist=playlist,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        drop = next(a for a in ALBUMS if a[0] == p["artist"])
        albums = [drop, *rng.sample([a for a in ALBUMS if a != drop], 2)]
        files: list[MediaSpec] = []
        for album in albums:
            files += album_tracks(rng, album, album_folder(album))
        dropped = [f for f in files if f["tags"]["ARTIST"] == p["artist"]]
        kept = [f for f in files if f["tags"]["ARTIST"] != p["artist"]]
        chosen = rng.sample(dropped, p["removed"]) + rng.sample(kept, p["entries"] - p["removed"])
        rng.shuffle(chosen)
        # as VLC writes it: the tracks lie outside the playlist's folder, so file:// URIs
        lines = ["#EXTM3U"]
        for f in chosen:
            lines += [f"#EXTINF:{f['seconds']},{f['tags']['ARTIST']} - {f['tags']['TITLE']}",
                      "file://" + urllib.parse.quote(f"/home/user/{f['path']}")]  # fmt: skip
        text = "\n".join(lines) + "\n"
        return [*files, {"path": p["source"], "kind": "text", "text": text, "mtime": stamp(rng)}]

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        text = next(f["text"] for f in files if f["path"] == p["source"])
        artists = {f["path"]: f["tags"]["ARTIST"] for f in files if f["kind"] == "flac"}
        entries = [
            urllib.parse.unquote(line).removeprefix("file:///home/user/")
            for line in text.splitlines()
            if line.startswith("file://")
        ]
        return [["playlist", p["playlist"], [e for e in entries if artists[e] != p["artist"]]]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(prune_want) + statements_of(playlist_tail)


class AlbumByTagOrderParams(TaskParams):
    """What an :class:`AlbumByTagOrder` task states (its ``params``)."""

    album: str
    folder: str
    tracks: int
    playlist: str


class AlbumByTagOrder(MediaFamily):
    id: ClassVar[str] = "album-by-tag-order"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("playlist", "build", "by-tag-order")
    params_type: ClassVar[type[TaskParams] | None] = AlbumByTagOrderParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        album = rng.choice(ALBUMS)
        folder = f"Downloads/{slug(album[1])}"
        playlist = playlist_path(rng, album[1] + " in order")
        name = quote(album[1])
        instruction = rng.choice([
            f"Save a playlist ~/{playlist} of the album {name} in its real track order (the "
            "track numbers in the files' tags), each track once - one of the files is a "
            "duplicate copy.",
            f"The files of {name} in ~/{folder} are named without numbers, and one track was "
            f"downloaded twice. Make ~/{playlist}: every track once, ordered by track number.",
            f"Build ~/{playlist} so that {name} plays in album order (by track number, not by "
            "file name) with no track repeated.",
            f"Order the album {name} correctly in a playlist saved as ~/{playlist}: track 1 "
            "first, the last track last, and the duplicate file left out.",
            f"Make a playlist ~/{playlist} of {name} that follows the tracks' numbers and lists "
            "each song only once.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{folder} holds the {len(album[4])} tracks of {name} as FLAC files "
            "named by title only, plus one byte-identical copy of one of them; the track "
            "numbers are in the files' tags. ~/Music/Playlists is an empty folder; the media "
            "player is open with an empty playlist. The home folder is /home/user (~).",
            album=album[1],
            folder=folder,
            tracks=len(album[4]),
            playlist=playlist,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        album = next(a for a in ALBUMS if a[1] == p["album"])
        files = album_tracks(rng, album, p["folder"], numbered=False)
        copy = dict(rng.choice(files))
        copy["path"] = copy["path"].removesuffix(".flac") + " (1).flac"
        return [*files, copy, *library(rng, album, 1)]

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        mine = [f for f in files if f["path"].startswith(p["folder"] + "/")]
        first: dict[int, str] = {}
        for f in sorted(mine, key=lambda f: f["path"]):
            first.setdefault(int(f["tags"]["TRACKNUMBER"]), f["path"])
        return [["playlist", p["playlist"], [first[n] for n in sorted(first)]]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(tag_order_want) + statements_of(playlist_tail)


class LongestTalksParams(TaskParams):
    """What a :class:`LongestTalks` task states (its ``params``)."""

    folder: str
    talks: int
    count: int
    playlist: str


class LongestTalks(MediaFamily):
    id: ClassVar[str] = "longest-talks"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("playlist", "build", "by-duration")
    params_type: ClassVar[type[TaskParams] | None] = LongestTalksParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        folder = "Talks/DevConf 2025"
        talks, count = rng.randint(6, 8), 3
        playlist = playlist_path(rng, rng.choice(["long talks", "flight listening",
                                                  "deep dives"]))  # fmt: skip
        instruction = rng.choice([
            f"Make a playlist ~/{playlist} of the {count} longest talks in ~/{folder}, the "
            "longest first.",
            f"I have a long flight: save ~/{playlist} with the {count} longest recordings from "
            f"~/{folder}, ordered from longest to shortest.",
            f"Find the {count} talks of ~/{folder} that run longest and put them, longest "
            f"first, into a playlist saved as ~/{playlist}.",
            f"Save a playlist ~/{playlist}: the {count} longest of the talks in ~/{folder}, in "
            "decreasing order of length, and no other talk.",
            f"Which {count} talks in ~/{folder} are the longest? Put exactly those in "
            f"~/{playlist}, the longest one at the top.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{folder} holds {talks} recorded conference talks as FLAC files (12 to "
            "56 minutes long, no two of the same length), named after their titles. "
            "~/Music/Playlists is an empty folder; the media player is open with an empty "
            "playlist. The home folder is /home/user (~).",
            folder=folder,
            talks=talks,
            count=count,
            playlist=playlist,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        return talk_specs(rng, p["folder"], p["talks"]) + library(rng, None, 1)

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        talks = [f for f in files if f["path"].startswith(p["folder"] + "/")]
        longest = sorted(talks, key=lambda f: -f["seconds"])[: p["count"]]
        return [["playlist", p["playlist"], [f["path"] for f in longest]]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(longest_want) + statements_of(playlist_tail)
