"""Writing bundle and episode folders atomically, and the initial home's names."""

from cuagym.core._atomic import folder_lock, sweep_stale, write_folder_atomically
from cuagym.core._bundle import BUNDLE_FILES
from cuagym.core._initial_home import INITIAL_HOME_ENV, INITIAL_SNAPSHOT
from cuagym.core._schemas import schemas

__all__ = [
    "BUNDLE_FILES",
    "INITIAL_HOME_ENV",
    "INITIAL_SNAPSHOT",
    "folder_lock",
    "schemas",
    "sweep_stale",
    "write_folder_atomically",
]
