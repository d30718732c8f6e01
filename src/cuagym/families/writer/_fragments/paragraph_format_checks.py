"""The reward checks of ``paragraph-format``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated, assignment"
# assignment: a name rebound to a tuple of another length (plain script code).
from docx.enum.text import WD_ALIGN_PARAGRAPH

from cuagym.apps.writer._reward_lib import effective, norm, section_blocks
from cuagym.families._office_scope import P, checks, doc, first

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
titles = [p for p in doc.paragraphs if norm(p.text) == norm(P["title"])]
body = [b for b in section_blocks(doc, P["section"]) or [] if not hasattr(b, "rows")]
body_texts = {norm(b.text) for b in body}
others = [p for p in doc.paragraphs
          if p.text.strip() and norm(p.text) not in body_texts and norm(p.text) != norm(P["title"])]
aligns = [effective(b, "alignment") for b in body]
spacings = [effective(b, "line_spacing") for b in body]
afters = [effective(b, "space_after") for b in body]
spaced = [s for s in spacings if isinstance(s, float) and abs(s - P["spacing"]) < 0.01]
after_ok = [a for a in afters if a is not None and abs(a.pt - P["after_pt"]) < 0.6]
touched = [norm(p.text)[:30] for p in others
           if effective(p, "alignment") == WD_ALIGN_PARAGRAPH.JUSTIFY
           or (isinstance(effective(p, "line_spacing"), float)
               and abs(effective(p, "line_spacing") - P["spacing"]) < 0.01)]
checks.append(("section_found", 0, len(body) == P["count"], f"{len(body)} paragraphs"))
checks.append(("others_untouched", 0, not touched, f"also changed: {touched[:3]}"))
checks.append(("title_centered", 1,
               len(titles) == 1 and effective(titles[0], "alignment") == WD_ALIGN_PARAGRAPH.CENTER,
               f"title paragraphs: {len(titles)}"))
checks.append(("justified", 2, bool(body) and aligns.count(WD_ALIGN_PARAGRAPH.JUSTIFY) == len(body),
               f"alignments: {aligns}"))
checks.append(("line_spacing", 2, bool(body) and len(spaced) == len(body), f"spacing: {spacings}"))
checks.append(("space_after", 1, bool(body) and len(after_ok) == len(body),
               f"space after: {[a.pt if a is not None else None for a in afters]}"))
# The title's alignment and the section's alignment, line spacing and space below may change;
# nothing else (no indent, no space above, no font change, no other paragraph).
loose = {x.text: ("alignment", "line_spacing", "space_after")
         for x in section_blocks(first, P["section"]) or [] if not hasattr(x, "rows")}
loose[P["title"]] = ("alignment",)
