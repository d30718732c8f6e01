"""Deck readers every impress ``reward.py`` carries (python-pptx on the environment image).

Rewards identify slides by their *title text*, never by position or layout name: an agent
reorders, inserts and re-lays-out slides, and Impress renames layouts when it saves a .pptx
("Title and Content" comes back as e.g. "Blank Slide"). The whole-deck guards build on the
desktop views of :mod:`cuagym.scripts._home` (inlined before this text).
"""

# mypy: allow-untyped-defs, allow-untyped-calls, disable-error-code="var-annotated"
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# ruff: noqa: B905  (zips pair views of equal length; a strict zip would change the text)
# fmt: off
from pptx.enum.shapes import PP_PLACEHOLDER

from cuagym.scripts._home import shape_view

# -- inlined into reward.py --
TITLES = {PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE}
# Footer-type placeholders hold dates and slide numbers, not content.
SKIP = {PP_PLACEHOLDER.DATE, PP_PLACEHOLDER.FOOTER, PP_PLACEHOLDER.SLIDE_NUMBER}


def norm(text):
    return " ".join(str(text).split()).casefold()


def kind(shape):
    return shape.placeholder_format.type if shape.is_placeholder else None


def title_of(slide):
    shape = slide.shapes.title
    return norm(shape.text_frame.text) if shape is not None else ""


def titles(deck):
    return [title_of(s) for s in deck.slides]


def slides_titled(deck, title):
    return [s for s in deck.slides if title_of(s) == norm(title)]


def body_shapes(slide):
    """Text shapes other than the title and footer placeholders, left to right."""
    shapes = [sh for sh in slide.shapes
              if sh.has_text_frame and kind(sh) not in TITLES and kind(sh) not in SKIP
              and sh.text_frame.text.strip()]
    return sorted(shapes, key=lambda sh: (sh.left or 0, sh.top or 0))


def lines(shape):
    return [norm(p.text) for p in shape.text_frame.paragraphs if p.text.strip()]


def body_lines(slide):
    return [line for shape in body_shapes(slide) for line in lines(shape)]


def exact_lines(slide):
    """The body paragraphs of a slide, whitespace collapsed, case kept."""
    return [" ".join(p.text.split()) for shape in body_shapes(slide)
            for p in shape.text_frame.paragraphs if p.text.strip()]


def notes_of(slide):
    if not slide.has_notes_slide or slide.notes_slide.notes_text_frame is None:
        return ""
    return slide.notes_slide.notes_text_frame.text


def tables_of(slide):
    return [sh.table for sh in slide.shapes if getattr(sh, "has_table", False) and sh.has_table]


def all_texts(deck):
    """Every paragraph of every slide: titles, bodies, text boxes and table cells."""
    out = []
    for slide in deck.slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                out.extend(p.text for p in shape.text_frame.paragraphs)
            if getattr(shape, "has_table", False) and shape.has_table:
                for row in shape.table.rows:
                    out.extend(cell.text for cell in row.cells)
    return out


def number(text):
    cleaned = "".join(ch for ch in str(text) if ch.isdigit() or ch in ".-")
    try:
        return float(cleaned)
    except ValueError:
        return None


def squash(text):
    """Whitespace collapsed, case kept: how a text the instruction gives exactly is compared."""
    return " ".join(str(text).split())


# -- whole-deck guards: the deck compared with the one setup wrote -------------------------------
def slide_view(slide):
    """A slide as comparable data: [its shapes (see shape_view), its speaker notes]."""
    return [[shape_view(shape) for shape in slide.shapes], squash(notes_of(slide))]


def slide_views(deck):
    return [slide_view(s) for s in deck.slides]


def by_title(deck):
    """{exact title: slide view} of the slides whose title is unique in the deck."""
    names = [squash(s.shapes.title.text_frame.text) if s.shapes.title is not None else ""
             for s in deck.slides]
    return {n: slide_view(s) for n, s in zip(names, deck.slides) if names.count(n) == 1}


def slide_changes(before, after):
    """Which slides differ between two lists of slide views: "slide N" for each, or the
    counts when slides were added or removed."""
    if len(before) != len(after):
        return [str(len(before)) + " slides became " + str(len(after))]
    return ["slide " + str(i + 1) for i, (a, b) in enumerate(zip(before, after)) if a != b]


def replaced(value, old, new):
    """A view (nested lists of texts and values) with ``old`` replaced by ``new`` in every text."""
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, list):
        return [replaced(v, old, new) for v in value]
    return value
