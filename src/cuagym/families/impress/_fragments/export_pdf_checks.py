"""The reward checks of ``export-pdf``: statements of ``main`` after the read block.

Pasted verbatim below its inline marker (:func:`cuagym.families._office.fragment`); the
imports above it are the names the script binds before it.
"""

# mypy: allow-untyped-calls, allow-untyped-defs, disable-error-code="var-annotated"
import re
import unicodedata

from cuagym.apps.impress._reward_lib import body_lines, norm, slide_changes, slide_views, title_of
from cuagym.families._office_guards import home_relative, home_strays
from cuagym.families._office_scope import P, checks, deck, first, pdf
from cuagym.scripts._globs import listing

# ruff: noqa: B905  (the text below is the scripts' own, kept as it is)
# The text below the marker is part of every generated task's script: kept as it is.
# fmt: off
# -- inlined into reward.py --
# NFKC: a ligature glyph the PDF maps to one character ("\ufb01") reads as its letters
pages = [norm(unicodedata.normalize("NFKC", page.get_text())) for page in pdf] \
    if pdf is not None and pdf.is_pdf else []
# a line may break after a hyphen ("cross-" / "training"): no space after one, on both sides
pages = [re.sub(r"- ", "-", page) for page in pages]
wanted = [(re.sub(r"- ", "-", title_of(s)), [re.sub(r"- ", "-", x) for x in body_lines(s)])
          for s in first.slides]
titled = [t in page for (t, _), page in zip(wanted, pages)]
bodied = [all(x in page for x in lines) for (_, lines), page in zip(wanted, pages)]
checks.append(("pdf_saved", 1, bool(pages), P["pdf"]))
checks.append(("page_count", 2, len(pages) == len(wanted),
               f"{len(pages)} pages for {len(wanted)} slides"))
checks.append(("titles_in_order", 2, len(titled) == len(wanted) and all(titled),
               f"pages with their slide's title: {titled}"))
checks.append(("slide_text", 1, len(bodied) == len(wanted) and all(bodied),
               f"pages with their slide's points: {bodied}"))
# The deck is as setup wrote it (an export does not edit it), and the PDF is the one new file.
deck_diff = slide_changes(slide_views(first), slide_views(deck))
checks.append(("deck_kept", 0, not deck_diff, "deck changed: " + listing(deck_diff)))
strays = home_strays([home_relative(P["pdf"])])
checks.append(("no_other_files", 0, not strays, "other files changed: " + listing(strays)))
