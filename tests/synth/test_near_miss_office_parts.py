"""Desktop near misses of Word tables and headers/footers, and of removed slides and sheets
(DESIGN.md §13): each unit is found, and materializing it changes exactly what it names."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import docx
import openpyxl
import pptx

from cuagym.synth._near_miss_files import apply_ops, derive_files
from cuagym.synth._near_miss_office import Unit, mutate, reverter, units


def _bytes(doc: Any) -> bytes:
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


def _word(cells: list[list[str]], header: str, footer: str) -> bytes:
    doc = docx.Document()
    doc.add_paragraph("Budget review")
    table = doc.add_table(rows=len(cells), cols=len(cells[0]))
    for r, row in enumerate(cells):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    doc.sections[0].header.paragraphs[0].text = header
    doc.sections[0].footer.paragraphs[0].text = footer
    return _bytes(doc)


INIT_CELLS = [["Item", "Amount"], ["Rent", "950"], ["Food", "300"]]
GOLD_CELLS = [["Item", "Amount"], ["Rent", "990"], ["Food", "300"]]


def _by_label(items: list[Unit]) -> dict[str, Unit]:
    return {u.label: u for u in items}


def test_a_changed_table_cell_reverts_and_perturbs_and_untouched_cells_are_collateral() -> None:
    init, gold = _word(INIT_CELLS, "Draft", "Page"), _word(GOLD_CELLS, "Draft", "Page")
    changed, untouched = units("docx", init, gold)
    cell = _by_label(changed)["table 1 cell (2,2)"]
    assert cell.value == "990" and cell.revert is not None and cell.put is not None
    assert [u.label for u in changed] == ["table 1 cell (2,2)"]
    reverted = docx.Document(io.BytesIO(mutate("docx", gold, reverter("docx", init, cell.revert))))
    assert [[c.text for c in row.cells] for row in reverted.tables[0].rows] == INIT_CELLS
    put = cell.put
    perturbed = docx.Document(io.BytesIO(mutate("docx", gold, lambda d: put(d, "991"))))
    assert perturbed.tables[0].cell(1, 1).text == "991"
    labels = {u.label for u in untouched}
    assert {"table 1 cell (3,1)", "header of section 1 paragraph 1"} <= labels
    food = _by_label(untouched)["table 1 cell (3,1)"]
    assert food.put is not None
    food_put = food.put
    other = docx.Document(io.BytesIO(mutate("docx", gold, lambda d: food_put(d, "Fuel"))))
    assert other.tables[0].cell(2, 0).text == "Fuel"
    assert other.tables[0].cell(1, 1).text == "990"  # the asked change is kept


def test_a_changed_header_reverts_and_an_untouched_footer_is_collateral() -> None:
    init, gold = _word(INIT_CELLS, "Draft", "Page"), _word(INIT_CELLS, "Final", "Page")
    changed, untouched = units("docx", init, gold)
    assert [u.label for u in changed] == ["header of section 1 paragraph 1"]
    revert = changed[0].revert
    assert revert is not None
    back = docx.Document(io.BytesIO(mutate("docx", gold, reverter("docx", init, revert))))
    assert back.sections[0].header.paragraphs[0].text == "Draft"
    footer = _by_label(untouched)["footer of section 1 paragraph 1"]
    assert footer.value == "Page"


def test_a_document_without_headers_gains_none_from_being_read() -> None:
    doc = docx.Document()
    doc.add_paragraph("Only text")
    data = _bytes(doc)
    changed, untouched = units("docx", data, data)
    assert changed == [] and all("header" not in u.label for u in untouched)
    assert docx.Document(io.BytesIO(data)).sections[0].header.is_linked_to_previous


def _deck(titles: list[str]) -> bytes:
    prs = pptx.Presentation()
    for title in titles:
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = title
        slide.placeholders[1].text = f"About {title.lower()}"
    return _bytes(prs)


def _drop(prs_bytes: bytes, index: int) -> bytes:
    prs = pptx.Presentation(io.BytesIO(prs_bytes))
    lst = prs.slides._sldIdLst
    el = list(lst)[index]
    lst.remove(el)
    prs.part.drop_rel(el.rId)
    return _bytes(prs)


def _titles(data: bytes) -> list[str]:
    return [s.shapes.title.text for s in pptx.Presentation(io.BytesIO(data)).slides]


def test_a_removed_slide_can_come_back_and_a_different_one_can_go() -> None:
    init = _deck(["Intro", "Old plan", "Roadmap"])
    gold = _drop(init, 1)
    changed, untouched = units("pptx", init, gold)
    restore = _by_label(changed)["slide 2 of the initial deck (removed)"]
    assert restore.revert is not None
    back = mutate("pptx", gold, reverter("pptx", init, restore.revert))
    assert _titles(back) == ["Intro", "Old plan", "Roadmap"]
    body = pptx.Presentation(io.BytesIO(back)).slides[1].placeholders[1].text
    assert body == "About old plan"
    drops = [u for u in untouched if u.drop is not None]
    assert sorted(u.label for u in drops) == ["slide 1 (kept)", "slide 2 (kept)"]
    drop = drops[0].drop
    assert drop is not None
    assert len(_titles(mutate("pptx", gold, drop))) == 1


def _book(sheets: dict[str, list[list[object]]]) -> bytes:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for title, rows in sheets.items():
        ws = wb.create_sheet(title)
        for row in rows:
            ws.append(row)
    return _bytes(wb)


SHEETS: dict[str, list[list[object]]] = {
    "Summary": [["Total", 12]],
    "Old": [["Stale", 1], ["Rows", 2]],
    "Data": [["x", 5]],
}


def _tree(home: Path) -> dict[str, tuple[str, int, int, str | None, str | None]]:
    """The state API's view of a home: kind, size, mode, sha256 per path."""
    import hashlib

    out: dict[str, tuple[str, int, int, str | None, str | None]] = {}
    for path in sorted(home.rglob("*")):
        rel = path.relative_to(home).as_posix()
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        out[rel] = ("file", path.stat().st_size, 0o644, digest, None)
    return out


def test_a_removed_sheet_can_come_back_and_a_different_one_can_go(tmp_path: Path) -> None:
    init_home, gold_home = tmp_path / "init", tmp_path / "gold"
    for home in (init_home, gold_home):
        home.mkdir()
    (init_home / "book.xlsx").write_bytes(_book(SHEETS))
    # Two changes (a partial near miss needs more than one): a total fixed, a sheet removed.
    gold_sheets = {k: v for k, v in SHEETS.items() if k != "Old"} | {"Summary": [["Total", 11]]}
    (gold_home / "book.xlsx").write_bytes(_book(gold_sheets))
    found = derive_files(init_home, gold_home, _tree(init_home), _tree(gold_home))
    restore = next(c for c in found if c.path == "book.xlsx: sheet 'Old' (removed)")
    assert restore.kind == "partial"
    drops = sorted(c.state for c in found if c.state.endswith("is removed"))
    assert drops == [
        "book.xlsx: sheet 'Data' (which the task does not touch) is removed",
        "book.xlsx: sheet 'Summary' (which the task does not touch) is removed",
    ]
    back = tmp_path / "back"
    back.mkdir()
    (back / "book.xlsx").write_bytes((gold_home / "book.xlsx").read_bytes())
    apply_ops(back, restore.build())
    wb = openpyxl.load_workbook(back / "book.xlsx")
    assert wb.sheetnames == ["Summary", "Old", "Data"]
    assert wb["Summary"]["B1"].value == 11  # the other change is kept
    assert [[c.value for c in row] for row in wb["Old"].iter_rows()] == SHEETS["Old"]
