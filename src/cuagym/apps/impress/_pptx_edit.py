"""Edit helpers of an impress ``golden_patch.py``: find, move and delete slides, fill text.

Pasted below the golden patch's imports (``PATCH_IMPORTS``) and its params.
"""


# mypy: allow-untyped-defs, allow-untyped-calls
# The text below the marker is pasted into task scripts as it is (their bytes are part of
# every generated task): untyped, hand-wrapped lines kept, so ruff's formatter stays off.
# fmt: off
# -- inlined into reward.py --
def find_slide(deck, title):
    """The one slide whose title is ``title``."""
    hits = [s for s in deck.slides if s.shapes.title is not None and s.shapes.title.text == title]
    if len(hits) != 1:
        raise SystemExit(f"expected one slide {title!r}, found {len(hits)}")
    return hits[0]


def index_of(deck, slide):
    return list(deck.slides).index(slide)


def move_slide(deck, slide, index):
    """Put ``slide`` at position ``index`` (python-pptx has no API: reorder sldIdLst)."""
    ids = deck.slides._sldIdLst
    element = list(ids)[index_of(deck, slide)]
    ids.remove(element)
    ids.insert(index, element)


def delete_slide(deck, slide):
    ids = deck.slides._sldIdLst
    element = list(ids)[index_of(deck, slide)]
    ids.remove(element)
    deck.part.drop_rel(element.rId)


def fill(text_frame, lines):
    text_frame.text = lines[0]
    for line in lines[1:]:
        text_frame.add_paragraph().text = line
