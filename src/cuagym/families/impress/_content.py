"""Families on slide content: notes, a typo, title formatting, two columns, a table."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.impress import POOL, DeckPlan, deck_spec, pick_deck, slide_list
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families._impress_oracle import SlideTableOracle
from cuagym.families._office import fragment, quote
from cuagym.families._office_impress import (
    TITLES_GUARD,
    DeckParams,
    ImpressFamily,
    deck_context,
    deck_guards,
    deck_params,
    plan_of,
)
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families.impress._oracle import (
    FixTypoOracle,
    SpeakerNotesOracle,
    TitleFormatOracle,
    TwoColumnOracle,
)
from cuagym.families.impress._slides import _listing

#: Script fragments: real modules (:mod:`cuagym.families.impress._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.impress._fragments"
_TITLE_FORMAT_HELPERS = fragment(_FRAGMENTS, "title_format_helpers.py")
_TWO_COLUMN_LAYOUT_CHECKS = fragment(_FRAGMENTS, "two_column_layout_checks.py")

__all__ = ["FixTypo", "SlideTable", "SpeakerNotes", "TitleFormat", "TwoColumn"]

_NOTES: tuple[str, ...] = (
    "Stress that the pilot numbers come from two sites only.",
    "Ask Lucas to give a one-minute update on hiring.",
    "Remind everyone that the budget figures are before tax.",
    "Point out the customer quote in the appendix.",
    "Mention that the dates depend on the vendor's confirmation.",
)


class SpeakerNotesParams(DeckParams):
    """What a speaker-notes task states (its ``params``)."""

    target: str
    notes: str


class SpeakerNotes(ImpressFamily):
    id: ClassVar[str] = "speaker-notes"
    params_type: ClassVar[type[TaskParams] | None] = SpeakerNotesParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = SpeakerNotesOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("notes", "speaker-notes", "add-notes")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 7))
        target = rng.choice(plan.slides[1:-1])
        notes = rng.choice(_NOTES)
        deck, slide, text = plan.file, quote(target), quote(notes)
        frames = [
            f"In {deck}, add the speaker notes {text} to the slide {slide}.",
            f"The presenter of {deck} needs a reminder on the {slide} slide: put {text} in that "
            "slide's speaker notes.",
            f"Give the slide {slide} of {deck} the speaker notes {text}.",
            f"Write {text} as the notes for the {slide} slide in {deck}, so the presenter sees "
            "it while presenting.",
            f"{deck}: the slide {slide} should carry the presenter notes {text}, and no other "
            "slide changes.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan) + f" The slide {quote(target)} has no speaker notes yet.",
            **deck_params(plan),
            target=target,
            notes=notes,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        slides = slide_list(rng, plan_of(p))
        slides[p["slides"].index(p["target"])].pop("notes", None)
        return [deck_spec(plan_of(p), slides)]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
find_slide(deck, P["target"]).notes_slide.notes_text_frame.text = P["notes"]
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            TITLES_GUARD
            + """
