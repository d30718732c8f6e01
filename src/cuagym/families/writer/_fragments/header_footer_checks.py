"""The reward checks of ``header-footer``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
import re

from cuagym.apps.writer._reward_lib import norm, page_view, squash
from cuagym.families._office_scope import P, checks, doc
from cuagym.scripts._home import initial_path

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
# Every page style in use: each section's default header/footer, plus its first-page ones
# when the section has a different first page.
headers, footers = [], []
for s in doc.sections:
    headers.append(s.header)
    footers.append(s.footer)
    if s.different_first_page_header_footer:
        headers.append(s.first_page_header)
        footers.append(s.first_page_footer)
has_text = [[squash(x.text) for x in h.paragraphs if x.text.strip()] == [squash(P["header"])]
            for h in headers]
instr = [" ".join(f._element.xpath(".//w:instrText/text()") +
                  f._element.xpath(".//w:fldSimple/@w:instr")).upper() for f in footers]
has_page = [bool(re.search(r"\bPAGE\b", i)) for i in instr]
in_body = [x.text for x in doc.paragraphs if norm(P["header"]) in norm(x.text)]
# Writer measures the top and bottom margins to the header and footer, Word to the body text:
# a header added in Writer moves them in the .docx. Orientation, size and the side margins stay.
pages0, pages1 = page_view(initial_path(P["path"])), page_view(P["path"])
sheet0 = [v[:5] for k, v in sorted(pages0.items()) if k.startswith("section")]
sheet1 = [v[:5] for k, v in sorted(pages1.items()) if k.startswith("section")]
checks.append(("not_in_body", 0, not in_body, f"body paragraphs with the header text: {in_body}"))
checks.append(("paper_kept", 0, sheet0 == sheet1, f"pages: {sheet1}"))
checks.append(("header_first_section", 1, has_text[0], "header of the first pages, exactly"))
checks.append(("header_every_page", 1, all(has_text), f"headers with the text: {has_text}"))
checks.append(("page_number_first_section", 1, has_page[0], f"footer fields: {instr[:1]}"))
checks.append(("page_number_every_page", 1, all(has_page), f"footer fields: {instr}"))
