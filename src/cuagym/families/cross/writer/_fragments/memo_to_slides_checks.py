"""The reward checks of ``memo-to-slides``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from cuagym.apps.writer._reward_lib import heading_level, headings, squash
from cuagym.families._office_scope import P, checks, deck, doc
from cuagym.families.cross.writer._fragments.memo_to_slides_helpers import SKIP

# ruff: noqa: B905  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
outline = []
for level, text in headings(doc):
    if level == 1:
        outline.append((text, []))
    elif level == 2 and outline:
        outline[-1][1].append(text)
slides = []
for slide in deck.slides if deck is not None else []:
    title = slide.shapes.title
    lines = [squash(x.text) for shape in slide.shapes
             if shape.has_text_frame and shape != title
             and not (shape.is_placeholder and shape.placeholder_format.type in SKIP)
             for x in shape.text_frame.paragraphs if x.text.strip()]
    slides.append((squash(title.text) if title is not None else "", lines))
# The memo's own headings, exactly as written (the deck repeats them, case and all).
exact = []
for x in doc.paragraphs:
    if heading_level(x) == 1 and x.text.strip():
        exact.append((squash(x.text), []))
    elif heading_level(x) == 2 and x.text.strip() and exact:
        exact[-1][1].append(squash(x.text))
bullets_right = [s == o for s, o in zip(slides, exact)]
checks.append(("memo_kept", 0, len(outline) == P["count"], f"{len(outline)} sections in the memo"))
checks.append(("deck_saved", 1, deck is not None, P["deck"]))
checks.append(("slide_count", 1, len(slides) == len(exact), f"{len(slides)} slides"))
checks.append(("titles", 2, [s[0] for s in slides] == [o[0] for o in exact],
               f"titles: {[s[0] for s in slides]}"))
checks.append(("bullets_some", 1, any(bullets_right), f"{sum(bullets_right)} slides right"))
checks.append(("bullets_all", 2, len(slides) == len(exact) and all(bullets_right),
               f"bullets: {[s[1] for s in slides]}"))
