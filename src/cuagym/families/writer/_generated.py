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
from cuagym.families._office import quote
from cuagym.families.writer._base import (
    WriterFamily,
    doc_guards,
    files_guard,
    section_guard,
)
from cuagym.families.writer._text import _SUBHEADINGS, _listing

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


class TableOfContents(WriterFamily):
    id: ClassVar[str] = "table-of-contents"
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
        return """
doc = Document(P["path"])
byline = find_para(doc, P["byline"])
entries, page = [], 1
for paragraph in doc.paragraphs:
    name = paragraph.style.name
    if name == "Heading 1" and entries:
        page += 1
    if name in ("Heading 1", "Heading 2"):
        entries.append((int(name[-1]), paragraph.text, page))
anchor = insert_after(byline, "Table of Contents")
begin = anchor
for level, text, number in entries:
    anchor = insert_after(anchor)
    anchor.paragraph_format.left_indent = Pt(12 * (level - 1))
    anchor.add_run(text)
    anchor.add_run().add_tab()
    anchor.add_run(str(number))
runs = begin.runs
for kind, value in (("begin", None), ("instr", ' TOC \\\\o "1-2" \\\\h '), ("separate", None)):
    run = begin.add_run()
    element = OxmlElement("w:instrText" if kind == "instr" else "w:fldChar")
    if kind == "instr":
        element.set(qn("xml:space"), "preserve")
        element.text = value
    else:
        element.set(qn("w:fldCharType"), kind)
    run._r.append(element)
    runs[0]._r.addprevious(run._r)
end = insert_after(anchor).add_run()
element = OxmlElement("w:fldChar")
element.set(qn("w:fldCharType"), "end")
end._r.append(element)
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
paras = list(doc.element.body.iter(W_P))
texts = [para_text(x) for x in paras]
styled = [Paragraph(x, doc._body) for x in paras]
start = next((i for i, t in enumerate(texts) if squash(t) == squash(P["byline"])), None)
end = next((i for i, x in enumerate(styled) if heading_level(x) == 1 and x.text.strip()), None)
region = [t for t in texts[start + 1:end] if t.strip()] if start is not None and end else []
if region and squash(region[0]).casefold() in ("table of contents", "contents"):
    region = region[1:]  # the table's own title
split = [t.rsplit("\\t", 1) if "\\t" in t else [t, ""] for t in region]
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
checks.append(("generated", 2, bool(re.search(r"\\bTOC\\b", instr)), "a TOC field in the body"))
# Everything but the table (between the byline and the first heading) is as setup wrote it.
after = body_view(doc)
at = next((i for i, b in enumerate(after) if b[0] == "p" and squash(b[2]) == squash(P["byline"])),
          None)
to = next((i for i, b in enumerate(after) if b[0] == "p" and b[1] == "heading 1"), None)
rest = after[:at + 1] + after[to:] if at is not None and to is not None else after
"""
            + doc_guards(after="rest")
            + files_guard("path")
        )

    reward_helpers: ClassVar[str] = (
        WriterFamily.reward_helpers
        + '''

W_NS = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
W_P = W_NS + "p"


def para_text(element):
    """A w:p's text with its tabs (w:tab) kept as "\\\\t", wherever it sits (a content control,
    a hyperlink, a field result)."""
    out = []
    for node in element.iter(W_NS + "t", W_NS + "tab"):
        if node.tag == W_NS + "t":
            out.append(node.text or "")
        elif node.getparent().tag == W_NS + "r":  # a tab character, not a tab stop
            out.append("\\t")
    return "".join(out)
'''
    )
