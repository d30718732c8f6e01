"""Wrong end states of every pdf family score below 1.0, and for the stated reason.

Each case is a plausible end state an RL policy reaches, mostly from the gold state (the golden
patch, then a small PyMuPDF script on the export or the home): a page too many or too few,
pages out of order, a stray note or highlight, annotations lost, the export under another name,
the source or a companion document edited, a stray file. It runs for real (setup, the
``initial`` snapshot, the scripts, the reward in a sandbox) and must score < 1.0 with the named
check failing.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest

from cuagym.core import RewardOutput
from cuagym.domains import load_domain
from tests.families.desktop_harness import score_end_states

domain = load_domain("pdf")

pytestmark = pytest.mark.slow

# The export is the newest PDF of the home (setup dates every file in 2025; the patch writes
# now), which also finds the memo family's export, whose name only the memo gives.
_PRELUDE = """
import glob
import os

import pymupdf

P = json.loads({params!r})
os.chdir("/home/user")
pdfs = glob.glob("Documents/**/*.pdf", recursive=True)
OUT = max(pdfs, key=os.path.getmtime)
"""


def script(body: str) -> Any:
    """A change script: ``body`` runs in /home/user with ``P`` and ``OUT`` (the export)."""

    def build(p: dict[str, Any]) -> str:
        return "import json\n" + _PRELUDE.format(params=json.dumps(p)) + body

    return build


def rewrite(body: str) -> Any:
    """Edit the export as ``doc`` (PyMuPDF) and save it in place."""
    return script(
        "doc = pymupdf.open(OUT)\n"
        + body
        + "\ndoc.save(OUT + '.new')\nos.replace(OUT + '.new', OUT)\n"
    )


DROP_LAST = rewrite("doc.delete_page(doc.page_count - 1)")
REVERSED = rewrite("doc.select(list(range(doc.page_count))[::-1])")
EXTRA_NOTE = rewrite('doc[0].insert_text((300, 700), "OK", fontsize=11)')
# a translucent stroke over the running footer, which every text page has
EXTRA_MARK = rewrite(
    "doc[0].draw_line((72, 802), (200, 802), color=(1, 1, 0), width=8.5, stroke_opacity=0.47)"
)
BLANK_ADDED = rewrite("doc.new_page(-1, width=595, height=842)")
NEXT_PAGE_TOO = script("""
src = pymupdf.open(P["source"])
doc = pymupdf.open(OUT)
doc.insert_pdf(src, from_page=P["last"], to_page=P["last"])
doc.save(OUT + ".new")
os.replace(OUT + ".new", OUT)
""")
PLAIN_COPY = script("""
src = pymupdf.open(P["source"])
src.save(OUT)
""")
RENAMED = script('os.replace(OUT, OUT[:-4] + "_final.pdf")\n')
SOURCE_EDITED = script("""
src = pymupdf.open(P["source"])
src[0].insert_text((300, 60), "Reviewed", fontsize=11)
src.save(P["source"] + ".new")
os.replace(P["source"] + ".new", P["source"])
""")
STRAY_FILE = script('open("Documents/export_notes.txt", "w").write("done")\n')
TOTAL_FLAGGED = script("""
src = pymupdf.open(P["source"])
total = [w for w in src[0].get_text("words") if w[4] == "Total"][0]
doc = pymupdf.open(OUT)
doc[0].insert_text((510, (total[1] + total[3]) / 2 + 4), P["note"], fontsize=11)
doc.save(OUT + ".new")
os.replace(OUT + ".new", OUT)
""")
SHEET_EDITED = script("""
import openpyxl
book = openpyxl.load_workbook(P["plan"])
book[P["sheet"]].append(["INV-0000", "added"])
book.save(P["plan"])
""")
SHEET_SORTED = script("""
doc = pymupdf.open(OUT)
order = sorted(range(doc.page_count), key=lambda i: doc[i].get_text().split("INV-")[1][:4])
if order == list(range(doc.page_count)):
    order = order[::-1]
