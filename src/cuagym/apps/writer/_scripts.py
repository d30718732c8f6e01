"""Writer's part of the office task scripts, as text for the composers of
:mod:`cuagym.families._office`: the setup builder, the golden patch's imports and edit helpers,
the reward's imports and readers.

The code lives in real modules beside this one (linted and type-checked), read as text and never
imported on the host: they import python-docx, which the environment image has and a host with
only the core install does not.
"""

from __future__ import annotations

from cuagym.scripts import inlined_file

__all__ = ["DOCX_BUILDER", "PATCH_HELPERS", "PATCH_IMPORTS", "REWARD_HELPERS", "REWARD_IMPORTS"]

#: ``build_docx(spec)`` for ``initial_setup.py`` (:mod:`._docx_build`).
DOCX_BUILDER = inlined_file("cuagym.apps.writer", "_docx_build.py")

PATCH_IMPORTS = """
from docx import Document
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt
from docx.text.paragraph import Paragraph
"""

#: ``golden_patch.py``'s helpers (:mod:`._docx_edit`).
PATCH_HELPERS = inlined_file("cuagym.apps.writer", "_docx_edit.py")

REWARD_IMPORTS = """
import re

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
"""

#: ``reward.py``'s document readers and whole-document guards (:mod:`._reward_lib`).
REWARD_HELPERS = inlined_file("cuagym.apps.writer", "_reward_lib.py")
