"""Families on reviewing a document: a comment on a phrase."""

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
from cuagym.families.writer._oracle_text import AcceptChangesOracle, CommentPhraseOracle
from cuagym.families.writer._text import _listing

__all__ = ["AcceptChanges", "CommentPhrase"]

# (phrase, the reviewer's comment): no phrase is in the filler sentences, so it occurs once.
_REMARKS: tuple[tuple[str, str], ...] = (
    ("the March deadline", "Please confirm this date with the vendor."),
    ("the revised budget", "Which version of the budget is this?"),
    ("the pilot results", "Add the numbers from the second site."),
    ("the new supplier", "Name the supplier here."),
    ("the weekly report", "Who owns this report now?"),
    ("the migration plan", "Link the latest draft of the plan."),
)


def _frames(doc: str, phrase: str, remark: str) -> list[str]:
    """Sentence frames: each names the document, the phrase the comment is anchored to and the
    comment's exact text."""
    return [
        f"Add a comment reading {remark} to the words {phrase} in {doc}.",
        f"In {doc}, attach the review comment {remark} to the phrase {phrase}, and to nothing "
        "more than that phrase.",
        f"Leave a note on {phrase} in {doc}: a comment whose text is exactly {remark}.",
        f"The phrase {phrase} in {doc} needs a reviewer's comment saying {remark}; the "
        "document's text itself stays as it is.",
        f"Comment on {phrase} in {doc} with {remark} (the comment covers just those words).",
    ]


class CommentPhraseParams(TaskParams):
    """What a comment-phrase task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    section: str
    phrase: str
    remark: str


class CommentPhrase(WriterFamily):
    id: ClassVar[str] = "comment-phrase"
    params_type: ClassVar[type[TaskParams] | None] = CommentPhraseParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = CommentPhraseOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("editing", "comments", "add-comment")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        phrase, remark = rng.choice(_REMARKS)
        section = rng.choice(plan.sections)
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, quote(phrase), quote(remark))),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(plan.sections)}. The phrase {quote(phrase)} occurs once, in the "
            f"{quote(section)} section; the document has no comments yet.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            section=section,
            phrase=phrase,
            remark=remark,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for section in p["sections"]:
            blocks += [heading_block(section), *body_blocks(rng, "the project", 1, 2)]
            if section == p["section"]:
                host = f"{filler(rng, 'the project', 1)} The next phase depends on {p['phrase']}."
                blocks.insert(len(blocks) - rng.randint(0, 1), para(host))
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
host = next(x for x in doc.paragraphs if P["phrase"] in x.text)
run = host.runs[0]  # setup writes the paragraph as one run
before, after = run.text.split(P["phrase"], 1)
run.text = before
marked = host.add_run(P["phrase"])
host.add_run(after)
doc.add_comment(marked, text=P["remark"], author="Reviewer", initials="R")
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
notes = {str(c.comment_id): squash(c.text) for c in doc.comments}
spans = comment_spans(doc)
right = [i for i, t in notes.items() if t == squash(P["remark"])]
checks.append(("comment_added", 1, bool(notes), f"{len(notes)} comments"))
checks.append(("comment_text", 2, bool(right), f"comments: {list(notes.values())}"))
checks.append(("on_the_phrase", 2, any(squash(spans.get(i, "")) == P["phrase"] for i in right),
               f"commented text: {[spans.get(i, '') for i in right]}"))
checks.append(("one_comment", 1, len(notes) == 1, f"{len(notes)} comments"))
# The commented paragraph reads as before (its runs may split around the comment's marks);
# every other paragraph is as setup wrote it.
hosts = [x.text for x in first.paragraphs if P["phrase"] in x.text]
loose = {t: ("runs",) for t in hosts}
"""
            + doc_guards(loose="loose")
            + files_guard("path")
        )

    reward_helpers: ClassVar[str] = (
        WriterFamily.reward_helpers
        + '''

W_NS = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def comment_spans(doc):
    """{comment id: the body text between its commentRangeStart and commentRangeEnd}."""
    spans, open_ids = {}, []
    for node in doc.element.body.iter(W_NS + "commentRangeStart", W_NS + "commentRangeEnd",
                                       W_NS + "t"):
        if node.tag == W_NS + "commentRangeStart":
            open_ids.append(node.get(W_NS + "id"))
            spans.setdefault(open_ids[-1], "")
        elif node.tag == W_NS + "commentRangeEnd":
            if node.get(W_NS + "id") in open_ids:
                open_ids.remove(node.get(W_NS + "id"))
        else:
            for i in open_ids:
                spans[i] += node.text or ""
    return spans
'''
    )


