"""The media kit: what a task family outside this package builds media-player tasks with.

The cross-app families homed in media (:mod:`cuagym.families.cross.media`) import these names,
never this package's private modules: the family base, the scripts' composers, the playlist
tail of the rewards, the library builder and :class:`MediaOracle`, the GUI solver's base.
"""

from cuagym.families.media._base import MediaFamily, MediaSpec, Op, quote, slug
from cuagym.families.media._oracle import MediaOracle
from cuagym.families.media._playlist_checks import playlist_tail
from cuagym.families.media._playlists import album_folder, library

__all__ = [
    "MediaFamily",
    "MediaOracle",
    "MediaSpec",
    "Op",
    "album_folder",
    "library",
    "playlist_tail",
    "quote",
    "slug",
]
