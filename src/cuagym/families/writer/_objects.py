"""Families on objects in the text flow: a hyperlink."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import (
    PEOPLE,
    body_blocks,
    filler,
    heading_block,
    para,
    pick_plan,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import quote
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import (
    WriterFamily,
    doc_guards,
    files_guard,
    section_guard,
)
from cuagym.families.writer._oracle_text import LinkPhraseOracle
from cuagym.families.writer._text import _listing

__all__ = ["LinkPhrase"]

# (phrase, its address): no phrase is in the filler sentences, so it occurs once.
_LINKS: tuple[tuple[str, str], ...] = (
    ("the vendor portal", "https://portal.northwind.example/vendors"),
    ("the expense policy", "https://intranet.example.com/policies/expenses"),
    ("the training calendar", "https://learn.example.com/calendar"),
    ("the incident form", "https://help.example.com/forms/incident"),
    ("the security guidelines", "https://intranet.example.com/security/guidelines"),
    ("the supplier directory", "https://procurement.example.com/suppliers"),
)


def _frames(doc: str, phrase: str, url: str) -> list[str]:
    """Sentence frames: each names the document, the phrase, the address, and that the
    phrase's wording stays as it is."""
    return [
        f"In {doc}, turn the words {phrase} into a hyperlink to {url}, leaving the text itself "
        "unchanged.",
        f"{phrase} in {doc} should link to {url}; the words stay exactly as they are.",
        f"Link the phrase {phrase} in {doc} to the address {url} without changing its wording.",
        f"Readers of {doc} should be able to follow {phrase} to {url}: make that phrase a "
        "hyperlink there and keep its text.",
        f"Add a hyperlink on {phrase} in {doc} that points to {url}; nothing else in the "
        "document changes.",
    ]


class LinkPhraseParams(TaskParams):
    """What a link-phrase task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    section: str
    phrase: str
    url: str


class LinkPhrase(WriterFamily):
    id: ClassVar[str] = "link-phrase"
    params_type: ClassVar[type[TaskParams] | None] = LinkPhraseParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = LinkPhraseOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("document-structure", "objects", "hyperlink")

    patch_imports: ClassVar[str] = (
        WriterFamily.patch_imports + "from docx.opc.constants import RELATIONSHIP_TYPE as RT\n"
    )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        phrase, url = rng.choice(_LINKS)
        section = rng.choice(plan.sections)
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, quote(phrase), url)),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(plan.sections)}. The phrase {quote(phrase)} occurs once, in the "
            f"{quote(section)} section, as plain text; the document has no hyperlinks.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            section=section,
            phrase=phrase,
            url=url,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for section in p["sections"]:
            blocks += [heading_block(section), *body_blocks(rng, "the project", 1, 2)]
            if section == p["section"]:
                host = (
                    f"{filler(rng, 'the project', 1)} The details are in {p['phrase']}, which "
                    f"{rng.choice(PEOPLE)} keeps up to date."
                )
                blocks.insert(len(blocks) - rng.randint(0, 1), para(host))
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
run = host.runs[0]  # setup writes the paragraph as one run
before, after = run.text.split(P["phrase"], 1)
run.text = before
link = OxmlElement("w:hyperlink")
link.set(qn("r:id"), doc.part.relate_to(P["url"], RT.HYPERLINK, is_external=True))
inner = OxmlElement("w:r")
words = OxmlElement("w:t")
words.set(qn("xml:space"), "preserve")
words.text = P["phrase"]
inner.append(words)
link.append(inner)
run._r.addnext(link)
host.add_run(after)  # appended after the link
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
links = [h for x in doc.paragraphs for h in x.hyperlinks]
texts = [squash(h.text) for h in links]
right = [h for h in links
         if squash(h.text) == P["phrase"] and h.url.rstrip("/") == P["url"].rstrip("/")]
checks.append(("link_added", 1, bool(links), f"{len(links)} hyperlinks"))
checks.append(("link_text", 2, P["phrase"] in texts, f"linked texts: {texts}"))
checks.append(("link_address", 2, len(right) == 1, f"addresses: {[h.url for h in links]}"))
checks.append(("only_the_phrase", 1, len(links) == 1, f"linked texts: {texts}"))
# The paragraph holding the phrase reads as before (its runs and the link's character style
# may change); every other paragraph is as setup wrote it.
hosts = [x.text for x in first.paragraphs if P["phrase"] in x.text]
loose = {t: ("runs", "formats") for t in hosts}
"""
            + doc_guards(loose="loose")
            + files_guard("path")
        )
