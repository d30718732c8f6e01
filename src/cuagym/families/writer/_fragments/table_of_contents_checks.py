"""The reward checks of ``table-of-contents``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
import re

from docx.text.paragraph import Paragraph

from cuagym.apps.writer._reward_lib import body_view, heading_level, squash
from cuagym.families._office_scope import P, checks, doc
from cuagym.families.writer._fragments.table_of_contents_helpers import W_P, para_text

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
paras = list(doc.element.body.iter(W_P))
texts = [para_text(x) for x in paras]
styled = [Paragraph(x, doc._body) for x in paras]
start = next((i for i, t in enumerate(texts) if squash(t) == squash(P["byline"])), None)
end = next((i for i, x in enumerate(styled) if heading_level(x) == 1 and x.text.strip()), None)
region = [t for t in texts[start + 1:end] if t.strip()] if start is not None and end else []
if region and squash(region[0]).casefold() in ("table of contents", "contents"):
    region = region[1:]  # the table's own title
split = [t.rsplit("\t", 1) if "\t" in t else [t, ""] for t in region]
listed = [squash(a) for a, _ in split]
pages = [squash(b) for _, b in split]
wanted = [squash(x.text) for x in doc.paragraphs if heading_level(x) in (1, 2) and x.text.strip()]
instr = " ".join(doc.element.body.xpath(".//w:instrText/text() | .//w:fldSimple/@w:instr"))
checks.append(("placed", 0, start is not None and end is not None and start < end,
               "the byline comes before the first section"))
checks.append(("entries_some", 1, bool(listed) and listed[0] == wanted[0],
               f"entries: {listed[:3]}"))
checks.append(("entries_all", 2, listed == wanted, f"entries: {listed}, headings: {wanted}"))
checks.append(("page_numbers", 1, bool(pages) and all(x.isdigit() for x in pages),
               f"pages: {pages}"))
checks.append(("generated", 2, bool(re.search(r"\bTOC\b", instr)), "a TOC field in the body"))
# Everything but the table (between the byline and the first heading) is as setup wrote it.
after = body_view(doc)
at = next((i for i, b in enumerate(after) if b[0] == "p" and squash(b[2]) == squash(P["byline"])),
          None)
to = next((i for i, b in enumerate(after) if b[0] == "p" and b[1] == "heading 1"), None)
rest = after[:at + 1] + after[to:] if at is not None and to is not None else after
