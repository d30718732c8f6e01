"""media: a media player (VLC, Qt interface) over the home's music, talks and video clips.

The app's SKILL.md (beside this file) documents the library's layout, what VLC writes and when,
and the task scripts; taxonomy.yaml is the player's feature tree; the task families live in
:mod:`cuagym.families.media`. There is no app state beyond the home's files: VLC's settings live
in the desktop's private config folder (``envs._tool_apps``: the launcher ``media``), so
what a task leaves is playlists, snapshots and re-tagged files, read back by the scripts with
the standard library and Pillow (no ffprobe or mutagen in the environment image).

The surface families use:

- world builders (:mod:`._world`): albums with tagged tracks, recorded talks of distinct
  lengths, home-video clips made of captioned scenes;
- script parts, as text to paste (real modules, read below their inline marker):
  :data:`WRITERS` (FLAC, MJPEG AVI and office writers), :data:`WRITE_TREE` (setup's statements),
  :data:`REPLAY` (golden's statements: playlists, snapshots, tag edits as VLC writes them);
- state readers for rewards: :data:`READ_HOME` (the home before and after, ``changes``,
  ``added``) and :data:`REWARD_LIBRARY` (playlists, FLAC tags and durations, AVI frames,
  pictures' colours); GUI oracles import :func:`parse_playlist` to check what was saved.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.media._reward_lib import flac_info, parse_playlist, playlist_entries
from cuagym.apps.media._world import (
    ALBUMS,
    CLIPS,
    TALKS,
    Album,
    MediaSpec,
    album_tracks,
    clip_spec,
    stamp,
    talk_specs,
    track_spec,
)
from cuagym.apps.media._writers import media_bytes
from cuagym.scripts import inlined

__all__ = [
    "ALBUMS",
    "CLIPS",
    "READ_HOME",
    "REPLAY",
    "REWARD_LIBRARY",
    "TALKS",
    "WRITERS",
    "WRITE_TREE",
    "Album",
    "MediaSpec",
    "album_tracks",
    "app",
    "clip_spec",
    "flac_info",
    "media_bytes",
    "parse_playlist",
    "playlist_entries",
    "stamp",
    "talk_specs",
    "track_spec",
]

# Statement modules and the reward library are read as text, never imported into scripts.
_HERE = Path(__file__).parent
WRITERS = inlined(_HERE / "_writers.py")
WRITE_TREE = inlined(_HERE / "_write_tree.py")
REPLAY = inlined(_HERE / "_replay.py")
READ_HOME = inlined(_HERE / "_read_home.py")
REWARD_LIBRARY = inlined(_HERE / "_reward_lib.py")

app = AppSpec(
    app_id="media",
    title="Media player",
    kind="desktop",
    skill_file=Path(__file__).with_name("SKILL.md"),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Media",
    paper_domain="Media",
    release=Release(generic_name="Media player"),
    launcher="media",
    surface="cuagym.apps.media",
)
