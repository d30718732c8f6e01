"""Cross-application families whose PDF work follows another app's document.

- calc → pdf: export the invoices a dispute workbook lists, in the workbook's order;
- writer → pdf: write the note a payment memo asks for on the invoice it names, and export the
  bundle under the name the memo gives.

The reward reads the workbook or the memo as it is in the final state (reading state: "as the
sheet says" is checked without the Generator's world), pins it to what the context states, and
guards it unchanged (the office app's lock file beside it while it is open is free).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.pdf import CLIENTS, invoice_bundle
from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.pdf.kit import Export, PdfFamily, World, export, quote

__all__ = ["NoteFromMemo", "PagesFromSheet"]

_REASONS = ("Quantity disputed", "Price differs from quote", "Delivered late", "Duplicate billing")


def _bundle(rng: random.Random, source: str, count: int) -> tuple[dict[str, Any], list[str]]:
    numbers = [f"INV-{n}" for n in rng.sample(range(2100, 2999), count)]
    invoices = [(n, rng.choice(CLIENTS)) for n in numbers]
    return invoice_bundle(rng, source, "Invoice bundle March 2025", invoices), numbers


def _lock(path: str) -> str:
    folder, name = path.rsplit("/", 1)
    return f"{folder}/.~lock.{name}#"


class PagesFromSheetParams(TaskParams):
    source: str
    pages: int
    plan: str
    sheet: str
    output: str


class PagesFromSheet(PdfFamily):
    """calc → pdf: the invoices the sheet lists, exported in the sheet's order."""

    id: ClassVar[str] = "pages-from-sheet"
    apps: ClassVar[tuple[str, ...]] = ("calc", "pdf")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("pages", "extract", "by-list")
    also_covers: ClassVar[tuple[str, ...]] = ()
    params_type: ClassVar[type[TaskParams] | None] = PagesFromSheetParams
    reward_imports: ClassVar[str] = "\nimport openpyxl\n"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The workbook in Calc, then the bundle in Xournal++ (on top: it is worked on)."""
        return [
            StartWindow(app="calc", path="/home/user/" + params["plan"]),
            StartWindow(app="pdf", path="/home/user/" + params["source"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pages = rng.randint(6, 9)
        source = "Documents/Finance/invoices_march.pdf"
        plan = f"Documents/Finance/{rng.choice(['disputes', 'open_disputes', 'dispute_log'])}.xlsx"
        sheet = "Disputed"
        output = f"Documents/Finance/{rng.choice(['disputed_invoices', 'for_review'])}.pdf"
        tab = quote(sheet)
        instruction = rng.choice([
            f"Export the pages of ~/{source} that hold the invoices listed on sheet {tab} of "
            f"~/{plan}, in the order the sheet lists them, as ~/{output}.",
            f"Our dispute log ~/{plan} (sheet {tab}, invoice numbers in column A) names the "
            f"invoices to send back. Put exactly those invoices' pages from ~/{source} into "
            f"~/{output}, ordered as in the log.",
            f"Make ~/{output}: one page per invoice on the {tab} sheet of ~/{plan}, taken from "
            f"the bundle ~/{source}, following the sheet's row order. The workbook stays as is.",
            f"The auditor wants the disputed invoices only. Which ones is in column A of sheet "
            f"{tab} in ~/{plan}; their pages of ~/{source} go, in that order, to ~/{output}.",
            f"Collect the invoices listed in ~/{plan} ({tab}) from ~/{source} into a new PDF "
            f"~/{output}, first listed first, and nothing else.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{plan} is open in LibreOffice Calc: sheet {tab} has the headers "
            "Invoice (column A) and Reason (column B) and a few rows. /home/user/"
            f"{source} is a {pages}-page bundle, one invoice per page, open in the PDF "
            f"annotator. ~/{output} does not exist yet. The home folder is /home/user (~).",
            source=source, pages=pages, plan=plan, sheet=sheet, output=output,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        doc, numbers = _bundle(rng, p["source"], p["pages"])
        listed = rng.sample(numbers, rng.randint(3, 4))
        rows: list[list[Any]] = [["Invoice", "Reason"]]
        rows += [[n, rng.choice(_REASONS)] for n in listed]
        sheet = {"path": p["plan"], "kind": "sheet", "title": p["sheet"], "rows": rows}
        return [doc], [sheet]

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        doc, sheet = world[0][0], world[1][0]
        where = {lines[0]["text"].split()[1]: n for n, lines in enumerate(doc["pages"], 1)}
        return [export(p["source"], p["output"], [where[r[0]] for r in sheet["rows"][1:]])]

    def pre_block(self, p: dict[str, Any]) -> str:
        return f'output = P["output"]\nfree = [{_lock(p["plan"])!r}]\n'

    def block(self, p: dict[str, Any]) -> str:
        return """
listed, problem = [], ""
try:
    book = openpyxl.load_workbook(os.path.join(HOME, P["plan"]), read_only=True)
    for row in book[P["sheet"]].iter_rows(min_row=2, max_col=1, values_only=True):
        if row[0]:
            listed.append(str(row[0]).strip())
    book.close()
