"""Families on text and its formatting: heading styles, find & replace, emphasis, paragraphs."""

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
from cuagym.families._office import fragment, quote
from cuagym.families._office_oracle import OfficeOracle
from cuagym.families._office_writer import (
    WriterFamily,
    doc_guards,
    files_guard,
    section_guard,
)
from cuagym.families.writer._oracle_text import (
    EmphasizeOracle,
    HeadingStylesOracle,
    ParagraphFormatOracle,
    ReplaceTermOracle,
)

#: Script fragments: real modules (:mod:`cuagym.families.writer._fragments`), pasted as text.
_FRAGMENTS = "cuagym.families.writer._fragments"
_EMPHASIZE_PHRASE_CHECKS = fragment(_FRAGMENTS, "emphasize_phrase_checks.py")
_PARAGRAPH_FORMAT_CHECKS = fragment(_FRAGMENTS, "paragraph_format_checks.py")

__all__ = ["EmphasizePhrase", "HeadingStyles", "ParagraphFormat", "ReplaceTerm"]

_SUBHEADINGS: tuple[str, ...] = (
    "Site Visits",
    "Interviews",
    "Cost Drivers",
    "Staffing",
    "Tooling",
    "Customer Impact",
    "Training Needs",
    "Quick Wins",
)


def _listing(items: list[str] | tuple[str, ...]) -> str:
    quoted = [quote(i) for i in items]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1] if len(quoted) > 1 else quoted[0]


class HeadingStylesParams(TaskParams):
    """What a apply-heading-styles task states (its ``params``)."""

    path: str
    title: str
    h1: list[str]
    h2: list[str]
    parent: str


class HeadingStyles(WriterFamily):
    id: ClassVar[str] = "apply-heading-styles"
    params_type: ClassVar[type[TaskParams] | None] = HeadingStylesParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = HeadingStylesOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("styles", "paragraph-styles", "apply-heading")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        parent = rng.choice(plan.sections)
        subs = rng.sample(_SUBHEADINGS, 2)
        h1, h2, doc = _listing(plan.sections), _listing(subs), plan.file
        frames = [
            f"In {doc}, make the section titles {h1} level-1 headings (paragraph style Heading "
            f"1), and make the sub-section titles {h2} inside {quote(parent)} level-2 headings "
            "(Heading 2).",
            f"{doc} shows its section titles as bold text only. Turn {h1} into headings of "
            f"level 1 (style Heading 1) and {h2}, which sit inside {quote(parent)}, into "
            "level-2 headings (style Heading 2).",
            f"Give {doc} a real outline: {h1} should become level-1 headings with the Heading 1 "
            f"style, while {h2} under {quote(parent)} should become level-2 headings with the "
            "Heading 2 style.",
            f"The titles {h1} of {doc} need the paragraph style Heading 1; the sub-section "
            f"titles {h2} within {quote(parent)} need Heading 2.",
            f"Style the headings of {doc}: Heading 1 for each of {h1}, and Heading 2 for the "
            f"sub-sections {h2} of the {quote(parent)} section.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} is the report {quote(plan.title)}. Its section and sub-section titles "
            "are ordinary bold paragraphs, not headings; its title already uses the Title style.",
            path=plan.path,
            title=plan.title,
            h1=list(plan.sections),
            h2=subs,
            parent=parent,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        subject = "the project"
        for section in p["h1"]:
            blocks += [para(section, "b"), *body_blocks(rng, subject)]
            if section == p["parent"]:
                for sub in p["h2"]:
                    blocks += [para(sub, "b"), *body_blocks(rng, subject, 1, 2)]
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
for text in P["h1"]:
    find_para(doc, text).style = "Heading 1"
for text in P["h2"]:
    find_para(doc, text).style = "Heading 2"
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            """
levels = {}
for paragraph in doc.paragraphs:
    if paragraph.text.strip():
        levels.setdefault(norm(paragraph.text), []).append(heading_level(paragraph))
named = [norm(t) for t in P["h1"] + P["h2"]]
present = all(len(levels.get(t, [])) == 1 for t in named)
stray = [t for t, found in levels.items() if t not in named and any(found)]
checks.append(("titles_present", 0, present, "each title once"))
checks.append(("no_other_headings", 0, not stray, f"other headings: {stray}"))
for i, text in enumerate(P["h1"]):
    found = levels.get(norm(text), [])
    checks.append((f"heading1_{i + 1}", 1, found == [1], f"{text}: level {found}"))
for i, text in enumerate(P["h2"]):
    found = levels.get(norm(text), [])
    checks.append((f"heading2_{i + 1}", 1, found == [2], f"{text}: level {found}"))
# Only the titles' paragraph style may change, and with it the spacing a heading brings and
# their direct bold (Writer drops it where the heading style is bold already); their wording,
# case and other character formatting stay, and so does every other paragraph.
loose = {t: ("style", "formats", "bold") for t in P["h1"] + P["h2"]}
"""
            + doc_guards(loose="loose")
            + files_guard("path")
        )


