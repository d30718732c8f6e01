"""Reward helpers of ``deck-handout``, pasted after the domain's readers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from pptx.enum.shapes import PP_PLACEHOLDER

from cuagym.apps.writer._reward_lib import squash

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
# Footer-type placeholders hold dates and slide numbers, not content.
SKIP = {PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER}
TITLES = {PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE}


def slide_title(slide):
    shape = slide.shapes.title
    return squash(shape.text_frame.text) if shape is not None else ""


def slide_points(slide):
    """The slide's text other than its title and footer fields, one entry per paragraph, in
    reading order of the shapes (top to bottom, left to right)."""
    shapes = [s for s in slide.shapes if s.has_text_frame
              and not (s.is_placeholder and s.placeholder_format.type in TITLES | SKIP)]
    shapes.sort(key=lambda s: (s.top or 0, s.left or 0))
    return [squash(x.text) for s in shapes for x in s.text_frame.paragraphs if x.text.strip()]
