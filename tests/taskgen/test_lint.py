"""The instruction linter: every forbidden kind is rejected; the families' own pass."""

from __future__ import annotations

import pytest

from cuagym.domains import load_domains
from cuagym.taskgen._lint import LINT_KINDS, lint_instruction

BAD = [
    # vague
    ("vague", "Make the spreadsheet look nice."),
    ("vague", "Format the budget table in budget.xlsx nicely so that the totals stand out."),
    ("vague", "Clean up the headings of report.docx as needed."),
    ("vague", "Make it better."),
    ("vague", "Improve it."),
    # mechanical
    ("mechanical", "Perform the following operations on sales.xlsx: sort by region, bold row 1."),
    ("mechanical", "In sales.xlsx: 1. Select column B 2. Sort it ascending 3. Save the file."),
    ("mechanical", "Step 1: open memo.docx. Step 2: make the title bold."),
    ("mechanical", "Open report.docx, then select the title, then make it bold, then save it."),
    # open-ended
    ("open-ended", "Rename the channel #random to any name you like."),
    ("open-ended", "Write a short poem about spring in notes.docx."),
    ("open-ended", "Which region had the highest revenue in Q3?"),
    ("open-ended", "Come up with a catchy tagline for the product launch deck."),
    ("open-ended", "Give the new label a colour of your choice."),
    # infeasible
    ("infeasible", "Print out the quarterly report and hand it to your manager."),
    ("infeasible", "Download the latest exchange rates from the internet into rates.xlsx."),
    ("infeasible", "Copy the budget table from Excel into memo.docx."),
    ("infeasible", "Call the customer on the phone and log the result in the CRM."),
    ("infeasible", "Install a new font and use it for the title of deck.pptx."),
    # method-leaking
    (
        "method-leaking",
        "Compute the total revenue in cell F45 of sales.xlsx using the DSUM function.",
    ),
    ("method-leaking", "Fill column E of orders.xlsx with =VLOOKUP(A2,Prices!A:B,2,FALSE)."),
    ("method-leaking", "Use Format > Cells to give column D of sales.xlsx a currency format."),
    ("method-leaking", "Press Ctrl+H and replace every “colour” with “color” in memo.docx."),
    ("method-leaking", "Click the Bold button to make the title of report.docx bold."),
    ("method-leaking", "Open the Sort dialog and sort the orders in orders.xlsx by date."),
    (
        "method-leaking",
        "Write a Python script that renames every photo in ~/Pictures to lowercase.",
    ),
    ("method-leaking", "Drag the card WEB-12 to the Done column of the board."),
]

GOOD = [
    "In sales.xlsx, make the Revenue column (D2:D40) show euro amounts with two decimals.",
    "Reply to Zora's email “Can you call me back?” with the sentence “Yes, at 3 pm.”",
    "Post “Which dashboard do you use: the old or the new one?” in #design.",
    "Set up report.docx to print on A4 paper in landscape orientation.",
    "Add the comment “Please press the supplier on delivery dates.” to WEB-9.",
    "Save a template named “Survey” with this text:\n\nHello,\n\nHow did we do? Reply below?",
    "Tidy up ~/Downloads: move every .pdf file into ~/Downloads/PDFs, keeping its name.",
]


@pytest.mark.parametrize(("kind", "text"), BAD)
def test_each_forbidden_kind_is_rejected(kind: str, text: str) -> None:
    report = lint_instruction(text)
    assert not report.ok, text
    assert kind in {f.kind for f in report.errors}, report.summary()
    assert all(f.message and f.rule for f in report.errors)


def test_the_examples_cover_every_kind() -> None:
    assert {kind for kind, _ in BAD} == set(LINT_KINDS)


@pytest.mark.parametrize("text", GOOD)
def test_goal_stated_instructions_pass(text: str) -> None:
    report = lint_instruction(text)
    assert report.ok, report.summary()


def test_quoted_data_and_data_blocks_are_not_wording() -> None:
    # The same words outside quotes are a method; inside quotes they are what to type.
    assert not lint_instruction("Click the button in the toolbar of memo.docx.").ok
    assert lint_instruction("Post “Click the button in the toolbar” in #design.").ok
    assert lint_instruction("Create the issue “Press Ctrl+S to save fails” in WEB.").ok


def test_empty_and_glitches() -> None:
    assert lint_instruction("   ").errors[0].rule == "empty"
    report = lint_instruction(
        "Create the account “Thistle Group Group” in the CRM, estimated at 1 story points, "
        "for Cascade Co.. today."
    )
    assert report.ok  # glitches are warnings: counted, not rejected
    assert {w.rule for w in report.warnings} == {
        "repeated-word", "one-plural", "doubled-punctuation",
    }  # fmt: skip
    assert not lint_instruction("Freeze 1 row and 1 column of the orders sheet.").warnings
    assert not lint_instruction("Make the titles level-1 headings in memo.docx.").warnings


SEEDS = range(100)


def test_every_family_instruction_passes() -> None:
    failures: list[str] = []
    for d, dom in load_domains().items():
        for family in dom.families:
            for seed in SEEDS:
                task = family.sample(seed)
                report = lint_instruction(task.instruction)
                if not report.ok:
                    failures.append(f"{d}/{family.id} seed {seed}: {report.summary()}")
    assert not failures, "\n".join(failures[:20])