# (former name, new name): neither contains the other, so counts are unambiguous.
_RENAMES: tuple[tuple[str, str], ...] = (
    ("Halvorsen Freight", "Halvorsen Logistics"),
    ("Brightwater Farms", "Brightwater Foods"),
    ("Kestrel Data", "Kestrel Analytics"),
    ("Pinecrest Systems", "Pinecrest Software"),
    ("Copperleaf Stores", "Copperleaf Retail"),
    ("Tidewater Power", "Tidewater Energy"),
    ("Marlow Finch Advisory", "Marlow & Finch"),
)
_CLAUSES: tuple[str, ...] = (
    "{c} will provide the services described in Schedule A.",
    "Invoices from {c} are payable within 30 days of receipt.",
    "{c} may subcontract routine maintenance with prior written notice.",
    "{c} shall maintain insurance coverage of at least $2,000,000.",
    "Either party may end this agreement if {c} misses the service levels twice in a row.",
    "{c} will appoint a named account manager for the client.",
    "Support requests sent to {c} are answered within one business day.",
    "{c} keeps all client data within the European Economic Area.",
)
_CONTRACT_SECTIONS = ("Parties", "Services", "Fees", "Term and Termination", "Confidentiality")


class ReplaceTermParams(TaskParams):
    """What a replace-company-name task states (its ``params``)."""

    path: str
    old: str
    new: str
    client: str
    count: int
    in_table: int
    sections: list[str]


class ReplaceTerm(WriterFamily):
    id: ClassVar[str] = "replace-company-name"
    params_type: ClassVar[type[TaskParams] | None] = ReplaceTermParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = ReplaceTermOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("editing", "find-replace", "replace-all")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        old, new = rng.choice(_RENAMES)
        client = rng.choice(["Larkspur Labs", "Oakridge Medical Supply", "Northwind Traders"])
        in_body, in_table = rng.randint(3, 6), rng.randint(1, 2)
        path = f"/home/user/Documents/services_agreement_{client.split()[0].lower()}.docx"
        doc = path.rsplit("/", 1)[-1]
        frames = [
            f"{old} has changed its name to {new}. Update {doc} so that every mention of "
            f"{quote(old)} reads {quote(new)} instead.",
            f"Every {quote(old)} in {doc}, in the body text and in tables alike, must become "
            f"{quote(new)}, the company's new name.",
            f"Since {old} now trades as {new}, replace all occurrences of {quote(old)} in {doc} "
            f"with {quote(new)}.",
            f"Rename the provider throughout {doc}: wherever {quote(old)} appears, write "
            f"{quote(new)}.",
            f"{doc} still refers to the provider by its former name {quote(old)}; bring it up "
            f"to date so that each of those mentions says {quote(new)}.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{path} is the services agreement between {client} and {old}. The name "
            f"{quote(old)} appears {in_body + in_table} times: {in_body} in the body text and "
            f"{in_table} in the fee table. Its sections are {_listing(_CONTRACT_SECTIONS)}.",
            path=path,
            old=old,
            new=new,
            client=client,
            count=in_body + in_table,
            in_table=in_table,
            sections=list(_CONTRACT_SECTIONS),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        clauses = rng.sample(_CLAUSES, p["count"] - p["in_table"] - 1)
        blocks: list[dict[str, Any]] = [{"t": "title", "text": "Master Services Agreement"}]
        providers = [p["old"]] * p["in_table"] + ["Subcontractor"] * rng.randint(1, 3)
        rng.shuffle(providers)
        fees = [["Service", "Provider", "Monthly fee"]] + [
            [svc, who, f"${rng.randint(4, 60) * 50:,}.00"]
            for svc, who in zip(
                rng.sample(["Hosting", "Backups", "Monitoring", "Helpdesk", "Patching"], 5),
                providers,
                strict=False,
            )
        ]
        for section in p["sections"]:
            blocks.append(heading_block(section))
            if section == "Parties":
                blocks.append(
                    para(
                        f"This agreement is made between {p['client']} (the client) "
                        f"and {p['old']} (the provider)."
                    )
                )
            elif section == "Fees":
                blocks += [para("Monthly fees are listed below."), {"t": "table", "rows": fees}]
            body = body_blocks(rng, "the services", 1, 2)
            while clauses and rng.random() < 0.7:
                body.insert(rng.randrange(len(body) + 1), para(clauses.pop().format(c=p["old"])))
            blocks += body
        blocks += [para(c.format(c=p["old"])) for c in clauses]  # any left: a closing clause
        return [
            {
                "kind": "docx",
                "path": p["path"],
                "title": "Master Services Agreement",
                "blocks": blocks,
            }
        ]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
paragraphs = list(doc.paragraphs)
for table in doc.tables:
    for row in table.rows:
        for cell in row.cells:
            paragraphs.extend(cell.paragraphs)
for paragraph in paragraphs:
    for run in paragraph.runs:  # setup writes each mention inside one run
        run.text = run.text.replace(P["old"], P["new"])
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + """
body = " ".join(p.text for p in doc.paragraphs)
table_texts = all_texts(doc)[len(doc.paragraphs):]
tables = " ".join(table_texts)
new_total = body.count(P["new"]) + tables.count(P["new"])
checks.append(("body_updated", 1, P["old"] not in body and P["new"] in body,
               f"old name left in body: {body.count(P['old'])}"))
checks.append(("table_updated", 1, P["old"] not in tables and P["new"] in tables,
               f"old name left in tables: {tables.count(P['old'])}"))
checks.append(("every_mention", 2, new_total == P["count"],
               f"new name appears {new_total} times, expected {P['count']}"))
# Changing the new name back gives the document setup wrote: every other word, its case and
# formatting, every cell and the page setup are untouched (a partial replacement still is).
"""
            + doc_guards(after='replaced(body_view(doc), P["new"], P["old"])')
            + files_guard("path")
        )


