"""The browser kit: what a task family outside this package builds browser tasks with.

The cross-app families homed in browser (:mod:`cuagym.families.cross.browser`) import these
names, never this package's private modules: the family base and its guards, the GUI solver's
base and the bookmark manager's places. A module of its own, not the package: the package's
home registers the cross families, which import this.
"""

from cuagym.families.browser._base import BrowserFamily, Op, params_of, quote
from cuagym.families.browser._bookmarks import GUARDS, SHORT_NAMES
from cuagym.families.browser._oracle import ADD_BOOKMARK, ADD_FOLDER, BrowserOracle
from cuagym.families.browser._oracle_tasks import DOWNLOAD_ASK, DownloadSettingsOracle
from cuagym.families.browser._settings import SET_GUARDS

__all__ = [
    "ADD_BOOKMARK",
    "ADD_FOLDER",
    "DOWNLOAD_ASK",
    "GUARDS",
    "SET_GUARDS",
    "SHORT_NAMES",
    "BrowserFamily",
    "BrowserOracle",
    "DownloadSettingsOracle",
    "Op",
    "params_of",
    "quote",
]
