"""Families on page layout: page size, orientation and margins; headers and footers."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import COMPANIES, body_blocks, heading_block, pick_plan
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment, quote
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import (
    WriterFamily,
    doc_guards,
    files_guard,
    section_guard,
)
from cuagym.families.writer._oracle_pages import HeaderFooterOracle, PageSetupOracle
from cuagym.families.writer._text import _listing

#: Script fragments: real modules (:mod:`cuagym.families.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.writer._fragments"
_HEADER_FOOTER_CHECKS = fragment(_FRAGMENTS, "header_footer_checks.py")
_HEADER_FOOTER_PATCH = fragment(_FRAGMENTS, "header_footer_patch.py")

__all__ = ["HeaderFooter", "PageSetup"]

# (long side, short side) in cm
PAPERS: dict[str, tuple[float, float]] = {"A4": (29.7, 21.0), "Letter": (27.94, 21.59)}


class PageSetupParams(TaskParams):
    """What a page-setup task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    paper: str
    orientation: str
    margin_cm: float
    old_paper: str
    old_orientation: str
    old_margin_cm: float


class PageSetup(WriterFamily):
    id: ClassVar[str] = "page-setup"
    params_type: ClassVar[type[TaskParams] | None] = PageSetupParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = PageSetupOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("page-layout", "page-style", "size-orientation")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 4))
        paper, old_paper = rng.sample(sorted(PAPERS), 2)
        orientation, old_orientation = rng.sample(["landscape", "portrait"], 2)
        margin, old_margin = rng.choice([1.5, 2.0, 2.5]), rng.choice([1.27, 3.18])
        doc = plan.file
        frames = [
            f"Set up {doc} to print on {paper} paper in {orientation} orientation, with "
            f"margins of {margin:g} cm on all four sides.",
            f"Change the page layout of {doc} to {paper}, {orientation}, with {margin:g} cm "
            "margins at the top, bottom, left and right.",
            f"{doc} should use {orientation} {paper} pages whose four margins all measure "
            f"{margin:g} cm.",
            f"Switch {doc} to {paper} paper, turn its pages {orientation}, and set every margin "
            f"(top, bottom, left, right) to {margin:g} cm.",
            f"The pages of {doc} must be {paper} in size and {orientation}, and each of the four "
            f"page margins {margin:g} cm wide.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(plan.sections)}. It is laid out {old_orientation} on {old_paper} paper "
            f"with {old_margin:g} cm margins, and has no header or footer.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            paper=paper,
            orientation=orientation,
            margin_cm=margin,
            old_paper=old_paper,
            old_orientation=old_orientation,
            old_margin_cm=old_margin,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        long, short = PAPERS[p["old_paper"]]
        landscape = p["old_orientation"] == "landscape"
        page = {
            "landscape": landscape,
            "width_cm": long if landscape else short,
            "height_cm": short if landscape else long,
            "margin_cm": p["old_margin_cm"],
        }
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for section in p["sections"]:
            blocks += [heading_block(section), *body_blocks(rng, "the project", 2, 3)]
        return [
            {"kind": "docx", "path": p["path"], "title": p["title"], "page": page, "blocks": blocks}
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return f"""
LONG, SHORT = {PAPERS[p["paper"]]!r}
doc = Document(P["path"])
for section in doc.sections:
    if P["orientation"] == "landscape":
        section.orientation = WD_ORIENT.LANDSCAPE
        section.page_width, section.page_height = Cm(LONG), Cm(SHORT)
    else:
        section.orientation = WD_ORIENT.PORTRAIT
        section.page_width, section.page_height = Cm(SHORT), Cm(LONG)
    for side in ("top", "right", "bottom", "left"):
        setattr(section, side + "_margin", Cm(P["margin_cm"]))
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        long, short = PAPERS[p["paper"]]
        return (
            section_guard()
            + f"""
LONG, SHORT = {long!r}, {short!r}  # the {p["paper"]} sheet, cm
"""
            + """
pages = [(s.page_width.cm, s.page_height.cm) for s in doc.sections]
sides = [(s.top_margin.cm, s.right_margin.cm, s.bottom_margin.cm, s.left_margin.cm)
         for s in doc.sections]
landscape = P["orientation"] == "landscape"
oriented = all((w > h) == landscape for w, h in pages)
sized = all(abs(max(w, h) - LONG) < 0.1 and abs(min(w, h) - SHORT) < 0.1 for w, h in pages)
lr = all(abs(s[1] - P["margin_cm"]) < 0.03 and abs(s[3] - P["margin_cm"]) < 0.03 for s in sides)
tb = all(abs(s[0] - P["margin_cm"]) < 0.03 and abs(s[2] - P["margin_cm"]) < 0.03 for s in sides)
checks.append(("orientation", 2, oriented, f"pages (w, h cm): {pages}"))
checks.append(("paper_size", 1, sized, f"pages (w, h cm): {pages}"))
checks.append(("margins_left_right", 1, lr, f"margins (t, r, b, l cm): {sides}"))
checks.append(("margins_top_bottom", 1, tb, f"margins (t, r, b, l cm): {sides}"))
"""
            + doc_guards(page_free='("section",)')
            + files_guard("path")
        )


class HeaderFooterParams(TaskParams):
    """What a header-footer task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    header: str


class HeaderFooter(WriterFamily):
    id: ClassVar[str] = "header-footer"
    params_type: ClassVar[type[TaskParams] | None] = HeaderFooterParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = HeaderFooterOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = (
        "page-layout",
        "headers-footers",
        "header-page-number",
    )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        company = rng.choice(COMPANIES)
        header = rng.choice(
            [
                f"{company} \u2014 Confidential",
                f"{plan.title} \u2014 Draft",
                f"Internal use only \u2014 {company}",
            ]
        )
        doc, head = plan.file, quote(header)
        frames = [
            f"Add the header {head} to every page of {doc}, and show the page number in the "
            "footer of every page.",
            f"Every page of {doc} should carry {head} as its header and its own page number in "
            "the footer.",
            f"Give {doc} a header reading {head} and a footer that shows the page number, both "
            "on all pages.",
            f"Page numbers belong in the footer of {doc}, on each page, and each page's header "
            f"should say {head}.",
            f"Set up {doc} so that {head} heads every page and the current page number appears "
            "at the foot of every page.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} is the report {quote(plan.title)}, several pages long, with the "
            f"sections {_listing(plan.sections)}. It has no header or footer yet.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            header=header,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for i, section in enumerate(p["sections"]):
            if i:  # one section per page: the document really has several pages
                blocks.append({"t": "pagebreak"})
            blocks += [heading_block(section), *body_blocks(rng, "the project", 2, 4)]
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return _HEADER_FOOTER_PATCH

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + _HEADER_FOOTER_CHECKS
            + doc_guards(page_free='("header", "footer", "section")')
            + files_guard("path")
        )
