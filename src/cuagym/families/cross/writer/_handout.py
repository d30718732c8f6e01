"""impress → writer: a handout document that follows a deck's slides.

The reward recomputes the expected sections from the deck as it is in the final state (its
slide titles and bullet points): reading state, so "from the deck" is checkable without the
Generator's slides. A guard pins the deck to the slide titles the context states and the
whole-home guard keeps it as setup wrote it, so editing the deck to match does not pay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.impress import PPTX_BUILDER, DeckPlan, deck_spec, pick_deck, slide_list
from cuagym.apps.writer import PEOPLE, para
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._office import fragment, quote
from cuagym.families._office_impress import deck_context, deck_params
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import WriterFamily, doc_guards, files_guard
from cuagym.families.cross.writer._oracle import DeckHandoutOracle

#: Script fragments: real modules (:mod:`cuagym.families.cross.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.cross.writer._fragments"
_DECK_HANDOUT_HELPERS = fragment(_FRAGMENTS, "deck_handout_helpers.py")
_DECK_HANDOUT_CHECKS = fragment(_FRAGMENTS, "deck_handout_checks.py")

__all__ = ["DeckHandout"]


def _frames(doc: str, deck: str) -> list[str]:
    """Sentence frames: each names both files, where the sections go (after what the handout
    holds), one per slide but the title slide in deck order, heading level 1 with the slide's
    title, its points as a bulleted list, and a slide without points as a bare heading."""
    return [
        f"Turn {doc} into a handout of {deck}: after its introduction, add one section per "
        "slide except the title slide, in the deck's order, each a level-1 heading with the "
        "slide's title followed by that slide's bullet points as a bulleted list (a slide "
        "without bullet points gets only its heading).",
        f"The audience should get the content of {deck} on paper. Below the existing text of "
        f"{doc}, write every slide after the first as a level-1 heading carrying its title, with "
        "the slide's bullet points under it as bullets, word for word and in slide order; slides "
        "that have no points are just a heading.",
        f"Fill the handout {doc} from the presentation {deck}. For each slide apart from the "
        "opening title slide, and in the same order, the handout needs its title as a "
        "level-1 heading and its points as a bulleted list beneath; where a slide has no "
        "points, the heading stands alone. Keep what the handout already says at the top.",
        f"Copy the outline of {deck} into {doc}, after the text already there: slide titles "
        "(all but the title slide's) become level-1 headings in deck order, and the bullet "
        "points of each slide follow its heading as a bulleted list with the same wording. A "
        "slide without bullets contributes its heading only.",
        f"I'm handing out {doc} at the {deck} presentation, so it has to mirror the slides: "
        "under the introduction, one level-1 heading per slide (skip the title slide) with the "
        "exact slide title, each followed by the slide's bullet points formatted as a bulleted "
        "list, keeping the deck's order. Slides with no points get a heading and nothing else.",
        f"Readers of {doc} should find the slides of {deck} reproduced after its opening "
        "text: a heading of level 1 naming each slide but the first, exactly as titled, and "
        "the slide's points listed with bullets below it, all in the deck's sequence. Where "
        "a slide lacks points, its heading is enough.",
        f"Extend {doc} with the material of {deck}, leaving the introduction as it is. Every "
        "slide past the title slide contributes, in order, a level-1 heading equal to its "
        "title plus, beneath, its bullets as a bulleted list in identical words; a slide "
        "with no bullets contributes the heading alone.",
        f"Write up {deck} in the handout {doc}: below what is already written, the titles of "
        "the slides that follow the title slide appear as level-1 headings in presentation "
        "order, and under each heading sit that slide's points as bullets, unchanged. A "
        "slide without points leaves just its heading.",
        f"Once you finish, {doc} mirrors {deck} from its second slide onwards: for each "
        "slide in turn, a first-level heading with the slide title, followed by a bulleted "
        "list of the slide's text points verbatim, or by nothing if the slide has none. The "
        "introduction at the top stays.",
        f"Visitors at the booth take {doc} home, so it should hold what {deck} shows. After "
        "its introduction, give each slide except the title slide, in order, a level-1 "
        "heading with the slide's title and, below it, the slide's points as a bulleted "
        "list in the same words; a slide with no points gets the heading only.",
        f"Some attendees cannot see the screen, and {doc} is their copy of {deck}. Keep its "
        "introduction and follow it with every slide after the title slide, in deck order: "
        "the slide title as a level-1 heading, then its bullet points, word for word, as "
        "bullets. Slides without points contribute only their heading.",
    ]


class DeckHandoutParams(TaskParams):
    """What a deck-handout task states (its ``params``)."""

    path: str
    title: str
    company: str
    slides: list[str]
    deck: str
    heading: str


class DeckHandout(WriterFamily):
    id: ClassVar[str] = "deck-handout"
    params_type: ClassVar[type[TaskParams] | None] = DeckHandoutParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = DeckHandoutOracle
    apps: ClassVar[tuple[str, ...]] = ("impress", "writer")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = (
        "document-structure",
        "outline",
        "outline-from-presentation",
    )
    also_covers: ClassVar[tuple[str, ...]] = (
        "writer:lists/bullets-numbering/make-list",
        "writer:styles/paragraph-styles/apply-heading",
        "writer:editing/text-entry/type-text",
    )

    builders: ClassVar[dict[str, str]] = {**WriterFamily.builders, "pptx": PPTX_BUILDER}
    reward_imports: ClassVar[str] = (
        WriterFamily.reward_imports
        + "from pptx import Presentation\nfrom pptx.enum.shapes import PP_PLACEHOLDER\n"
    )
    patch_imports: ClassVar[str] = WriterFamily.patch_imports + "from pptx import Presentation\n"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The deck in Impress, then the handout in Writer (on top: it is what changes)."""
        return [
            StartWindow(app="impress", path=params["deck"]),
            StartWindow(app="writer", path=params["path"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(3, 4))
        stem = plan.file.removesuffix(".pptx")
        path = f"/home/user/Documents/{stem}_handout.docx"
        heading = f"{plan.title} \u2014 Handout"
        return self.make_task(
            task_id,
            rng.choice(_frames(path.rsplit("/", 1)[-1], plan.file)),
            deck_context(plan) + f" {path} is the handout: a title {quote(heading)} and one "
            "introductory paragraph, nothing else yet.",
            **{**deck_params(plan), "deck": plan.path, "path": path},
            heading=heading,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        plan = DeckPlan(p["title"], p["deck"], p["company"], tuple(p["slides"]))
        blocks: list[dict[str, Any]] = [
            {"t": "title", "text": p["heading"]},
            para(
                f"These notes follow the slides of the {p['title']} presentation, prepared by "
                f"{rng.choice(PEOPLE)} for {p['company']}."
            ),
        ]
        return [
            deck_spec(plan, slide_list(rng, plan)),
            {"kind": "docx", "path": p["path"], "title": p["heading"], "blocks": blocks},
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["deck"])
doc = Document(P["path"])
for slide in list(deck.slides)[1:]:
    doc.add_paragraph(slide.shapes.title.text_frame.text, style="Heading 1")
    for shape in slide.placeholders:
        if shape.placeholder_format.idx == 1 and shape.has_text_frame:
            for paragraph in shape.text_frame.paragraphs:
                if paragraph.text.strip():
                    doc.add_paragraph(paragraph.text, style="List Bullet")
doc.save(P["path"])
"""

    def reward_read(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
first = Document(initial_path(P["path"]))
deck = Presentation(P["deck"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            _DECK_HANDOUT_CHECKS
            + doc_guards(after="body_view(doc)[:len(kept)]")
            + files_guard("path")
        )

    reward_helpers: ClassVar[str] = WriterFamily.reward_helpers + "\n" + _DECK_HANDOUT_HELPERS
