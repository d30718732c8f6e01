"""The reward checks of ``insert-section``: statements of ``main`` after the read block.

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
from cuagym.families._office_scope import P, checks, doc

# ruff: noqa: RUF005  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
h1 = [squash(x.text) for x in doc.paragraphs if heading_level(x) == 1 and x.text.strip()]
old = [squash(s) for s in P["sections"]]
at = old.index(squash(P["before"])) + 1
expected = old[:at] + [squash(P["heading"])] + old[at:]
paras = [b for b in section_blocks(doc, P["heading"]) or [] if not hasattr(b, "rows")]
texts = [squash(b.text) for b in paras]
bullets = [list_format(doc, b) for b in paras[1:]]
intro_plain = bool(paras) and list_format(doc, paras[0]) == "" and heading_level(paras[0]) is None
checks.append(("sections_kept", 0, [t for t in h1 if t != squash(P["heading"])] == old,
               f"headings: {h1}"))
checks.append(("heading_added", 2, h1.count(squash(P["heading"])) == 1,
               f"level-1 headings: {h1}"))
checks.append(("heading_position", 1, h1 == expected, f"expected: {expected}"))
checks.append(("intro", 1, texts[:1] == [squash(P["intro"])] and intro_plain,
               f"section text: {texts[:1]}, a plain paragraph: {intro_plain}"))
checks.append(("items", 2, texts[1:] == [squash(i) for i in P["items"]], f"items: {texts[1:]}"))
checks.append(("bulleted", 1, len(bullets) == len(P["items"]) and set(bullets) == {"bullet"},
               f"list formats: {bullets}"))
# Everything but the new section (its heading up to the next heading) is as setup wrote it.
after = body_view(doc)
heads = [i for i, b in enumerate(after) if b[0] == "p" and squash(b[2]) == squash(P["heading"])]
end = heads[0] + 1 if heads else 0
while heads and end < len(after) and not (
        after[end][0] == "p" and after[end][1].startswith(("heading ", "title"))):
    end += 1
rest = after[:heads[0]] + after[end:] if heads else after
