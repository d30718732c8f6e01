"""The task families homed in media, in synth's round-robin order (entry point
``cuagym.families``: ``media``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.cross.media._documents import RunningOrderPlaylist, SetlistPlaylist
from cuagym.families.media._info import ClipSnapshot, RetagTrack
from cuagym.families.media._playlists import (
    AlbumByTagOrder,
    AlbumPlaylist,
    ChosenTracks,
    LongestTalks,
    PrunePlaylist,
)

__all__ = ["FAMILIES"]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    AlbumPlaylist(),
    ChosenTracks(),
    PrunePlaylist(),
    RetagTrack(),
    SetlistPlaylist(),
    AlbumByTagOrder(),
    LongestTalks(),
    ClipSnapshot(),
    RunningOrderPlaylist(),
)
