"""Families on one medium: its tags written back to the file, a snapshot of one of its frames.

- :class:`RetagTrack` (easy): fix a downloaded track's title and album through Media
  Information, written into the FLAC file (Save Metadata);
- :class:`ClipSnapshot` (hard): a snapshot (Video > Take Snapshot) of a clip's frame at a
  stated time, into the snapshot folder ~/Pictures.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.media import ALBUMS, CLIPS, MediaSpec, clip_spec, stamp, track_spec
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.media._base import MediaFamily, Op, quote
from cuagym.families.media._info_checks import retag_track, snapshot_at
from cuagym.families.media._playlists import library
from cuagym.scripts import statements_of

__all__ = ["ClipSnapshot", "RetagTrack"]


class RetagTrackParams(TaskParams):
    """What a :class:`RetagTrack` task states (its ``params``)."""

    file: str
    tags: dict[str, str]


class RetagTrack(MediaFamily):
    id: ClassVar[str] = "retag-track"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("information", "write", "edit-tags")
    params_type: ClassVar[type[TaskParams] | None] = RetagTrackParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        album = rng.choice(ALBUMS)
        number = rng.randrange(len(album[4])) + 1
        file = f"Music/Downloads/track{number:02d}.flac"
        tags = {"title": album[4][number - 1], "album": album[1]}
        title, name = quote(tags["title"]), quote(tags["album"])
        instruction = rng.choice([
            f"The file ~/{file} lost its title and album tags. Write the title {title} and the "
            f"album {name} into the file itself; its other tags stay as they are.",
            f"Fix the tags of ~/{file}: its title is {title} and its album is {name}. Save "
            "them into the file, leaving the rest of its tags alone.",
            f"Set the title tag of ~/{file} to {title} and its album tag to {name}, stored in "
            "the file so every player shows them.",
            f"~/{file} shows up as an unknown track. Set its tags - title {title}, album "
            f"{name} - in the file, without touching its artist, track number or other tags.",
            f"Give ~/{file} the title {title} and the album {name} in its embedded tags; "
            "nothing else about the file changes.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{file} is a FLAC track by {album[0]} whose title tag reads "
            "\u201cUnknown Track\u201d and whose album tag reads \u201cUnknown Album\u201d; "
            "its artist, track number, date and genre tags are right. Other albums are in "
            "~/Music. The media player is open with an empty playlist. The home folder is "
            "/home/user (~).",
            file=file,
            tags=tags,
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        album = next(a for a in ALBUMS if a[1] == p["tags"]["album"])
        number = album[4].index(p["tags"]["title"]) + 1
        track = track_spec(p["file"], album, number, rng.randint(150, 290), stamp(rng))
        track["tags"].update({"TITLE": "Unknown Track", "ALBUM": "Unknown Album"})
        return [track, *library(rng, album, 2)]

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        return [["retag", p["file"], {k.upper(): v for k, v in p["tags"].items()}]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(retag_track)


class ClipSnapshotParams(TaskParams):
    """What a :class:`ClipSnapshot` task states (its ``params``)."""

    clip: str
    seconds: int
    time: str
    folder: str


class ClipSnapshot(MediaFamily):
    id: ClassVar[str] = "clip-snapshot"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("video", "snapshot", "at-time")
    params_type: ClassVar[type[TaskParams] | None] = ClipSnapshotParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name = rng.choice(sorted(CLIPS))
        scene_s = rng.randint(3, 5)
        scene = rng.randrange(1, len(CLIPS[name]))
        seconds = scene * scene_s + scene_s // 2
        time = f"0:{seconds:02d}"
        clip = f"Videos/{name}.avi"
        instruction = rng.choice([
            f"Take a snapshot of ~/{clip} at {time} into ~/Pictures.",
            f"I need a still of the frame at {time} of ~/{clip}: save a snapshot of it "
            "to ~/Pictures, and only that one.",
            f"Grab the picture shown at {time} in the video ~/{clip} as a snapshot in "
            "~/Pictures.",
            f"Save one snapshot of ~/{clip} taken at {time} (minutes:seconds) in the pictures "
            "folder ~/Pictures.",
            f"Capture the frame of ~/{clip} at the {time} mark as an image in ~/Pictures - a "
            "single snapshot.",
        ])  # fmt: skip
        return self.make_task(
            task_id,
            instruction,
            f"/home/user/{clip} is a {len(CLIPS[name]) * scene_s}-second home video (320x180); "
            "other clips are in ~/Videos. The media player is open with an empty playlist and "
            "saves snapshots as PNG files into ~/Pictures (/home/user/Pictures), which is "
            "empty. The home folder is /home/user (~).",
            clip=clip,
            seconds=seconds,
            time=time,
            folder="Pictures",
        )

    def world(self, p: dict[str, Any], rng: random.Random) -> list[MediaSpec]:
        # the scene length is the one the task's time was chosen for (mid-scene)
        name = p["clip"].removeprefix("Videos/").removesuffix(".avi")
        scene_s = next(s for s in (3, 4, 5) if self._fits(p["seconds"], s, len(CLIPS[name])))
        others = rng.sample([c for c in sorted(CLIPS) if c != name], 1)
        files = [clip_spec(name, "Videos", scene_s, stamp(rng))]
        files += [clip_spec(c, "Videos", rng.randint(3, 5), stamp(rng)) for c in others]
        return files + library(rng, None, 1)

    @staticmethod
    def _fits(seconds: int, scene_s: int, scenes: int) -> bool:
        scene, into = divmod(seconds, scene_s)
        return 1 <= scene < scenes and into == scene_s // 2

    def solve(self, p: dict[str, Any], files: list[MediaSpec]) -> list[Op]:
        shot = f"{p['folder']}/vlcsnap-2025-06-02-10h15m00s000.png"
        return [["snapshot", p["clip"], p["seconds"], shot]]

    def checks(self, p: dict[str, Any]) -> str:
        return statements_of(snapshot_at)