# Sentences with one revised word: (template, the word before, the word after).
_REVISIONS: tuple[tuple[str, str, str], ...] = (
    ("The pilot runs for {} weeks before the review.", "six", "eight"),
    ("Progress reports go to the {} team every Friday.", "finance", "operations"),
    ("The steering group meets every {} until launch.", "month", "quarter"),
    ("We plan to hire {} analysts for the second phase.", "two", "three"),
    ("The vendor contract is renewed in {}.", "January", "March"),
    ("Travel stays limited to {} trips per person.", "four", "two"),
)
_ADDED = " This was agreed with the sponsors."
_REMOVED = " Figures are still provisional."


def _accept_frames(doc: str, reviewer: str) -> list[str]:
    """Sentence frames: each names the document and that every tracked change is accepted
    (none left pending)."""
    return [
        f"Accept every tracked change in {doc} so that its text reads as revised and no change "
        "is left pending.",
        f"The tracked edits {reviewer} made to {doc} are approved: accept all of them, leaving "
        "no insertion or deletion marked.",
        f"Finalise {doc} by accepting all of its pending tracked changes.",
        f"All the revisions tracked in {doc} should be accepted; afterwards the document has "
        "no tracked changes left.",
        f"Make the tracked insertions and deletions in {doc} permanent by accepting each one "
        "of them.",
    ]


class AcceptChangesParams(TaskParams):
    """What a accept-changes task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    reviewer: str
    count: int


class AcceptChanges(WriterFamily):
    id: ClassVar[str] = "accept-changes"
    params_type: ClassVar[type[TaskParams] | None] = AcceptChangesParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = AcceptChangesOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("editing", "track-changes", "accept-reject")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        reviewer = rng.choice([p for p in PEOPLE if p != plan.author])
        count = rng.randint(2, 4)
        return self.make_task(
            task_id,
            rng.choice(_accept_frames(plan.file, reviewer)),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(plan.sections)}. Change tracking recorded {count} edits by {reviewer} "
            "(words replaced, a sentence added, a sentence removed), all still pending.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            reviewer=reviewer,
            count=count,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        # the edits: word swaps, then the added and the removed sentence, count in all
        swaps = rng.sample(_REVISIONS, p["count"] - 2)
        edits: list[list[list[str]]] = []
        for template, old, new in swaps:
            before, after = template.split("{}")
            edits.append([[before, ""], [old, "-"], [new, "+"], [after, ""]])
        edits.append([[filler(rng, "the project", 1), ""], [_ADDED, "+"]])
        edits.append([[filler(rng, "the project", 1), ""], [_REMOVED, "-"]])
        rng.shuffle(edits)
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for i, section in enumerate(p["sections"]):
            blocks += [heading_block(section), *body_blocks(rng, "the project", 1, 2)]
            mine = edits[i :: len(p["sections"])]  # spread over the sections
            blocks += [{"t": "para", "runs": runs} for runs in mine]
        return [
            {
                "kind": "docx",
                "path": p["path"],
                "title": p["title"],
                "reviewer": p["reviewer"],
                "blocks": blocks,
            }
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
body = doc.element.body
for gone in body.xpath(".//w:del"):
    gone.getparent().remove(gone)
for added in body.xpath(".//w:ins"):
    for child in list(added):
        added.addprevious(child)
    added.getparent().remove(added)
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
pending = doc.element.body.xpath(".//w:ins | .//w:del | .//w:moveFrom | .//w:moveTo")
before = doc_texts(first)
after = doc_texts(doc)
tracked = [i for i, x in enumerate(first.element.body.iter(W_P)) if x.xpath(".//w:ins | .//w:del")]
elements = list(doc.element.body.iter(W_P))
done = [i for i in tracked if i < len(elements) and not elements[i].xpath(".//w:ins | .//w:del")
        and squash(after[i]) == squash(before[i])]
same = [squash(t) for t in after if t.strip()] == [squash(t) for t in before if t.strip()]
checks.append(("changes_found", 0, len(tracked) == P["count"], f"{len(tracked)} edited paragraphs"))
checks.append(("none_pending", 2, not pending, f"{len(pending)} tracked changes left"))
checks.append(("some_accepted", 1, bool(done), f"{len(done)} of {len(tracked)} accepted"))
checks.append(("text_accepted", 2, not pending and same, "the text reads as revised"))
# The edited paragraphs' runs may merge (their text is checked above); every other
# paragraph, heading and the page are as setup wrote them.
loose = {x.text: ("text", "runs", "formats") for i, x in enumerate(first.paragraphs)
         if x._p.xpath(".//w:ins | .//w:del")}
"""
            + doc_guards(loose="loose")
            + files_guard("path")
        )

    reward_helpers: ClassVar[str] = (
        WriterFamily.reward_helpers
        + '''

W_P = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}p"


def doc_texts(doc):
    """Every body paragraph's text with its tracked changes accepted: inserted text (w:t in a
    w:ins) in, deleted text (w:delText) out."""
    return ["".join(x.xpath(".//w:t/text()")) for x in doc.element.body.iter(W_P)]
'''
    )
