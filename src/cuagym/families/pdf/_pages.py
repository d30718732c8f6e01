"""Families that choose and order pages: a range, no blank sheets, a client's pages, the
appendix moved to the end."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cuagym.apps.pdf import CLIENTS, paper_doc, report_doc
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.pdf._annotate import client_sections
from cuagym.families.pdf._base import Export, PdfFamily, World, export, quote

__all__ = ["ClientPages", "DropBlankPages", "ExtractRange", "MoveAppendix"]

_PAPERS = ("cold_chain_study", "fleet_efficiency", "warehouse_audit", "returns_analysis")


def _title(path: str) -> str:
    return path.rsplit("/", 1)[1][:-4].replace("_", " ").title()


def _nonblank(doc: dict[str, Any]) -> list[int]:
    return [n for n, lines in enumerate(doc["pages"], 1) if lines]


class ExtractRangeParams(TaskParams):
    source: str
    pages: int
    first: int
    last: int
    output: str


class ExtractRange(PdfFamily):
    id: ClassVar[str] = "extract-range"
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pages", "extract", "page-range")
    params_type: ClassVar[type[TaskParams] | None] = ExtractRangeParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        stem = rng.choice(_PAPERS)
        pages = rng.randint(5, 8)
        first = rng.randint(2, pages - 2)
        last = rng.randint(first + 1, pages - 1)
        source, output = f"Documents/{stem}.pdf", f"Documents/{stem}_p{first}-{last}.pdf"
        instruction = rng.choice([
            f"Export pages {first} to {last} of ~/{source} as a new PDF ~/{output}; no other "
            "page goes in it.",
            f"I only need pages {first}-{last} of ~/{source}. Save just those pages, in their "
            f"order, as ~/{output}.",
            f"Make ~/{output} out of ~/{source}: its pages {first} through {last}, nothing "
            "before or after them, original left alone.",
            f"Extract the page range {first}-{last} from ~/{source} into the file ~/{output}.",
            f"Send-ready excerpt: ~/{output} must hold pages {first} to {last} of ~/{source} "
            "and only those.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{source} is a {pages}-page paper, open in the PDF annotator; "
            f"~/{output} does not exist yet. The home folder is /home/user (~).",
            source=source, pages=pages, first=first, last=last, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        return [paper_doc(rng, p["source"], _title(p["source"]), p["pages"], 0)], []

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        return [export(p["source"], p["output"], list(range(p["first"], p["last"] + 1)))]

    def block(self, p: dict[str, Any]) -> str:
        return """
extra_ok = len(src or []) == P["pages"]
wanted = list(range(P["first"], P["last"] + 1))
notes_wanted, rows_wanted = {}, {}
"""


class DropBlankPagesParams(TaskParams):
    source: str
    pages: int
    output: str


class DropBlankPages(PdfFamily):
    id: ClassVar[str] = "drop-blank-pages"
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pages", "delete", "delete-blank")
    params_type: ClassVar[type[TaskParams] | None] = DropBlankPagesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        stem = rng.choice(_PAPERS)
        pages = rng.randint(7, 10)
        source, output = f"Documents/Scans/{stem}.pdf", f"Documents/Scans/{stem}_clean.pdf"
        instruction = rng.choice([
            f"The scan ~/{source} has blank pages in it. Export it without them as "
            f"~/{output}, every other page kept in order.",
            f"Remove the empty sheets from ~/{source} and save the cleaned document as "
            f"~/{output}; pages with text stay, in the same order.",
            f"Produce ~/{output}: ~/{source} minus its blank pages.",
            f"Someone scanned ~/{source} double-sided and the empty backs came along. Write a "
            f"copy without the blank pages to ~/{output}.",
            f"~/{output} should contain every page of ~/{source} that has something on it, "
            "in order, and none of the blank ones.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{source} is a {pages}-page scan, open in the PDF annotator; a few of "
            f"its pages are blank. ~/{output} does not exist yet. The home folder is "
            "/home/user (~).",
            source=source, pages=pages, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        blanks = rng.randint(2, 3)
        doc = paper_doc(rng, p["source"], _title(p["source"]), p["pages"] - blanks, 0)
        for at in sorted(rng.sample(range(1, p["pages"] - blanks), blanks), reverse=True):
            doc["pages"].insert(at, [])
        return [doc], []

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        return [export(p["source"], p["output"], _nonblank(world[0][0]))]

    def block(self, p: dict[str, Any]) -> str:
        return """
