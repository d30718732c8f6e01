"""Impress's part of the office task scripts, as text for the composers of
:mod:`cuagym.families._office`: the setup builder, the golden patch's imports and edit helpers,
the reward's imports and readers.

The code lives in real modules beside this one (linted and type-checked), read as text and never
imported on the host: they import python-pptx, which the environment image has and a host with
only the core install does not.
"""

from __future__ import annotations

from cuagym.scripts import inlined_file

__all__ = ["PATCH_HELPERS", "PATCH_IMPORTS", "PPTX_BUILDER", "REWARD_HELPERS", "REWARD_IMPORTS"]

#: ``build_pptx(spec)`` for ``initial_setup.py`` (:mod:`._pptx_build`).
PPTX_BUILDER = inlined_file("cuagym.apps.impress", "_pptx_build.py")

PATCH_IMPORTS = """
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Inches, Pt
"""

#: ``golden_patch.py``'s helpers (:mod:`._pptx_edit`).
PATCH_HELPERS = inlined_file("cuagym.apps.impress", "_pptx_edit.py")

REWARD_IMPORTS = """
import re

from pptx import Presentation
from pptx.enum.shapes import PP_PLACEHOLDER
"""

#: ``reward.py``'s deck readers and whole-deck guards (:mod:`._reward_lib`).
REWARD_HELPERS = inlined_file("cuagym.apps.impress", "_reward_lib.py")
