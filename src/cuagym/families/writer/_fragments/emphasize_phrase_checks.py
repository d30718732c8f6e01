"""The reward checks of ``emphasize-phrase``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from cuagym.apps.writer._reward_lib import body_view, char_flags, char_formats, label, squash
from cuagym.families._office_scope import P, checks, doc, first
from cuagym.scripts._globs import listing

# ruff: noqa: B905  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
found, full, stray = 0, 0, 0
phrase = P["phrase"].casefold()
for paragraph in doc.paragraphs:
    text, flags = char_flags(paragraph, P["attr"])
    low = text.casefold()
    inside = [False] * len(text)
    start = low.find(phrase)
    while start >= 0:
        end = start + len(phrase)
        found += 1
        full += all(flags[start:end])
        inside[start:end] = [True] * (end - start)
        start = low.find(phrase, end)
    if any(inside):  # emphasis that spills over the rest of these sentences
        stray += sum(1 for i, ch in enumerate(text) if flags[i] and not inside[i] and ch.strip())
checks.append(("occurrences", 0, found == P["count"], f"found {found}, expected {P['count']}"))
checks.append(("some_emphasized", 1, full >= 1, f"{full} of {found} in {P['attr']}"))
checks.append(("all_emphasized", 2, full == found == P["count"], f"{full} of {found}"))
checks.append(("only_the_phrase", 1, full == found and stray == 0,
               f"{stray} other characters in {P['attr']}"))
# Only the runs of the paragraphs holding the phrase may change, and in them only the asked
# emphasis: no bold for italics (direct or through a character style), no underline, colour.
hosts = [x.text for x in first.paragraphs if P["phrase"].casefold() in x.text.casefold()]
loose = {t: ("runs",) for t in hosts}
free = (1,) if P["attr"] == "bold" else (2,)
other = "italic" if P["attr"] == "bold" else "bold"
mixed = [label(a) for a, b in zip(body_view(first), body_view(doc))
         if a[0] == b[0] == "p" and char_formats(a[4], free) != char_formats(b[4], free)]
mixed += [squash(a.text)[:30] for a, b in zip(
              [x for x in first.paragraphs if x.text.strip()],
              [x for x in doc.paragraphs if x.text.strip()])
          if char_flags(a, other) != char_flags(b, other)]
checks.append(("no_other_formatting", 0, not mixed, "other formatting changed: " + listing(mixed)))