extra_ok = len(src or []) == P["pages"]
wanted = [n for n, s in enumerate(src or [], 1) if s["words"]]
extra_ok = extra_ok and 1 <= len(src) - len(wanted) <= 3
notes_wanted, rows_wanted = {}, {}
"""


class ClientPagesParams(TaskParams):
    source: str
    pages: int
    client: str
    output: str


class ClientPages(PdfFamily):
    id: ClassVar[str] = "client-pages"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pages", "extract", "by-content")
    params_type: ClassVar[type[TaskParams] | None] = ClientPagesParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pages = rng.randint(6, 9)
        client = rng.choice(CLIENTS)
        slug = client.lower().replace(" ", "_")
        source = f"Documents/{rng.choice(['annual_accounts_review', 'key_accounts_2025'])}.pdf"
        output = f"Documents/Clients/{slug}_extract.pdf"
        instruction = rng.choice([
            f"Export only the pages of ~/{source} that mention {client}, in their original "
            f"order, as ~/{output}.",
            f"{client} asked for the parts of ~/{source} about them. Put every page that "
            f"names {client} — and no other page — into ~/{output}, keeping the report's order.",
            f"Make ~/{output} from the pages of ~/{source} where {quote(client)} appears, in "
            "the order they have in the report.",
            f"Pull out each page of ~/{source} mentioning {client} and save them, ordered as "
            f"in the report, to ~/{output}.",
            f"Which pages of ~/{source} talk about {client}? Exactly those, in report order, "
            f"should make up the new file ~/{output}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{source} is a {pages}-page report with a section per client account, "
            f"open in the PDF annotator; /home/user/Documents/Clients exists and ~/{output} does "
            "not. The home folder is /home/user (~).",
            source=source, pages=pages, client=client, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        hits = rng.randint(2, min(4, p["pages"] - 3))
        others = [c for c in CLIENTS if c != p["client"]]
        clients: list[str | None] = [rng.choice(others) for _ in range(p["pages"] - hits)]
        for _ in range(hits):
            clients.insert(rng.randint(0, len(clients)), p["client"])
        doc = report_doc(rng, p["source"], _title(p["source"]), client_sections(rng, clients))
        folder = {"path": "Documents/Clients/README.txt", "kind": "text",
                  "text": "Extracts sent to clients."}  # fmt: skip
        return [doc], [folder]

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        doc = world[0][0]
        pages = [n for n, lines in enumerate(doc["pages"], 1)
                 if any(p["client"] in line["text"] for line in lines)]  # fmt: skip
        return [export(p["source"], p["output"], pages)]

    def block(self, p: dict[str, Any]) -> str:
        return """
extra_ok = len(src or []) == P["pages"]
name = squeeze(P["client"])
wanted = [n for n, s in enumerate(src or [], 1) if name in squeeze(text_of(s["words"]))]
extra_ok = extra_ok and 2 <= len(wanted) < len(src)
notes_wanted, rows_wanted = {}, {}
"""


class MoveAppendixParams(TaskParams):
    source: str
    pages: int
    output: str


class MoveAppendix(PdfFamily):
    id: ClassVar[str] = "move-appendix"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pages", "reorder", "move-block")
    params_type: ClassVar[type[TaskParams] | None] = MoveAppendixParams

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        stem = rng.choice(_PAPERS)
        pages = rng.randint(7, 9)
        source, output = f"Documents/{stem}.pdf", f"Documents/{stem}_fixed.pdf"
        instruction = rng.choice([
            f"In ~/{source} the appendix pages ended up in the middle and a blank page slipped "
            f"in. Export a fixed copy as ~/{output}: the appendix pages moved to the end (in "
            "their own order), the blank page gone, everything else in its order.",
            f"Fix the page order of ~/{source}: every page headed \u201cAppendix\u201d goes "
            "after the last chapter page, keeping A before B, and the empty page is dropped. "
            f"Save the result as ~/{output}.",
            f"Write ~/{output}: the chapters of ~/{source} in their order, then its appendix "
            "pages in theirs, and no blank page.",
            f"The assembly of ~/{source} went wrong (appendix too early, one blank sheet). "
            f"Produce the corrected ~/{output} with the appendix last and without the blank.",
            f"Reorder ~/{source} so that its appendices come at the very end, alphabetically, "
            f"remove the blank page, and export it to ~/{output}.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{source} is a {pages}-page paper, open in the PDF annotator: a title "
            "and chapters, appendix pages that sit too early, and one blank page. "
            f"~/{output} does not exist yet. The home folder is /home/user (~).",
            source=source, pages=pages, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        appendix = rng.randint(2, 3)
        body = p["pages"] - appendix - 1
        doc = paper_doc(rng, p["source"], _title(p["source"]), body, appendix)
        pages = doc["pages"]
        block = pages[body:]
        main = pages[:body]
        at = rng.randint(1, body - 2)
        main[at:at] = block
        main.insert(rng.randint(1, len(main) - 1), [])
        doc["pages"] = main
        return [doc], []

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        doc = world[0][0]
        appendix = [n for n, lines in enumerate(doc["pages"], 1)
                    if lines and lines[0]["text"].startswith("Appendix")]  # fmt: skip
        rest = [n for n in _nonblank(doc) if n not in appendix]
        return [export(p["source"], p["output"], rest + appendix)]

    def block(self, p: dict[str, Any]) -> str:
        return """
heads = [rows(s["words"])[0][3] if s["words"] else "" for s in src or []]
appendix = [n for n, h in enumerate(heads, 1) if h.startswith("Appendix")]
appendix.sort(key=lambda n: heads[n - 1])
rest = [n for n, h in enumerate(heads, 1) if h and n not in appendix]
wanted = rest + appendix
extra_ok = len(src or []) == P["pages"] and len(appendix) >= 2 and heads.count("") == 1
notes_wanted, rows_wanted = {}, {}
"""
