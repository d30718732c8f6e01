"""Whole-state guards of desktop rewards: file trees and views of office files.

Each view must see the collateral edits an agent makes (another cell's format, another
paragraph's alignment, another slide's notes) and must not see a LibreOffice save of an
untouched file (opt-in part, needs ``soffice``).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import docx
import openpyxl
import pptx
import pytest
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Pt
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from cuagym.scripts import _home
from cuagym.scripts._globs import uncovered
from cuagym.scripts._home import (
    cells_outside,
    initial_home,
    initial_path,
    office_view,
    tree,
    tree_changes,
    view_changes,
)


# -- builders -------------------------------------------------------------------------------------
def workbook(path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sales"
    ws.append(["Region", "Q1", "Q2", "Total"])
    for i, region in enumerate(["North", "South", "East", "West"], start=2):
        ws.append([region, 100 * i, 120 * i, f"=SUM(B{i}:C{i})"])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in ws.iter_rows(min_row=2, min_col=2, max_col=4):
        for cell in row:
            cell.number_format = "#,##0.00"
    dv = DataValidation(type="list", formula1='"North,South,East,West"')
    dv.add("A2:A5")
    ws.add_data_validation(dv)
    ws.conditional_formatting.add(
        "D2:D5",
        CellIsRule(
            operator="greaterThan", formula=["1000"], fill=PatternFill("solid", fgColor="FFC7CE")
        ),
    )
    notes = wb.create_sheet("Notes")
    notes["A1"] = "Figures in EUR"
    wb.save(path)
    return path


def document(path: Path) -> Path:
    doc = docx.Document()
    doc.add_heading("Quarterly memo", level=1)
    first = doc.add_paragraph("Revenue grew in every region. ")
    first.add_run("Costs stayed flat.").italic = True
    doc.add_paragraph("Hiring resumes in May.", style="List Bullet")
    closing = doc.add_paragraph("Questions go to the finance team.")
    closing.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    table = doc.add_table(rows=2, cols=2)
    for r, row in enumerate([["Region", "Growth"], ["North", "4%"]]):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    doc.save(str(path))
    return path


def deck(path: Path) -> Path:
    prs = pptx.Presentation()
    title = prs.slides.add_slide(prs.slide_layouts[0])
    title.shapes.title.text = "Board briefing"
    title.placeholders[1].text = "March 2025"
    body = prs.slides.add_slide(prs.slide_layouts[1])
    body.shapes.title.text = "Results"
    frame = body.placeholders[1].text_frame
    frame.text = "Revenue up 4%"
    frame.add_paragraph().text = "Costs flat"
    body.notes_slide.notes_text_frame.text = "Mention the new office."
    prs.save(str(path))
    return path


# -- sensitivity: every collateral edit shows -----------------------------------------------------
def edited(
    kind: str, build: Callable[[Path], Path], edit: Callable[[Any], None], tmp: Path
) -> list[str]:
    before = build(tmp / f"before.{kind}")
    after = build(tmp / f"after.{kind}")
    if kind == "xlsx":
        wb = openpyxl.load_workbook(after)
        edit(wb)
        wb.save(after)
    else:
        obj = docx.Document(str(after)) if kind == "docx" else pptx.Presentation(str(after))
        edit(obj)
        obj.save(str(after))
    return view_changes(office_view(str(before)), office_view(str(after)))


def _bold(cell: Any) -> None:
    cell.font = Font(bold=True)


XLSX_EDITS: list[tuple[str, Callable[[Any], None], list[str]]] = [
    ("nothing", lambda wb: None, []),
    ("value", lambda wb: wb["Sales"].__setitem__("B3", 999), ["Sales!B3"]),
    ("bold elsewhere", lambda wb: _bold(wb["Sales"]["A4"]), ["Sales!A4"]),
    ("number format", lambda wb: setattr(wb["Sales"]["C2"], "number_format", "0.0"), ["Sales!C2"]),
    ("header cleared", lambda wb: wb["Sales"].__setitem__("A1", None), ["Sales!A1"]),
    (
        "fill",
        lambda wb: setattr(wb["Notes"]["A1"], "fill", PatternFill("solid", fgColor="FFFF00")),
        ["Notes!A1"],
    ),
    (
        "alignment",
        lambda wb: setattr(wb["Sales"]["A2"], "alignment", Alignment(horizontal="center")),
        ["Sales!A2"],
    ),
    ("formula", lambda wb: wb["Sales"].__setitem__("D2", "=B2+C2"), ["Sales!D2"]),
    (
        "sheet added",
        lambda wb: wb.create_sheet("Scratch"),
        [
            "Scratch:charts",
            "Scratch:conditional",
            "Scratch:filter",
            "Scratch:freeze",
            "Scratch:hidden",
            "Scratch:merged",
            "Scratch:validations",
            "sheets",
        ],
    ),
    ("merged", lambda wb: wb["Notes"].merge_cells("A1:B1"), ["Notes:merged"]),
    (
        "hidden column",
        lambda wb: setattr(wb["Sales"].column_dimensions["C"], "hidden", True),
        ["Sales:hidden"],
    ),
    (
        "validation removed",
        lambda wb: setattr(wb["Sales"].data_validations, "dataValidation", []),
        ["Sales:validations"],
    ),
]


@pytest.mark.parametrize(("what", "edit", "expected"), XLSX_EDITS, ids=[e[0] for e in XLSX_EDITS])
def test_xlsx_view_sees_each_edit(
    what: str, edit: Callable[[Any], None], expected: list[str], tmp_path: Path
) -> None:
    assert edited("xlsx", workbook, edit, tmp_path) == expected


def test_cells_outside_keeps_only_what_the_task_did_not_allow(tmp_path: Path) -> None:
    def edit(wb: Any) -> None:
        wb["Sales"]["D2"] = "=B2*2"  # the target
        wb["Sales"]["D3"] = "=B3*2"  # the target
        wb["Sales"]["A3"] = "south"  # collateral
        wb["Notes"]["A1"] = "EUR"  # collateral on another sheet

    changes = edited("xlsx", workbook, edit, tmp_path)
    assert cells_outside(changes, "Sales", ["D2:D5"]) == ["Notes!A1", "Sales!A3"]
    assert cells_outside(changes, "Sales", ["D:D", "A3", "Notes!A1"]) == ["Notes!A1"]
    assert cells_outside(changes, "Notes", ["A1"]) == ["Sales!A3", "Sales!D2", "Sales!D3"]


def _paragraph(doc: Any, i: int) -> Any:
    return doc.paragraphs[i]


DOCX_EDITS: list[tuple[str, Callable[[Any], None], list[str]]] = [
    ("nothing", lambda d: None, []),
    ("text", lambda d: setattr(_paragraph(d, 1).runs[0], "text", "Revenue fell. "), ["p1"]),
    (
        "alignment elsewhere",
        lambda d: setattr(_paragraph(d, 2), "alignment", WD_ALIGN_PARAGRAPH.CENTER),
        ["p2"],
    ),
    (
        "spacing",
        lambda d: setattr(_paragraph(d, 3).paragraph_format, "space_after", Pt(24)),
        ["p3"],
    ),
    ("bold where italic was", lambda d: setattr(_paragraph(d, 1).runs[1], "bold", True), ["p1"]),
    ("style", lambda d: setattr(_paragraph(d, 3), "style", d.styles["Heading 2"]), ["p3"]),
    ("table cell cleared", lambda d: setattr(d.tables[0].cell(1, 1), "text", ""), ["t0:1:1"]),
    ("paragraph added", lambda d: d.add_paragraph("PS"), ["counts", "p4"]),
]


@pytest.mark.parametrize(("what", "edit", "expected"), DOCX_EDITS, ids=[e[0] for e in DOCX_EDITS])
def test_docx_view_sees_each_edit(
    what: str, edit: Callable[[Any], None], expected: list[str], tmp_path: Path
) -> None:
    assert edited("docx", document, edit, tmp_path) == expected


def _body(prs: Any) -> Any:
    return prs.slides[1].placeholders[1].text_frame


PPTX_EDITS: list[tuple[str, Callable[[Any], None], list[str]]] = [
    ("nothing", lambda p: None, []),
    (
        "other slide's body",
        lambda p: setattr(_body(p).paragraphs[1].runs[0], "text", "Costs up"),
        ["s1:shape1"],
    ),
    (
        "notes",
        lambda p: setattr(p.slides[1].notes_slide.notes_text_frame, "text", "Skip it."),
        ["s1:notes"],
    ),
    ("bold", lambda p: setattr(_body(p).paragraphs[0].runs[0].font, "bold", True), ["s1:shape1"]),
    ("moved", lambda p: setattr(p.slides[0].shapes.title, "left", 0), ["s0:shape0"]),
    ("slide added", lambda p: p.slides.add_slide(p.slide_layouts[6]), ["s2:notes", "slides"]),
]


@pytest.mark.parametrize(("what", "edit", "expected"), PPTX_EDITS, ids=[e[0] for e in PPTX_EDITS])
def test_pptx_view_sees_each_edit(
    what: str, edit: Callable[[Any], None], expected: list[str], tmp_path: Path
) -> None:
    assert edited("pptx", deck, edit, tmp_path) == expected


# -- trees ---------------------------------------------------------------------------------------
def test_tree_changes_names_every_entry_outside_the_target(tmp_path: Path) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    for root in (before, after):
        (root / "Documents" / "old").mkdir(parents=True)
        (root / "Documents" / "report.txt").write_text("draft\n")
        (root / "Documents" / "old" / "a.txt").write_text("a\n")
        (root / ".cache").mkdir()
    (after / "Documents" / "report.txt").write_text("final\n")  # the target
    (after / "Documents" / "old" / "a.txt").unlink()  # collateral
    (after / "Documents" / "copy.txt").symlink_to("report.txt")  # a link where a copy was asked
    (after / ".cache" / "x").write_text("browser junk")  # hidden: never counted
    changes = tree_changes(tree(str(before)), tree(str(after)))
    assert changes == ["Documents/copy.txt", "Documents/old/a.txt", "Documents/report.txt"]
    assert uncovered(changes, ["Documents/report.txt"], "/") == [
        "Documents/copy.txt",
        "Documents/old/a.txt",
    ]
    assert tree(str(after))["Documents/copy.txt"] == ("link", "report.txt")
    assert "Documents/old" in tree(str(after)) and ".cache/x" in tree(str(after), hidden=True)


def test_an_office_file_saved_without_edits_is_not_a_change(tmp_path: Path) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    after.mkdir()
    workbook(before / "book.xlsx")
    workbook(after / "book.xlsx")  # same content, other bytes (timestamps in the zip)
    shutil.copy(before / "book.xlsx", after / "copy.xlsx")
    listing = tree_changes(tree(str(before)), tree(str(after)), str(before), str(after))
    assert listing == ["copy.xlsx"]
    wb = openpyxl.load_workbook(after / "book.xlsx")
    wb["Notes"]["A2"] = "edited"
    wb.save(after / "book.xlsx")
    listing = tree_changes(tree(str(before)), tree(str(after)), str(before), str(after))
    assert listing == ["book.xlsx", "copy.xlsx"]


def test_initial_home_comes_from_the_runner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CUAGYM_INITIAL_HOME", raising=False)
    with pytest.raises(RuntimeError, match="snapshot"):
        initial_home()
    monkeypatch.setenv("CUAGYM_INITIAL_HOME", str(tmp_path))
    assert initial_home() == str(tmp_path)
    assert initial_path("/home/user/Documents/a.xlsx") == str(tmp_path / "Documents/a.xlsx")
    assert initial_path("Documents/a.xlsx") == str(tmp_path / "Documents/a.xlsx")
    with pytest.raises(ValueError, match="not under"):
        initial_path("/etc/passwd")
    monkeypatch.setenv("CUAGYM_INITIAL_HOME", str(tmp_path / "missing"))
    with pytest.raises(FileNotFoundError):
        initial_home()


# -- LibreOffice saves: nothing changes that was not edited ---------------------------------------
SOFFICE = shutil.which("soffice")
FILTERS = {
    "xlsx": "xlsx:Calc MS Excel 2007 XML",
    "docx": "docx:MS Word 2007 XML",
    "pptx": "pptx:Impress MS PowerPoint 2007 XML",
}


def resaved(files: list[Path], out: Path) -> dict[Path, Path]:
    """Each file opened and saved by LibreOffice (headless), in its own format."""
    assert SOFFICE is not None
    profile = Path(tempfile.mkdtemp(prefix="cuagym-lo-profile-"))
    try:
        for ext, filter_name in FILTERS.items():
            group = [f for f in files if f.suffix == "." + ext]
            if group:
                subprocess.run(
                    [SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless",
                     "--convert-to", filter_name, "--outdir", str(out), *map(str, group)],
                    check=True, capture_output=True, timeout=300,
                )  # fmt: skip
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return {f: out / f.name for f in files}


@pytest.mark.slow
@pytest.mark.skipif(SOFFICE is None, reason="needs LibreOffice (soffice)")
def test_a_libreoffice_save_changes_no_view(tmp_path: Path) -> None:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    files = [workbook(src / "book.xlsx"), document(src / "memo.docx"), deck(src / "deck.pptx")]
    edited_book = workbook(src / "edited.xlsx")
    wb = openpyxl.load_workbook(edited_book)
    wb["Sales"]["A4"].font = Font(bold=True)
    wb.save(edited_book)
    saved = resaved([*files, edited_book], out)
    for original in files:
        before, after = office_view(str(original)), office_view(str(saved[original]))
        assert view_changes(before, after) == [], original.name
    # an edit survives the save: the guard still sees it against the unedited original
    assert view_changes(office_view(str(files[0])), office_view(str(saved[edited_book]))) == [
        "Sales!A4"
    ]


def test_views_are_inlined_code(tmp_path: Path) -> None:
    # The module's functions are what rewards carry: nothing they use may come from cuagym.
    from cuagym.scripts import inlined

    text = inlined(_home)
    assert "from cuagym" not in text and "import cuagym" not in text
    namespace: dict[str, Any] = {}
    exec(compile(text, "home.py", "exec"), namespace)
    path = workbook(tmp_path / "b.xlsx")
    assert namespace["office_view"](str(path)) == office_view(str(path))