target = slides_titled(deck, P["target"])
notes = norm(notes_of(target[0])) if len(target) == 1 else ""
checks.append(("notes_added", 1, bool(notes), f"notes: {notes[:80]}"))
checks.append(("notes_text", 2, norm(P["notes"]) in notes, "expected: " + P["notes"]))
exact = squash(notes_of(target[0])) if len(target) == 1 else ""
checks.append(("notes_exact", 1, exact == squash(P["notes"]), "exactly the notes, nothing else"))
# Every slide is as setup wrote it but the target's notes.
at = P["slides"].index(P["target"])
before = [v if i != at else v[0] for i, v in enumerate(slide_views(first))]
after = [v if i != at else v[0] for i, v in enumerate(slide_views(deck))]
"""
            + deck_guards("before", "after")
        )


# (misspelling, correct word): nouns, so one set of bullet templates fits them all.
_TYPOS: tuple[tuple[str, str], ...] = (
    ("managment", "management"),
    ("enviroment", "environment"),
    ("buisness", "business"),
    ("calender", "calendar"),
    ("goverment", "government"),
    ("shedule", "schedule"),
    ("maintainance", "maintenance"),
    ("equippment", "equipment"),
)
_TYPO_BULLETS = (
    "{W} review every Monday",
    "Update the {w} plan by Friday",
    "Open {w} questions for the board",
    "{W} costs tracked monthly",
    "New owner for {w} follow-ups",
)


class FixTypoParams(DeckParams):
    """What a fix-typo task states (its ``params``)."""

    wrong: str
    right: str
    count: int


class FixTypo(ImpressFamily):
    id: ClassVar[str] = "fix-typo"
    params_type: ClassVar[type[TaskParams] | None] = FixTypoParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = FixTypoOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("text", "find-replace", "replace-all")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 7))
        wrong, right = rng.choice(_TYPOS)
        count = rng.randint(3, 5)
        deck, bad, good = plan.file, quote(wrong), quote(right)
        frames = [
            f"Correct the misspelling {bad} to {good} everywhere in {deck}, keeping the "
            "capital first letter where the misspelling has one.",
            f"{deck} spells {good} wrongly as {bad} in places. Fix every occurrence; where the "
            "misspelled word starts with a capital letter, so does the corrected one.",
            f"Replace each {bad} in {deck} with the correct spelling {good}, preserving an "
            "initial capital wherever the wrong spelling had one.",
            f"Every instance of the typo {bad} in {deck} should read {good} instead "
            "(capitalised where the typo is capitalised).",
            f"Clean up the spelling in {deck}: {bad} must become {good} on every slide, with "
            "the case of the first letter kept as it was.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan) + f" The word {quote(right)} is misspelled {quote(wrong)} in "
            f"{count} bullet points across the slides (never in a title), and is spelled "
            "correctly nowhere.",
            **deck_params(plan),
            wrong=wrong,
            right=right,
            count=count,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        slides = slide_list(rng, plan_of(p))
        hosts = [s for s in slides if s.get("bullets")]
        for template in rng.sample(_TYPO_BULLETS, p["count"]):
            bullets = rng.choice(hosts)["bullets"]
            text = template.format(w=p["wrong"], W=p["wrong"].capitalize())
            bullets.insert(rng.randint(0, len(bullets)), text)
        everything = " ".join(str(s) for s in slides).casefold()
        if p["right"] in everything:  # the context promises: spelled correctly nowhere
            raise ValueError(f"deck text already contains {p['right']!r}")
        return [deck_spec(plan_of(p), slides)]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
for slide in deck.slides:
    for shape in slide.shapes:
        if not shape.has_text_frame:
            continue
        for paragraph in shape.text_frame.paragraphs:
            for run in paragraph.runs:  # setup writes each bullet as one run
                run.text = run.text.replace(P["wrong"], P["right"]).replace(
                    P["wrong"].capitalize(), P["right"].capitalize())
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            TITLES_GUARD
            + """
text = "\\n".join(all_texts(deck))
wrong = len(re.findall(r"\\b" + re.escape(P["wrong"]) + r"\\b", text, re.IGNORECASE))
right = len(re.findall(r"\\b" + re.escape(P["right"]) + r"\\b", text, re.IGNORECASE))
checks.append(("misspelling_gone", 2, wrong == 0 and right > 0, f"{wrong} misspellings left"))
checks.append(("every_occurrence", 2, right == P["count"],
               f"{right} correct spellings, expected {P['count']}"))
# Spelling the correction back gives the deck setup wrote: every other word, its case and
# formatting are untouched ("Managment" became "Management", not "management").
restored = replaced(slide_views(deck), P["right"].capitalize(), P["wrong"].capitalize())
restored = replaced(restored, P["right"], P["wrong"])
"""
            + deck_guards(after="restored")
        )


_COLORS: tuple[tuple[str, str], ...] = (
    ("dark blue", "1F3864"),
    ("dark red", "C00000"),
    ("dark green", "375623"),
    ("orange", "C55A11"),
)


class TitleFormatParams(DeckParams):
    """What a title-format task states (its ``params``)."""

    size: int
    color: str
    color_name: str


class TitleFormat(ImpressFamily):
    id: ClassVar[str] = "title-format"
    params_type: ClassVar[type[TaskParams] | None] = TitleFormatParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = TitleFormatOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "text", "font-attributes")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 7))
        name, rgb = rng.choice(_COLORS)
        size = rng.choice([36, 40, 48, 54])  # never 44: the template's (and Impress's) default
        deck, title = plan.file, quote(plan.title)
        frames = [
            f"On the title slide of {deck}, make the title {title} bold, {size} pt and colored "
            f"{name} (#{rgb}).",
            f"Format the title {title} on the first slide of {deck}: bold, {size} pt, in {name} "
            f"(#{rgb}).",
            f"The main title {title} of {deck} should be set in bold at {size} pt with the "
            f"colour {name} (#{rgb}).",
            f"Make the opening slide's title in {deck}, {title}, stand out: {size} pt, bold, "
            f"colour #{rgb} ({name}).",
            f"Give the title {title} on the title slide of {deck} a {size} pt bold font "
            f"coloured {name}, hex #{rgb}.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan) + " The title uses the template's default font settings.",
            **deck_params(plan),
            size=size,
            color=rgb,
            color_name=name,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return [deck_spec(plan_of(p), slide_list(rng, plan_of(p)))]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
for paragraph in deck.slides[0].shapes.title.text_frame.paragraphs:
    for run in paragraph.runs:
        run.font.bold = True
        run.font.size = Pt(P["size"])
        run.font.color.rgb = RGBColor.from_string(P["color"])
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            TITLES_GUARD
            + """