_PHRASES: tuple[str, ...] = (
    "written consent",
    "personal data",
    "prior approval",
    "original receipts",
    "two-factor authentication",
    "customer records",
    "overtime pay",
)
_PHRASE_SENTENCES: tuple[str, ...] = (
    "Every request that involves {ph} is logged by the policy owner.",
    "Questions about {ph} go to the compliance team.",
    "Managers must explain the rules on {ph} to new staff.",
    "Exceptions relating to {ph} are reviewed once a quarter.",
    "Audits check how {ph} is handled in each department.",
)
_POLICIES = (
    "Data Handling Policy",
    "Travel and Expenses Policy",
    "Remote Work Policy",
    "Procurement Guidelines",
)
_POLICY_SECTIONS = ("Purpose", "Scope", "Responsibilities", "Procedure", "Exceptions")


class EmphasizePhraseParams(TaskParams):
    """What a emphasize-phrase task states (its ``params``)."""

    path: str
    title: str
    phrase: str
    attr: str
    count: int
    sections: list[str]


class EmphasizePhrase(WriterFamily):
    id: ClassVar[str] = "emphasize-phrase"
    params_type: ClassVar[type[TaskParams] | None] = EmphasizePhraseParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = EmphasizeOracle
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "character", "bold-italic")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        phrase = rng.choice(_PHRASES)
        attr, word = rng.choice([("bold", "bold"), ("italic", "italics")])
        title = rng.choice(_POLICIES)
        path = f"/home/user/Documents/{title.lower().replace(' ', '_')}.docx"
        count = rng.randint(2, 4)
        doc, ph = path.rsplit("/", 1)[-1], quote(phrase)
        frames = [
            f"In {doc}, put every occurrence of the phrase {ph} in {word}: only the phrase "
            "itself, not the rest of its sentence.",
            f"Make the phrase {ph} stand out in {doc} by setting each of its occurrences in "
            f"{word}; the words around it stay as they are.",
            f"Wherever {doc} says {ph}, format just those words in {word}, leaving the "
            "remainder of each sentence untouched.",
            f"Every {ph} in {doc} should appear in {word}, the phrase alone and never the whole "
            "sentence it sits in.",
            f"Emphasise {ph} throughout {doc}: {word} for each occurrence of that exact phrase "
            "and for nothing else in its sentence.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{path} is the {title}, with the sections {_listing(_POLICY_SECTIONS)}. The "
            f"phrase {quote(phrase)} occurs {count} times in its body text, always in lower "
            "case and in plain (not bold or italic) text.",
            path=path,
            title=title,
            phrase=phrase,
            attr=attr,
            count=count,
            sections=list(_POLICY_SECTIONS),
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        sections = list(p["sections"])
        hosts = sorted(rng.sample(range(len(sections)), p["count"] - 1))
        hosts.append(rng.choice(hosts))  # one section mentions it twice
        sentences = rng.sample(_PHRASE_SENTENCES, p["count"])
        blocks: list[dict[str, Any]] = [{"t": "title", "text": p["title"]}]
        for i, section in enumerate(sections):
            blocks += [heading_block(section), *body_blocks(rng, "this policy", 1, 2)]
            for _ in range(hosts.count(i)):
                text = f"{filler(rng, 'this policy', 1)} {sentences.pop().format(ph=p['phrase'])}"
                blocks.insert(len(blocks) - rng.randint(0, 1), para(text))
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
for paragraph in doc.paragraphs:
    if P["phrase"] not in paragraph.text or len(paragraph.runs) != 1:
        continue
    first, *rest = paragraph.runs[0].text.split(P["phrase"])
    paragraph.runs[0].text = first
    for tail in rest:
        setattr(paragraph.add_run(P["phrase"]).font, P["attr"], True)
        paragraph.add_run(tail)
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + _EMPHASIZE_PHRASE_CHECKS
            + doc_guards(loose="loose")
            + files_guard("path")
        )


