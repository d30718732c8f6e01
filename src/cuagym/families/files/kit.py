"""The files kit: what a task family outside this package builds file-tree tasks with.

The cross-app families homed in files (:mod:`cuagym.families.cross.files`) import these names,
never this package's private modules: the family base (:class:`FilesFamily`, its :data:`Op`,
the app's :data:`FileSpec`), the scripts' composers and :class:`FilesOracle`, the GUI solver's
base (the file manager's views, its dialogs, a terminal). A module of its own, not the
package: the package registers the homed cross families, which import this.
"""

from cuagym.families.files._base import FilesFamily, FileSpec, Op, params_of, quote
from cuagym.families.files._oracle import FilesOracle
from cuagym.families.files._scripts import golden_script, reward_script, setup_script

__all__ = [
    "FileSpec",
    "FilesFamily",
    "FilesOracle",
    "Op",
    "golden_script",
    "params_of",
    "quote",
    "reward_script",
    "setup_script",
]