shape = deck.slides[0].shapes.title if len(deck.slides) else None
runs = [r for x in shape.text_frame.paragraphs for r in x.runs if r.text.strip()] if shape else []
bold = [r.font.bold for r in runs]
sizes = [r.font.size.pt if r.font.size is not None else None for r in runs]
colors = [rgb_of(r.font) for r in runs]
checks.append(("title_runs", 0, bool(runs), f"{len(runs)} runs in the title"))
checks.append(("bold", 1, bool(runs) and all(b is True for b in bold), f"bold: {bold}"))
checks.append(("size", 1, bool(runs) and all(s == P["size"] for s in sizes), f"sizes: {sizes}"))
checks.append(("color", 2, bool(runs) and all(c == P["color"].upper() for c in colors),
               f"colors: {colors}"))
# Only the title's bold, size and colour may change: its text, italics, underline, its box,
# the rest of the title slide and every other slide are as setup wrote them.
before = [unformatted(v) for v in slide_views(first)[:1]] + slide_views(first)[1:]
after = [unformatted(v) for v in slide_views(deck)[:1]] + slide_views(deck)[1:]
"""
            + deck_guards("before", "after")
        )

    reward_helpers: ClassVar[str] = ImpressFamily.reward_helpers + "\n" + _TITLE_FORMAT_HELPERS


_RIGHT_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("Status: on track", "Owner: operations", "Next review: 30 June"),
    ("Budget: $120k", "Team: four people", "Duration: ten weeks"),
    ("Source: Q2 survey", "Sample: 412 customers", "Margin of error: 3%"),
    ("Approved by the board", "Funded from the Q3 budget", "Reviewed every month"),
)


class TwoColumnParams(DeckParams):
    """What a two-column-layout task states (its ``params``)."""

    target: str
    left: list[str]
    right: list[str]


class TwoColumn(ImpressFamily):
    id: ClassVar[str] = "two-column-layout"
    params_type: ClassVar[type[TaskParams] | None] = TwoColumnParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = TwoColumnOracle
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("layouts", "slide-layout", "change-layout")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_deck(rng, rng.randint(5, 7))
        target = rng.choice([t for t in plan.slides[1:-1] if t in POOL])
        left, right = list(POOL[target]), list(rng.choice(_RIGHT_COLUMNS))
        deck, slide, extra = plan.file, quote(target), _listing(right)
        frames = [
            f"Change the slide {slide} in {deck} to a two-column layout: keep its current "
            f"bullet points in the left column and put {extra} in a right column beside it.",
            f"Split the slide {slide} of {deck} into two columns: its existing bullets stay on "
            f"the left, and a new right-hand column lists {extra}.",
            f"The slide {slide} in {deck} should have two side-by-side columns, the bullet "
            f"points it has now on the left and {extra} on the right.",
            f"Give the {slide} slide of {deck} a second column: lay it out in two columns with "
            f"the current points in the left one and {extra} in the right one.",
            f"Rework {slide} in {deck} as a two-column slide whose left column keeps today's "
            f"bullet points and whose right column holds {extra}.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan) + f" The slide {quote(target)} has one content area with the "
            f"bullet points {_listing(left)}.",
            **deck_params(plan),
            target=target,
            left=left,
            right=right,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        return [deck_spec(plan_of(p), slide_list(rng, plan_of(p)))]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
old = find_slide(deck, P["target"])
# python-pptx cannot switch a slide's layout: build the slide anew on "Two Content" and swap.
new = deck.slides.add_slide(deck.slide_layouts[3])
new.shapes.title.text = P["target"]
fill(new.placeholders[1].text_frame, P["left"])
fill(new.placeholders[2].text_frame, P["right"])
if old.has_notes_slide:
    new.notes_slide.notes_text_frame.text = old.notes_slide.notes_text_frame.text
move_slide(deck, new, index_of(deck, old))
delete_slide(deck, old)
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return TITLES_GUARD + _TWO_COLUMN_LAYOUT_CHECKS + deck_guards("before", "after")


_TABLE_SLIDES = ("Regional Results", "Results by Region", "Revenue by Region")


class SlideTableParams(DeckParams):
    """What a slide-table task states (its ``params``)."""

    target: str
    header: list[str]
    rows: list[list[str]]


class SlideTable(ImpressFamily):
    id: ClassVar[str] = "slide-table"
    params_type: ClassVar[type[TaskParams] | None] = SlideTableParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = SlideTableOracle
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("content", "tables", "insert-table")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        base = pick_deck(rng, rng.randint(4, 6))
        target = rng.choice(_TABLE_SLIDES)
        slides = list(base.slides)
        slides.insert(rng.randint(2, len(slides) - 1), target)
        plan = DeckPlan(base.title, base.path, base.company, tuple(slides))
        header = ["Region", "Revenue ($k)", "Growth"]
        regions = rng.sample(["North", "South", "East", "West", "Central"], rng.randint(3, 4))
        rows = [
            [r, str(rng.randint(150, 900)), f"{rng.choice('+-')}{rng.randint(1, 99) / 10}%"]
            for r in regions
        ]
        told = "; ".join(", ".join(row) for row in rows)
        deck, slide, head = plan.file, quote(target), _listing(header)
        frames = [
            f"On the slide {slide} of {deck}, add a table with the header row {head} and one "
            f"row per region, in this order: {told}.",
            f"The slide {slide} in {deck} needs a table: the header row {head}, and after it a "
            f"row for each region in this order: {told}.",
            f"Put the regional figures on {slide} in {deck} as a table whose first row is "
            f"{head}, followed by these rows in order: {told}.",
            f"Add a table to the {slide} slide of {deck}. It starts with the header {head} and "
            f"continues with one row per region, in the order given: {told}.",
            f"Present these regional results on the slide {slide} of {deck} in a table headed "
            f"{head}, with one row each, in this order: {told}.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            deck_context(plan) + f" The slide {quote(target)} has only its title so far.",
            **deck_params(plan),
            target=target,
            header=header,
            rows=rows,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        slides = slide_list(rng, plan_of(p), notes=False)
        return [deck_spec(plan_of(p), slides)]

    def patch(self, p: dict[str, Any]) -> str:
        return """
