"""The Generator's raw material: a music library, a folder of recorded talks, home-video clips.

Every file is a spec (:data:`MediaSpec`) the setup script turns into bytes
(:func:`cuagym.apps.media._writers.media_bytes`): FLAC tracks with believable tags, MJPEG clips
whose scenes have captions, and the office files cross-app tasks start from.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

__all__ = [
    "ALBUMS",
    "CLIPS",
    "TALKS",
    "Album",
    "MediaSpec",
    "album_tracks",
    "clip_spec",
    "stamp",
    "talk_specs",
    "track_spec",
]

#: ``{"path", "kind", "mtime", ...}``: one file of the initial home (path relative to
#: /home/user, ISO mtime) and what its writer needs (``seconds``/``tags``/``pitch`` for
#: flac, ``scenes``/``scene_s``/``fps``/``size`` for avi, ``rows`` for xlsx/docx)
MediaSpec = dict[str, Any]

#: artist, album, year, genre, track titles in track order
Album = tuple[str, str, str, str, tuple[str, ...]]

ALBUMS: tuple[Album, ...] = (
    ("The Tidewater Band", "Salt and Cedar", "2019", "Folk",
     ("Harbour Lights", "Low Tide", "Cedar Smoke", "The Ferryman", "Gull Island", "Net Mender",
      "Long Way Home")),
    ("Nova Lindqvist", "Glass Meridian", "2021", "Electronic",
     ("Prism", "Afterglow", "Meridian", "Cold Signal", "Neon Rain", "Parallax", "Last Transit")),
    ("Marrow & Pine", "Northern Rooms", "2017", "Indie",
     ("Attic Light", "Snowmelt", "Kitchen Radio", "Paper Boats", "Birch Road", "Quiet Hours")),
    ("Ana Quiroga Trio", "Blue Hour Sessions", "2022", "Jazz",
     ("Calle Luna", "Blue Hour", "Pequeno Vals", "Late Tram", "Rain on Tin", "Mercado",
      "Soft Exit")),
    ("Iron Harvest", "Field Recordings", "2015", "Rock",
     ("Combine", "Dust Devil", "Grain Silo", "County Line", "Thresher", "Burn Season")),
)  # fmt: skip

TALKS: tuple[tuple[str, str], ...] = (
    ("Designing for Failure", "Priya Natarajan"),
    ("The Cost of Abstractions", "Tomás Varga"),
    ("Queues All the Way Down", "Helen Osei"),
    ("Type Systems in Practice", "Jun Watanabe"),
    ("Observability on a Budget", "Marta Kowalska"),
    ("Caching Without Tears", "Samuel Achebe"),
    ("Accessibility First", "Lena Fischer"),
    ("Incident Reviews that Work", "Diego Ramos"),
    ("Shipping on Fridays", "Aisha Rahman"),
    ("Data Contracts", "Oskar Nilsson"),
)

#: clip name -> scene captions (one scene per ``scene_s`` seconds)
CLIPS: dict[str, tuple[str, ...]] = {
    "garden_tour": ("Front gate", "Herb beds", "Greenhouse", "Pond", "Apple trees", "Shed"),
    "kitchen_renovation": ("Before", "Demolition", "Plumbing", "Cabinets", "Countertop",
                           "Finished"),
    "beach_day": ("Parking lot", "Boardwalk", "Sandcastle", "Swimming", "Sunset"),
    "bike_commute": ("Driveway", "Bridge", "Park path", "Market street", "Office rack"),
    "birthday_party": ("Balloons", "Guests arrive", "Cake", "Presents", "Games", "Goodbyes"),
}  # fmt: skip


def stamp(rng: random.Random) -> str:
    """A random ISO modification time in the first half of 2025 (working hours)."""
    day = datetime.date(2025, 1, 1) + datetime.timedelta(days=rng.randrange(170))
    return f"{day.isoformat()}T{rng.randint(8, 18):02d}:{rng.randrange(60):02d}:00"


def track_spec(
    path: str, album: Album, number: int, seconds: int, mtime: str, title: str = ""
) -> MediaSpec:
    """One FLAC track of ``album`` (``number`` counted from 1) with its tags."""
    artist, name, year, genre, titles = album
    tags = {
        "TITLE": title or titles[number - 1],
        "ARTIST": artist,
        "ALBUM": name,
        "TRACKNUMBER": str(number),
        "DATE": year,
        "GENRE": genre,
    }
    pitch = 220 + 37 * number + 11 * len(name)
    return {"path": path, "kind": "flac", "seconds": seconds, "tags": tags, "pitch": pitch,
            "mtime": mtime}  # fmt: skip


def album_tracks(
    rng: random.Random, album: Album, folder: str, numbered: bool = True
) -> list[MediaSpec]:
    """Every track of ``album`` in ``folder``: "NN Title.flac" (``numbered``) or "Title.flac"."""
    specs = []
    for number, title in enumerate(album[4], start=1):
        name = f"{number:02d} {title}.flac" if numbered else f"{title}.flac"
        specs.append(track_spec(f"{folder}/{name}", album, number, rng.randint(150, 290),
                                stamp(rng)))  # fmt: skip
    return specs


def talk_specs(rng: random.Random, folder: str, count: int) -> list[MediaSpec]:
    """``count`` recorded talks (FLAC, 12-55 minutes, all different lengths) in ``folder``."""
    talks = rng.sample(TALKS, count)
    minutes = rng.sample(range(12, 56), count)
    specs = []
    for (title, speaker), length in zip(talks, minutes, strict=True):
        seconds = length * 60 + rng.randrange(60)
        slug = title.lower().replace(" ", "_").replace("'", "")
        tags = {"TITLE": title, "ARTIST": speaker, "ALBUM": "DevConf 2025", "GENRE": "Speech",
                "DATE": "2025"}  # fmt: skip
        specs.append({"path": f"{folder}/{slug}.flac", "kind": "flac", "seconds": seconds,
                      "tags": tags, "pitch": 180 + len(title), "mtime": stamp(rng)})  # fmt: skip
    return specs


def clip_spec(name: str, folder: str, scene_s: int, mtime: str) -> MediaSpec:
    """A home-video clip of :data:`CLIPS` (5 frames a second, 320x180)."""
    return {"path": f"{folder}/{name}.avi", "kind": "avi", "scenes": list(CLIPS[name]),
            "scene_s": scene_s, "fps": 5, "size": [320, 180], "mtime": mtime}  # fmt: skip
