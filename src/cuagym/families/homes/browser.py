"""The task families homed in browser, in synth's round-robin order (entry point
``cuagym.families``: ``browser``)."""

from __future__ import annotations

from cuagym.families._family import TaskFamily
from cuagym.families.browser import (
    BookmarkPages,
    DownloadSettings,
    FileReadingByTopic,
    RenameBookmarks,
    SaveNewestReport,
    SetHomePage,
    SetStartupPages,
)
from cuagym.families.cross.browser._cross import BookmarkFromMemo, DownloadFolderFromSheet

__all__ = ["FAMILIES"]

# easy -> hard
FAMILIES: tuple[TaskFamily, ...] = (
    BookmarkPages(),
    SetHomePage(),
    RenameBookmarks(),
    DownloadSettings(),
    FileReadingByTopic(),
    SetStartupPages(),
    SaveNewestReport(),
    DownloadFolderFromSheet(),
    BookmarkFromMemo(),
)