deck = Presentation(P["path"])
slide = find_slide(deck, P["target"])
rows = [P["header"], *P["rows"]]
frame = slide.shapes.add_table(len(rows), len(rows[0]), Inches(0.75), Inches(1.8), Inches(8.5),
                               Inches(0.45) * len(rows))
for r, row in enumerate(rows):
    for c, value in enumerate(row):
        frame.table.cell(r, c).text = value
deck.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            TITLES_GUARD
            + """
target = slides_titled(deck, P["target"])
tables = tables_of(target[0]) if len(target) == 1 else []
cells = [[c.text for c in row.cells] for row in tables[0].rows] if tables else []
wanted = [P["header"], *P["rows"]]
same = [[squash(g) for g in got] == [squash(w) for w in want] for got, want in zip(cells, wanted)]
checks.append(("table_added", 1, len(tables) == 1, f"{len(tables)} tables on the slide"))
checks.append(("table_size", 1, len(cells) == len(wanted) and all(len(r) == 3 for r in cells),
               f"{len(cells)} rows"))
checks.append(("header_row", 1, same[:1] == [True], f"header: {cells[:1]}"))
checks.append(("rows_some", 1, any(same[1:]), f"{sum(same[1:])} rows right"))
checks.append(("rows_all", 2, len(cells) == len(wanted) and all(same), f"rows: {cells[1:]}"))
# Every slide is as setup wrote it, but for the table on the target slide.
at = P["slides"].index(P["target"])
before = slide_views(first)
after = slide_views(deck)
if len(after) > at:
    after[at] = [[x for x in after[at][0] if x[0] != "TABLE"], after[at][1]]
"""
            + deck_guards("before", "after")
        )
