"""The reward checks of ``two-column-layout``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from cuagym.apps.impress._reward_lib import (
    body_shapes,
    lines,
    norm,
    notes_of,
    slide_views,
    slides_titled,
    squash,
    title_of,
)
from cuagym.families._office_scope import P, checks, deck, first

# ruff: noqa: B905, RUF007  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
target = slides_titled(deck, P["target"])
columns = body_shapes(target[0]) if len(target) == 1 else []
side_by_side = len(columns) >= 2 and all(
    a.left is not None and b.left is not None and a.width is not None
    and a.left + a.width <= b.left + 91440  # 0.1 inch of overlap tolerated
    for a, b in zip(columns, columns[1:]))
left = lines(columns[0]) if len(columns) >= 2 else []
right = lines(columns[1]) if len(columns) >= 2 else []
checks.append(("two_columns", 1, len(columns) == 2 and side_by_side,
               f"{len(columns)} text areas, side by side: {side_by_side}"))
checks.append(("left_kept", 2, left == [norm(x) for x in P["left"]], f"left: {left}"))
checks.append(("right_added", 2, right == [norm(x) for x in P["right"]], f"right: {right}"))
exact = [[" ".join(x.text.split()) for x in c.text_frame.paragraphs if x.text.strip()]
         for c in columns]
checks.append(("exact_text", 1, exact == [P["left"], P["right"]], f"columns: {exact}"))
# Every other slide is as setup wrote it; the target keeps its exact title and its notes.
at = P["slides"].index(P["target"])
named = [squash(s.shapes.title.text_frame.text) for s in target]
notes = [squash(notes_of(s)) for s in target]
checks.append(("target_kept", 0, named == [P["target"]]
               and notes == [slide_views(first)[at][1]], f"title {named}, notes {notes}"))
before = [v for i, v in enumerate(slide_views(first)) if i != at]
after = [v for s, v in zip(deck.slides, slide_views(deck)) if title_of(s) != norm(P["target"])]
