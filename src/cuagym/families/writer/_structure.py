"""Families on document structure: lists, a new section, a title page."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import (
    MONTHS,
    PEOPLE,
    SECTIONS,
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
from cuagym.families.writer._oracle_structure import (
    InsertSectionOracle,
    MakeListOracle,
    TitlePageOracle,
)
from cuagym.families.writer._text import _listing

#: Script fragments: real modules (:mod:`cuagym.families.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.writer._fragments"
_INSERT_SECTION_CHECKS = fragment(_FRAGMENTS, "insert_section_checks.py")
_TITLE_PAGE_CHECKS = fragment(_FRAGMENTS, "title_page_checks.py")

__all__ = ["InsertSection", "MakeList", "TitlePage"]

_LIST_SECTIONS = ("Next Steps", "Recommendations", "Open Questions")
_ITEMS: tuple[str, ...] = (
    "Confirm the remaining budget with finance.",
    "Book the training rooms for the first two weeks.",
    "Share the revised timeline with all site leads.",
    "Collect sign-off from the data protection officer.",
    "Set up a weekly check-in with the vendor.",
    "Publish the updated process guide on the intranet.",
    "Decide who owns the reporting dashboard.",
    "Archive the old request forms.",
    "Schedule the follow-up survey for staff.",
    "Agree on the success metrics with the sponsors.",
)


def _plan_with(rng: random.Random, section: str, n: int) -> list[str]:
    """``n`` section headings in document order, ending with ``section``."""
    pool = [s for s in SECTIONS if s not in _LIST_SECTIONS]
    return [*(pool[i] for i in sorted(rng.sample(range(len(pool)), n - 1))), section]


class MakeListParams(TaskParams):
    """What a make-list task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    section: str
    kind: str
    count: int


