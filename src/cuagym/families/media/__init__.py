"""The media player's procedural task families (the offline role backend), one per leaf.

``FAMILIES`` (homes/media) is the registry, cross-app ones included; what other families build
media tasks with is :mod:`.kit`.
"""

from __future__ import annotations

from cuagym.families.media._info import ClipSnapshot, RetagTrack
from cuagym.families.media._playlists import (
    AlbumByTagOrder,
    AlbumPlaylist,
    ChosenTracks,
    LongestTalks,
    PrunePlaylist,
)

__all__ = [
    "AlbumByTagOrder",
    "AlbumPlaylist",
    "ChosenTracks",
    "ClipSnapshot",
    "LongestTalks",
    "PrunePlaylist",
    "RetagTrack",
]