class ParagraphFormatParams(TaskParams):
    """What a paragraph-format task states (its ``params``)."""

    path: str
    title: str
    sections: list[str]
    section: str
    spacing: float
    after_pt: int
    count: int


class ParagraphFormat(WriterFamily):
    id: ClassVar[str] = "paragraph-format"
    params_type: ClassVar[type[TaskParams] | None] = ParagraphFormatParams
    oracle_type: ClassVar[type[OfficeOracle] | None] = ParagraphFormatOracle
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("formatting", "paragraph", "alignment-spacing")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        plan = pick_plan(rng, rng.randint(3, 5))
        section = rng.choice(plan.sections)
        spacing = rng.choice([1.5, 2.0])
        after = rng.choice([6, 12, 18])
        count = rng.randint(3, 5)
        doc, title, part = plan.file, quote(plan.title), quote(section)
        frames = [
            f"In {doc}, center the document title {title}, and give every paragraph of the "
            f"{part} section (not its heading) justified alignment, a line spacing of "
            f"{spacing:g} lines and {after} pt of space below it. Leave all other paragraphs as "
            "they are.",
            f"Format {doc} as follows: the title {title} centred; the body paragraphs of {part} "
            f"(its heading excluded) justified, with {spacing:g}-line spacing and {after} pt of "
            "space after each. Nothing else changes.",
            f"The {part} section of {doc} should read as justified text with a line spacing of "
            f"{spacing:g} lines and {after} pt below every paragraph (the heading itself "
            f"excluded), and the document title {title} should be centered; every other "
            "paragraph stays as it is.",
            f"Center {title} at the top of {doc}, and set each body paragraph under {part}, but "
            f"not the heading, to justified alignment, {spacing:g} line spacing and {after} pt "
            "spacing below. No other paragraph may change.",
            f"Only two things should change in {doc}: the title {title} becomes centred, and "
            f"the paragraphs in the {part} section (not its heading) get justified alignment, "
            f"{spacing:g} lines of line spacing and {after} pt of space after them.",
        ]
        return self.make_task(
            task_id,
            rng.choice(frames),
            f"{plan.path} is the report {quote(plan.title)}: a title, then the sections "
            f"{_listing(plan.sections)} with Heading 1 headings. The {quote(section)} section "
            f"has {count} body paragraphs; nothing is justified or specially spaced yet.",
            path=plan.path,
            title=plan.title,
            sections=list(plan.sections),
            section=section,
            spacing=spacing,
            after_pt=after,
            count=count,
        )

    def files(self, p: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [
            {"t": "title", "text": p["title"]},
            para(f"Prepared by {rng.choice(PEOPLE)}", "i"),
        ]
        for section in p["sections"]:
            n = p["count"] if section == p["section"] else rng.randint(1, 3)
            blocks += [heading_block(section), *body_blocks(rng, "the project", n, n)]
        return [{"kind": "docx", "path": p["path"], "title": p["title"], "blocks": blocks}]

    def patch(self, p: dict[str, Any]) -> str:
        return """
doc = Document(P["path"])
find_para(doc, P["title"]).alignment = WD_ALIGN_PARAGRAPH.CENTER
for paragraph in section_paras(doc, P["section"]):
    paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    paragraph.paragraph_format.line_spacing = P["spacing"]
    paragraph.paragraph_format.space_after = Pt(P["after_pt"])
doc.save(P["path"])
"""

    def reward_body(self, p: dict[str, Any]) -> str:
        return (
            section_guard()
            + _PARAGRAPH_FORMAT_CHECKS
            + doc_guards(loose="loose")
            + files_guard("path")
        )
