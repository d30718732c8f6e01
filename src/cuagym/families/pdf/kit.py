"""The pdf kit: what a task family outside this package builds PDF tasks with.

The cross-app families homed in pdf (:mod:`cuagym.families.cross.pdf`) import these names,
never this package's private modules. A module of its own, not the package: the package's
home registers the cross families, which import this.
"""

from cuagym.families.pdf._annotate import note_y
from cuagym.families.pdf._base import Export, PdfFamily, World, export, params_of, quote

__all__ = ["Export", "PdfFamily", "World", "export", "note_y", "params_of", "quote"]
