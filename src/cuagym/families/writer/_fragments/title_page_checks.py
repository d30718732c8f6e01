"""The reward checks of ``title-page``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
from cuagym.apps.writer._reward_lib import body_view, heading_level, page_starts, squash
from cuagym.families._office_scope import P, checks, doc, first

# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
paras = doc.paragraphs
at = next((i for i, x in enumerate(paras)
           if heading_level(x) == 1 and squash(x.text) == squash(P["first"])), None)
before = paras[:at] if at is not None else []
texts = [squash(x.text) for x in before if x.text.strip()]
wanted = [squash(P["title"]), squash(P["subtitle"]), squash(P["line"])]
title_styled = [x for x in before if squash(x.text) == wanted[0] and heading_level(x) == 0]
# A new page: the report's first heading starts one (a page break in a run before its text,
# "page break before", or a section break), and no other page starts than setup's.
starts, starts0 = page_starts(doc), page_starts(first)
heading_start = squash(P["first"])[:60]
checks.append(("report_found", 0, at is not None, f"first heading at paragraph {at}"))
checks.append(("title", 1, wanted[0] in texts, f"title page: {texts}"))
checks.append(("title_style", 1, len(title_styled) == 1, "title uses the Title style"))
checks.append(("subtitle", 1, wanted[1] in texts, f"title page: {texts}"))
checks.append(("prepared_by", 1, wanted[2] in texts, f"title page: {texts}"))
checks.append(("order", 1, texts == wanted, "exactly title, subtitle, line"))
checks.append(("new_page", 2, bool(before) and heading_start in starts,
               f"pages start at: {starts}"))
checks.append(("no_other_page_breaks", 0, [s for s in starts if s != heading_start] == starts0,
               f"pages start at: {starts}"))
# The report itself (from its first heading on) is as setup wrote it.
after = body_view(doc)
at_block = next((i for i, b in enumerate(after) if b[0] == "p" and b[1] == "heading 1"
                 and squash(b[2]) == squash(P["first"])), 0)