doc.select(order)
doc.save(OUT + ".new")
os.replace(OUT + ".new", OUT)
""")
MEMO_EDITED = script("""
import docx
memo = docx.Document(P["memo"])
memo.add_paragraph("Done.")
memo.save(P["memo"])
""")


@dataclass(frozen=True)
class Case:
    family: str
    seed: int
    why: str  # what is wrong with the end state
    script: Any  # params -> change script
    fails: str  # the check that must catch it
    from_gold: bool = True


CASES: list[Case] = [
    Case("stamp-page", 0, "the last page left out", DROP_LAST, "pages_in_order"),
    Case("stamp-page", 1, "a second, stray note", EXTRA_NOTE, "no_other_text"),
    Case("stamp-page", 2, "the note never written (a plain copy)", PLAIN_COPY, "notes_placed"),
    Case("stamp-page", 0, "the source annotated too", SOURCE_EDITED, "source_kept"),
    Case("extract-range", 0, "the page after the range too", NEXT_PAGE_TOO, "pages_in_order"),
    Case("extract-range", 1, "pages in reverse", REVERSED, "pages_in_order"),
    Case("extract-range", 2, "the whole paper exported", PLAIN_COPY, "pages_in_order"),
    Case("drop-blank-pages", 0, "a blank page at the end", BLANK_ADDED, "pages_in_order"),
    Case("drop-blank-pages", 1, "a text page dropped", DROP_LAST, "pages_in_order"),
    Case("drop-blank-pages", 2, "a stray highlight", EXTRA_MARK, "no_other_marks"),
    Case("highlight-lines", 0, "no highlight (a plain copy)", PLAIN_COPY, "rows_highlighted"),
    Case("highlight-lines", 1, "the footer highlighted too", EXTRA_MARK, "no_other_marks"),
    Case("highlight-lines", 2, "exported under another name", RENAMED, "exported"),
    Case("note-from-memo", 0, "the note never written (a plain copy)", PLAIN_COPY, "notes_placed"),
    Case("note-from-memo", 1, "the memo edited", MEMO_EDITED, "nothing_else_changed"),
    Case("note-from-memo", 2, "a second, stray note", EXTRA_NOTE, "no_other_text"),
    Case("client-pages", 0, "the whole report exported", PLAIN_COPY, "pages_in_order"),
    Case("client-pages", 1, "a client page left out", DROP_LAST, "pages_in_order"),
    Case("client-pages", 2, "pages in reverse", REVERSED, "pages_in_order"),
    Case("flag-invoice-lines", 0, "the total flagged too", TOTAL_FLAGGED, "no_other_text"),
    Case("flag-invoice-lines", 1, "no line flagged (a plain copy)", PLAIN_COPY, "notes_placed"),
    Case("flag-invoice-lines", 2, "a stray file in Documents", STRAY_FILE, "nothing_else_changed"),
    Case("move-appendix", 0, "the paper exported as it was", PLAIN_COPY, "pages_in_order"),
    Case("move-appendix", 1, "pages in reverse", REVERSED, "pages_in_order"),
    Case("move-appendix", 2, "a blank page kept at the end", BLANK_ADDED, "pages_in_order"),
    Case("pages-from-sheet", 0, "invoices in page order, not the sheet's", SHEET_SORTED,
         "pages_in_order"),
    Case("pages-from-sheet", 1, "the dispute sheet edited", SHEET_EDITED, "inputs_as_stated"),
    Case("pages-from-sheet", 2, "the last listed invoice left out", DROP_LAST, "pages_in_order"),
]  # fmt: skip


def params(family: str, seed: int) -> dict[str, Any]:
    return domain.family(family).sample(seed).params or {}  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def outputs() -> dict[int, RewardOutput]:
    """Every case scored: one environment per (family, seed), cases restored from its
    ``initial`` snapshot; a few environments at a time (the CPUs are shared)."""
    groups: dict[tuple[str, int], list[int]] = {}
    for i, case in enumerate(CASES):
        groups.setdefault((case.family, case.seed), []).append(i)
    gate = asyncio.Semaphore(3)

    async def group(key: tuple[str, int], indices: list[int]) -> list[RewardOutput]:
        family = domain.family(key[0])
        gold = family.generate(family.sample(key[1])).golden_patch
        states: list[tuple[str, ...]] = []
        for i in indices:
            change = CASES[i].script(params(*key))
            states.append((gold, change) if CASES[i].from_gold else (change,))
        async with gate:
            return await score_end_states(family, key[1], states)

    async def everything() -> list[list[RewardOutput]]:
        return await asyncio.gather(*(group(k, v) for k, v in groups.items()))

    done = asyncio.run(everything())
    return {i: out for indices, outs in zip(groups.values(), done, strict=True)
            for i, out in zip(indices, outs, strict=True)}  # fmt: skip


def test_every_family_has_three_wrong_end_states_from_gold() -> None:
    for family in domain.families:
        from_gold = [c for c in CASES if c.family == family.id and c.from_gold]
        assert len(from_gold) >= 3, family.id


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"{c.family}:{c.why}" for c in CASES])
def test_a_wrong_end_state_is_not_full_credit(index: int, outputs: dict[int, RewardOutput]) -> None:
    case, out = CASES[index], outputs[index]
    failed = {c.name for c in out.checks if not c.passed}
    assert out.reward is not None and out.reward < 1.0, (case.why, out)
    assert case.fails in failed, (case.why, failed, out)