except Exception as exc:  # a missing or unreadable workbook: the inputs guard fails
    problem = str(exc)
pages_of = {}
for n, s in enumerate(src or [], 1):
    for number in re.findall(r"INVOICE (INV-\\d+)", text_of(s["words"])):
        pages_of[number] = n
wanted = [pages_of.get(number, 0) for number in listed]
extra_ok = not problem and len(src or []) == P["pages"] and len(listed) >= 3 and 0 not in wanted
notes_wanted, rows_wanted = {}, {}
"""


class NoteFromMemoParams(TaskParams):
    source: str
    pages: int
    memo: str


class NoteFromMemo(PdfFamily):
    """writer → pdf: the memo names the invoice, the note and the export's name."""

    id: ClassVar[str] = "note-from-memo"
    apps: ClassVar[tuple[str, ...]] = ("writer", "pdf")
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("annotate", "text", "note-from-document")
    params_type: ClassVar[type[TaskParams] | None] = NoteFromMemoParams
    reward_imports: ClassVar[str] = "\nimport docx\n"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The memo in Writer, then the bundle in Xournal++ (on top)."""
        return [
            StartWindow(app="writer", path="/home/user/" + params["memo"]),
            StartWindow(app="pdf", path="/home/user/" + params["source"]),
        ]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        pages = rng.randint(4, 7)
        source = "Documents/Finance/invoices_q1.pdf"
        memo = f"Documents/{rng.choice(['payment_memo', 'memo_from_accounts', 'paid_note'])}.docx"
        instruction = rng.choice([
            f"Do what the memo ~/{memo} asks with the invoice bundle ~/{source}.",
            f"Accounts left a memo, ~/{memo}, about one invoice in ~/{source}. Annotate the "
            "bundle and export it exactly as the memo says.",
            f"Follow the instructions in ~/{memo}: they concern the PDF ~/{source}.",
            f"~/{memo} explains which invoice of ~/{source} was paid, what to write on it and "
            "where to save the result. Carry it out.",
            f"Process the payment memo ~/{memo} for the bundle ~/{source}: the note it asks "
            "for, on the page it names, saved under the name it gives.",
        ])  # fmt: skip
        return self.make_task(
            task_id, instruction,
            f"/home/user/{memo} is open in LibreOffice Writer; it names one invoice, a note "
            f"and a file name. /home/user/{source} is a {pages}-page bundle, one invoice per "
            "page, open in the PDF annotator. The home folder is /home/user (~).",
            source=source, pages=pages, memo=memo,
        )  # fmt: skip

    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        doc, numbers = _bundle(rng, p["source"], p["pages"])
        number = rng.choice(numbers)
        day = f"2025-04-{rng.randint(2, 28):02d}"
        output = f"Documents/Finance/{number.lower()}_paid.pdf"
        paragraphs = [
            "Hello,",
            f"invoice {number} was paid on {day} by bank transfer.",
            f"Please write \u201cPAID {day}\u201d on its page in the March bundle and export "
            f"the whole bundle, every page, as ~/{output}.",
            "Thanks, Accounts",
        ]
        return [doc], [{"path": p["memo"], "kind": "memo", "paragraphs": paragraphs}]

    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        doc, memo = world[0][0], world[1][0]["paragraphs"]
        number = memo[1].split()[1]
        note = memo[2].split("\u201c")[1].split("\u201d")[0]
        output = memo[2].rsplit("~/", 1)[1].rstrip(".")
        page = next(n for n, lines in enumerate(doc["pages"], 1) if number in lines[0]["text"])
        notes = [{"page": page, "x": 330, "y": 60, "text": note}]
        return [export(p["source"], output, list(range(1, p["pages"] + 1)), notes)]

    def pre_block(self, p: dict[str, Any]) -> str:
        """Read the memo first: it names the export's path."""
        return f"""
free = [{_lock(p["memo"])!r}]
memo_text, problem = "", ""
try:
    memo = docx.Document(os.path.join(HOME, P["memo"]))
    memo_text = " ".join(par.text for par in memo.paragraphs)
except Exception as exc:  # a missing or unreadable memo: the inputs guard fails
    problem = str(exc)
found_number = re.findall(r"invoice (INV-\\d+)", memo_text)
found_note = re.findall("\u201c([^\u201d]+)\u201d", memo_text)
found_output = re.findall(r"~/(\\S+\\.pdf)", memo_text)
output = found_output[0] if found_output else "missing.pdf"
"""

    def block(self, p: dict[str, Any]) -> str:
        return """
wanted = list(range(1, len(src or []) + 1))
hit = [n for n, s in enumerate(src or [])
       if found_number and "INVOICE " + found_number[0] in text_of(s["words"])]
notes_wanted = {hit[0]: [(None, found_note[0])]} if hit and found_note else {}
rows_wanted = {}
extra_ok = not problem and len(src or []) == P["pages"] and len(hit) == 1 and bool(found_note)
"""
