"""Families on cleaning up text pasted in with stray formatting: direct formatting cleared."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.writer import body_blocks, filler, heading_block, pick_plan
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
from cuagym.families.writer._oracle_text import ClearFormattingOracle
from cuagym.families.writer._text import _listing

__all__ = ["ClearFormatting"]


def _frames(doc: str, part: str) -> list[str]:
    """Sentence frames: each names the document and the section, that no character of its
    body paragraphs stays bold or italic, and that the wording and the heading stay."""
    return [
        f"In {doc}, make the body text of the {part} section plain again: no bold or italic "
        "anywhere in its paragraphs. The heading and the wording stay as they are.",
        f"The paragraphs under {part} in {doc} were pasted in with scattered bold and italic "
        "words; remove that formatting so they read like the rest of the body text, without "
        "changing a word.",
        f"Clear the stray bold and italic formatting from every paragraph of the {part} "
        f"section of {doc} (not its heading), keeping the text itself.",
        f"Not a word of the body text in the {part} section of {doc} should stay bold or "
        "italic; strip that formatting out and leave the words and the section heading alone.",
        f"I'd like the {part} paragraphs of {doc} back in plain body text, with every bold or "
        "italic word made regular and nothing else altered.",
    ]


class ClearFormattingParams(TaskParams):
    """What a clear-formatting task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    section: str
    count: int


class ClearFormatting(WriterFamily):
    id: ClassVar[str] = "clear-formatting"
    params_type: ClassVar[type[TaskParams] | None] = ClearFormattingParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = ClearFormattingOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "character", "clear-formatting")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        section = rng.choice(plan.sections)
        count = rng.randint(2, 3)
        return self.make_task(
            task_id,
            rng.choice(_frames(plan.file, quote(section))),
            f"{plan.path} is the report {quote(plan.title)} with the sections "
            f"{_listing(plan.sections)}. The {quote(section)} section has {count} body "
            "paragraphs in which some words are bold or italic; no other body text is.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            section=section,
            count=count,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for section in p["sections"]:
            blocks.append(heading_block(section))
            if section != p["section"]:
                blocks += body_blocks(rng, "the project", 1, 2)
                continue
            for _ in range(p["count"]):
                words = filler(rng, "the project", rng.randint(2, 3)).split(" ")
                runs: list[list[str]] = []
                for word in words:  # every third-or-so word bold, italic or both
                    fmt = rng.choice(["", "", "b", "i", "bi"])
                    if runs and runs[-1][1] == fmt:
                        runs[-1][0] += " " + word
                    else:
                        runs.append([(" " if runs else "") + word, fmt])
                if all(f == "" for _, f in runs):
                    runs[0][1] = "b"
                blocks.append({"t": "para", "runs": runs})
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
for paragraph in section_paras(doc, P["section"]):
    for run in paragraph.runs:
        run.bold = None
        run.italic = None
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
body = [b for b in section_blocks(doc, P["section"]) or [] if not hasattr(b, "rows")]
bold = [sum(char_flags(b, "bold")[1]) for b in body]
italic = [sum(char_flags(b, "italic")[1]) for b in body]
checks.append(("paragraphs_kept", 0, len(body) == P["count"], f"{len(body)} paragraphs"))
checks.append(("some_plain", 1, any(not b and not i for b, i in zip(bold, italic)),
               f"bold characters: {bold}, italic: {italic}"))
checks.append(("no_bold", 2, bool(body) and not any(bold), f"bold characters: {bold}"))
checks.append(("no_italic", 2, bool(body) and not any(italic), f"italic characters: {italic}"))
# The section's paragraphs may lose their runs' formatting (and their runs merge); their
# wording, their paragraph style and every other paragraph are as setup wrote them.
loose = {x.text: ("runs", "formats")
         for x in section_blocks(first, P["section"]) or [] if not hasattr(x, "rows")}
runs0 = {b[2]: b[4] for b in body_view(first) if b[0] == "p"}
runs1 = {b[2]: b[4] for b in body_view(doc) if b[0] == "p"}
other = [t[:30] for t in loose if t in runs0 and t in runs1
         and char_formats(runs0[t], (1, 2)) != char_formats(runs1[t], (1, 2))]
checks.append(("no_other_formatting", 0, not other, "other formatting changed: " + listing(other)))
"""
            + doc_guards(loose="loose")
            + files_guard("path")
        )
