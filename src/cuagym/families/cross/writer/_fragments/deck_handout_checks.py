"""The reward checks of ``deck-handout``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from cuagym.apps.writer._reward_lib import (
    body_view,
    heading_level,
    list_format,
    section_blocks,
    squash,
)
from cuagym.families._office_scope import P, checks, deck, doc, first
from cuagym.families.cross.writer._fragments.deck_handout_helpers import slide_points, slide_title

# ruff: noqa: B905  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
slides = [(slide_title(s), slide_points(s)) for s in list(deck.slides)[1:]]
titles = [slide_title(s) for s in deck.slides]
h1 = [squash(x.text) for x in doc.paragraphs if heading_level(x) == 1 and x.text.strip()]
sections = [[b for b in section_blocks(doc, t) or [] if not hasattr(b, "rows")]
            for t, _ in slides]
texts = [[squash(b.text) for b in s] for s in sections]
right = [got == points for got, (_, points) in zip(texts, slides)]
kinds = [list_format(doc, b) for s in sections for b in s]
heads = [x for x in doc.paragraphs if heading_level(x) == 1 and x.text.strip()]
kept = body_view(first)
new = body_view(doc)[len(kept):]
sequence = [squash(b[2]) if b[0] == "p" else "<table>" for b in new]
expected = [line for t, points in slides for line in [t, *points]]
checks.append(("deck_kept", 0, titles == [squash(t) for t in P["slides"]], f"slides: {titles}"))
checks.append(("headings", 2, h1 == [t for t, _ in slides], f"level-1 headings: {h1}"))
checks.append(("points_some", 1, any(r and p for r, (_, p) in zip(right, slides)),
               f"{sum(right)} of {len(slides)} sections right"))
checks.append(("points_all", 2, len(right) == len(slides) > 0 and all(right),
               f"sections: {texts}"))
checks.append(("bulleted", 1, bool(kinds) and set(kinds) == {"bullet"}
               and not any(list_format(doc, x) for x in heads), f"list formats: {kinds}"))
checks.append(("only_the_sections", 1, sequence == expected,
               f"added after the introduction: {sequence[:12]}"))
