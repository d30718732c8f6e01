"""The browser app's procedural task families (the offline role backend), one per leaf.

``FAMILIES`` is the registry (entry point ``cuagym.families``, through
:mod:`cuagym.families.homes.browser`, which adds the cross-app families homed here).
"""

from __future__ import annotations

from cuagym.families.browser._bookmarks import BookmarkPages, FileReadingByTopic, RenameBookmarks
from cuagym.families.browser._downloads import SaveNewestReport
from cuagym.families.browser._settings import DownloadSettings, SetHomePage, SetStartupPages

__all__ = [
    "BookmarkPages",
    "DownloadSettings",
    "FileReadingByTopic",
    "RenameBookmarks",
    "SaveNewestReport",
    "SetHomePage",
    "SetStartupPages",
]