class MakeList(WriterFamily):
    id: ClassVar[str] = "make-list"
    params_type: ClassVar[type[TaskParams] | None] = MakeListParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = MakeListOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("lists", "bullets-numbering", "make-list")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng)
        section = rng.choice(_LIST_SECTIONS)
        sections = _plan_with(rng, section, rng.randint(3, 4))
        kind = rng.choice(["bulleted", "numbered"])
        what = "a numbered list (1., 2., 3., ...)" if kind == "numbered" else "a bulleted list"
        count = rng.randint(4, 6)
        doc, part = plan.file, quote(section)
        frames = [
            f"In {doc}, turn the {count} paragraphs under the {part} heading into {what}, "
            "keeping their wording and order.",
            f"The {count} items in the {part} section of {doc} are plain paragraphs; make them "
            f"{what} with the same text in the same order.",
            f"Format the {part} section of {doc} as {what}: its {count} paragraphs become the "
            "list's items, unchanged and in their order.",
            f"I'd like the {count} lines under {part} in {doc} shown as {what}, with the same "
            "words and the same order, and nothing else in the document changed.",
            f"Convert what follows the {part} heading in {doc} ({count} paragraphs) into "
            f"{what}, leaving each item's wording and position as it is.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(sections)}. The {quote(section)} section holds {count} one-line items "
            "written as ordinary paragraphs; the document has no lists yet.",
            path=plan.path,
            title=plan.title,
            sections=sections,
            section=section,
            kind=kind,
            count=count,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for section in p["sections"]:
            blocks.append(heading_block(section))
            if section == p["section"]:
                blocks += [para(item) for item in rng.sample(_ITEMS, p["count"])]
            else:
                blocks += body_blocks(rng, "the project")
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
style = "List Number" if P["kind"] == "numbered" else "List Bullet"
for paragraph in section_paras(doc, P["section"]):
    paragraph.style = style
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
items = [b for b in section_blocks(doc, P["section"]) or [] if not hasattr(b, "rows")]
item_texts = {norm(p.text) for p in items}
want = "decimal" if P["kind"] == "numbered" else "bullet"
kinds = [list_format(doc, p) for p in items]
listed = kinds.count(want)
ids = {list_id(p) for p in items}
elsewhere = [norm(p.text)[:30] for p in doc.paragraphs
             if norm(p.text) not in item_texts and list_format(doc, p)]
checks.append(("items_kept", 0, len(items) == P["count"], f"{len(items)} items"))
checks.append(("no_other_lists", 0, not elsewhere, f"also listed: {elsewhere[:3]}"))
checks.append(("some_listed", 1, listed >= 1, f"list formats: {kinds}"))
checks.append(("all_listed", 2, listed == len(items) == P["count"], f"{listed} of {len(items)}"))
checks.append(("one_list", 1, listed == len(items) == P["count"] and len(ids) == 1,
               f"list ids: {sorted(str(i) for i in ids)}"))
# The items may get a list style and its indents; their wording and character formatting
# stay, and so does every other paragraph.
loose = {x.text: ("style", "formats")
         for x in section_blocks(first, P["section"]) or [] if not hasattr(x, "rows")}
"""
            + doc_guards(loose="loose")
            + files_guard("path")
        )


# (heading, intro paragraph, three bullet items); none of the headings is in the memo bank.
_NEW_SECTIONS: tuple[tuple[str, str, tuple[str, str, str]], ...] = (
    (
        "Risks",
        "Three risks could delay the work:",
        (
            "Supplier lead times may slip by several weeks",
            "Key staff are also booked on the annual audit",
            "Budget approval depends on the next forecast",
        ),
    ),
    (
        "Dependencies",
        "The plan depends on three other projects:",
        (
            "The network upgrade at the main site",
            "The new HR system going live",
            "The renewal of the facilities contract",
        ),
    ),
    (
        "Success Criteria",
        "We will call the project a success if:",
        (
            "Processing time drops by at least 20%",
            "No site reports a service outage",
            "Staff satisfaction stays above 75%",
        ),
    ),
    (
        "Assumptions",
        "The estimates rest on these assumptions:",
        (
            "Prices stay within 5% of this year's quotes",
            "Two analysts are available full time",
            "The current tooling licences are renewed",
        ),
    ),
    (
        "Communication Plan",
        "Stakeholders will hear about progress through:",
        (
            "A monthly email update from the sponsor",
            "A short status slot in the all-hands meeting",
            "A shared page on the intranet",
        ),
    ),
)


class InsertSectionParams(TaskParams):
    """What a insert-section task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    before: str
    after: str
    heading: str
    intro: str
    items: list[str]


class InsertSection(WriterFamily):
    id: ClassVar[str] = "insert-section"
    params_type: ClassVar[type[TaskParams] | None] = InsertSectionParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = InsertSectionOracle
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("document-structure", "outline", "insert-section")
    also_covers: ClassVar[tuple[str, ...]] = (
        "writer:editing/text-entry/type-text",
        "writer:lists/bullets-numbering/make-list",
        "writer:styles/paragraph-styles/apply-heading",
    )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        heading, intro, items = rng.choice(_NEW_SECTIONS)
        i = rng.randrange(len(plan.sections) - 1)
        before, after = plan.sections[i], plan.sections[i + 1]
        doc, first, then, head = plan.file, quote(before), quote(after), quote(heading)
        listed = _listing(items)
        frames = [
            f"Add a new section to {doc} between {first} and {then}: a level-1 heading {head}, "
            f"then the paragraph {quote(intro)}, then a bulleted list of these three items: "
            f"{listed}.",
            f"{doc} needs a {head} section (level-1 heading) placed after {first} and before "
            f"{then}. It opens with the paragraph {quote(intro)} and continues with a bulleted "
            f"list: {listed}.",
            f"Between the sections {first} and {then} of {doc}, insert a section headed {head} "
            f"at level 1, holding the introductory paragraph {quote(intro)} followed by the "
            f"bullet points {listed}.",
            f"Write the missing {head} section into {doc}, right after the {first} section and "
            f"before {then}: its title as a level-1 heading, the sentence {quote(intro)} as a "
            f"normal paragraph, and three bullets: {listed}.",
            f"Extend {doc} with a section called {head} (a level-1 heading) that sits between "
            f"{first} and {then}; its content is the paragraph {quote(intro)} and below it a "
            f"three-item bulleted list: {listed}.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} is the report {quote(plan.title)}; its Heading 1 sections are "
            f"{_listing(plan.sections)}, in that order.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            before=before,
            after=after,
            heading=heading,
            intro=intro,
            items=list(items),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for section in p["sections"]:
            blocks += [heading_block(section), *body_blocks(rng, "the project")]
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
anchor = section_paras(doc, P["before"])[-1]
anchor = insert_after(anchor, P["heading"], "Heading 1")
anchor = insert_after(anchor, P["intro"])
for item in P["items"]:
    anchor = insert_after(anchor, item, "List Bullet")
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return _INSERT_SECTION_CHECKS + doc_guards(after="rest") + files_guard("path")


class TitlePageParams(TaskParams):
    """What a title-page task states (its ``params``)."""

    path: str
    title: str
    subtitle: str
    line: str
    first: str
    sections: list[str]


class TitlePage(WriterFamily):
    id: ClassVar[str] = "title-page"
    params_type: ClassVar[type[TaskParams] | None] = TitlePageParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = TitlePageOracle
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("document-structure", "pages", "title-page")
    also_covers: ClassVar[tuple[str, ...]] = ("writer:page-layout/breaks/page-break",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        subtitle = f"{plan.company} \u2014 internal report"
        line = f"Prepared by {plan.author}, {rng.choice(MONTHS)} {rng.choice([2024, 2025])}"
        first = plan.sections[0]
        doc, title, sub, by, head = (
            plan.file,
            quote(plan.title),
            quote(subtitle),
            quote(line),
            quote(first),
        )
        frames = [
            f"Give {doc} a title page: the title {title} in the Title paragraph style, then "
            f"{sub} and {by} as separate paragraphs below it. The report itself, starting with "
            f"the heading {head}, must begin on a new page after the title page.",
            f"{doc} has no title page yet. Create one holding {title} (Title paragraph style), "
            f"with {sub} and {by} as two separate paragraphs beneath it, and make the report "
            f"start on the following page with its heading {head}.",
            f"Put a cover page in front of {doc}: the title {title} styled as Title, followed "
            f"by the paragraphs {sub} and {by}; a page break must separate it from the report, "
            f"which begins at {head}.",
            f"The report {doc} should open with a page of its own showing {title} in the Title "
            f"style, with {sub} and after it {by} below, each its own paragraph; {head} and "
            "everything after it move to the next page.",
            f"Add a title page to {doc} with three paragraphs, {title} (paragraph style Title), "
            f"{sub} and {by}, and have the body of the report, from the heading {head} on, "
            "start on a fresh page after it.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} has the Heading 1 sections {_listing(plan.sections)}. It starts "
            f"directly with the {quote(first)} heading and has no title yet.",
            path=plan.path,
            title=plan.title,
            subtitle=subtitle,
            line=line,
            first=first,
            sections=list(plan.sections),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = []
        for section in p["sections"]:
            blocks += [heading_block(section), *body_blocks(rng, "the project", 2, 3)]
        return [
            {
                "kind": "docx",
                "path": p["path"],
                "title": p["title"],
                "author": rng.choice(PEOPLE),
                "blocks": blocks,
            }
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
first = find_para(doc, P["first"])
first.insert_paragraph_before(P["title"], style="Title")
first.insert_paragraph_before(P["subtitle"], style="Subtitle")
line = first.insert_paragraph_before(P["line"])
line.add_run().add_break(WD_BREAK.PAGE)
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + _TITLE_PAGE_CHECKS
            + doc_guards(after="after[at_block:]", page_free='("page_starts",)')
            + files_guard("path")
        )
