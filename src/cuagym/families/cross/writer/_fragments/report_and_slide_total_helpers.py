"""Reward helpers of ``report-and-slide-total``, pasted after the domain's readers.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from cuagym.apps.writer._reward_lib import squash


# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
def slide_title(slide):
    shape = slide.shapes.title
    return squash(shape.text_frame.text) if shape is not None else ""


def deck_texts(deck):
    """Per slide: the text of every paragraph of its text shapes and tables, and its notes."""
    out = []
    for slide in deck.slides:
        texts = []
        for shape in slide.shapes:
            if shape.has_text_frame:
                texts += [x.text for x in shape.text_frame.paragraphs]
            if getattr(shape, "has_table", False) and shape.has_table:
                texts += [c.text for r in shape.table.rows for c in r.cells]
        if slide.has_notes_slide:
            texts.append(slide.notes_slide.notes_text_frame.text)
        out.append(texts)
    return out
