"""Families on parts Writer generates from the document: a table of contents.

A table of contents is read from the document's XML, not through python-docx's paragraphs:
Writer saves it inside a content control (``w:sdt``), which ``Document.paragraphs`` does not
list. The reward walks every ``w:p`` of the body in document order (tabs kept, so an entry's
page number stays apart from its text) and takes the entries between the byline and the first
section heading.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import (
    MONTHS,
    body_blocks,
    heading_block,
    para,
    pick_plan,
)
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
from cuagym.families.writer._oracle_structure import TableOfContentsOracle
from cuagym.families.writer._text import _SUBHEADINGS, _listing

#: Script fragments: real modules (:mod:`cuagym.families.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.writer._fragments"
_TABLE_OF_CONTENTS_HELPERS = fragment(_FRAGMENTS, "table_of_contents_helpers.py")
_TABLE_OF_CONTENTS_CHECKS = fragment(_FRAGMENTS, "table_of_contents_checks.py")
_TABLE_OF_CONTENTS_PATCH = fragment(_FRAGMENTS, "table_of_contents_patch.py")

__all__ = ["TableOfContents"]


def _frames(doc: str, byline: str, first: str) -> list[str]:
    """Sentence frames: each names the document, where the table goes (between the byline
    and the first section), that it is a generated table of contents of every level-1 and
    level-2 heading, and that each entry carries its page number."""
    return [
        f"Insert a table of contents into {doc} between the line {byline} and the first "
        f"section {first}, listing every level-1 and level-2 heading with its page number.",
        f"{doc} needs a table of contents right below {byline}, ahead of the {first} section: "
        "all headings of levels 1 and 2, in document order, each with the page it is on.",
        f"Readers of {doc} should find a table of contents after the byline {byline} and "
        f"before {first}, one entry per level-1 or level-2 heading, with page numbers.",
        f"Add a generated table of contents to {doc}, placed under {byline} and above the "
        f"heading {first}; it must cover the level-1 and level-2 headings and show their page "
        "numbers.",
        f"Between {byline} and {first} in {doc}, put a table of contents that lists the "
        "document's headings of level 1 and 2 together with their page numbers.",
    ]


class TableOfContentsParams(TaskParams):
    """What a table-of-contents task states (its ``params``)."""

    path: str
    title: str
    byline: str
    sections: list[str]


class TableOfContents(WriterFamily):
    id: ClassVar[str] = "table-of-contents"
    params_type: ClassVar[type[TaskParams] | None] = TableOfContentsParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = TableOfContentsOracle
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = (
        "document-structure",
        "generated",
        "table-of-contents",
    )

    reward_imports: ClassVar[str] = (
        WriterFamily.reward_imports + "from docx.text.paragraph import Paragraph\n"
    )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        byline = f"Prepared by {plan.author}, {rng.choice(MONTHS)} {rng.choice([2024, 2025])}"
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, quote(byline), quote(plan.sections[0]))),
            f"{plan.path} is the report {quote(plan.title)}: its title, the byline "
            f"{quote(byline)}, then the Heading 1 sections {_listing(plan.sections)}, some "
            "with Heading 2 sub-sections. It spans several pages and has no table of contents.",
            path=plan.path,
            title=plan.title,
            byline=byline,
            sections=list(plan.sections),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}, para(p["byline"])]
        subs = rng.sample(_SUBHEADINGS, len(_SUBHEADINGS))
        for i, section in enumerate(p["sections"]):
            if i:  # a page per section: the page numbers in the table differ
                blocks.append({"t": "pagebreak"})
            blocks += [heading_block(section), *body_blocks(rng, "the project", 1, 2)]
            for _ in range(rng.randint(0, 2) if i else 1):
                blocks += [heading_block(subs.pop(), 2), *body_blocks(rng, "the project", 1, 1)]
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        # A TOC field as Word writes one (instruction, then its result: an entry per heading,
        # the text, a tab, the page; the field's end in a paragraph of its own after the last
        # entry, else LibreOffice's re-save stamps the next heading with its style's formatting
        # as direct formatting), the way setup's pages run: the title page holds the first
        # section, then one section a page.
        return _TABLE_OF_CONTENTS_PATCH

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + _TABLE_OF_CONTENTS_CHECKS
            + doc_guards(after="rest")
            + files_guard("path")
        )

    reward_helpers: ClassVar[str] = WriterFamily.reward_helpers + "\n" + _TABLE_OF_CONTENTS_HELPERS
