"""docx views: paragraphs, effective run formatting, lists, tables, sections, properties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

docx = pytest.importorskip("docx")

from docx.enum.section import WD_ORIENT  # noqa: E402
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_COLOR_INDEX  # noqa: E402
from docx.shared import Pt, RGBColor  # noqa: E402

from cuagym.envs._parsers import parse_file  # noqa: E402


def _build(path: Path) -> Path:
    d = docx.Document()
    d.core_properties.title = "Quarterly report"
    d.core_properties.author = "Ann"
    d.add_heading("Introduction", level=1)
    p = d.add_paragraph("Plain ")
    run = p.add_run("bold red")
    run.bold = True
    run.font.color.rgb = RGBColor(0xFF, 0x00, 0x00)
    run.font.highlight_color = WD_COLOR_INDEX.YELLOW
    run.font.size = Pt(14)
    run.font.name = "Arial"
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    d.add_paragraph("first item", style="List Bullet")
    d.add_paragraph("first step", style="List Number")
    table = d.add_table(rows=2, cols=2)
    table.style = "Table Grid"
    table.cell(0, 0).text = "Name"
    table.cell(0, 1).text = "Score"
    table.cell(1, 0).text = "Bo"
    table.cell(1, 1).text = "9"
    d.add_heading("Details", level=2)
    section = d.sections[0]
    section.header.paragraphs[0].text = "ACME confidential"
    section.footer.paragraphs[0].text = "page footer"
    section.orientation = WD_ORIENT.LANDSCAPE
    section.page_width, section.page_height = section.page_height, section.page_width
    d.save(str(path))
    return path


@pytest.fixture
def view(tmp_path: Path) -> dict[str, Any]:
    result = parse_file(_build(tmp_path / "report.docx"))
    assert result is not None and "error" not in result, result
    return result


def test_headings_and_text(view: dict[str, Any]) -> None:
    paragraphs = view["paragraphs"]
    assert [p["text"] for p in paragraphs] == [
        "Introduction",
        "Plain bold red",
        "first item",
        "first step",
        "Details",
    ]
    assert (paragraphs[0]["style"], paragraphs[0]["heading_level"]) == ("Heading 1", 1)
    assert paragraphs[4]["heading_level"] == 2
    assert paragraphs[1]["heading_level"] is None
    assert paragraphs[1]["alignment"] == "center"
    # A heading's runs are bold through the Heading style: effective formatting.
    assert paragraphs[0]["runs"][0]["bold"] is True


def test_runs(view: dict[str, Any]) -> None:
    plain, bold = view["paragraphs"][1]["runs"]
    assert plain["text"] == "Plain " and plain["bold"] is False
    assert bold == {
        **bold,
        "text": "bold red",
        "bold": True,
        "italic": False,
        "color": "FF0000",
        "highlight": "yellow",
        "size": 14.0,
        "font": "Arial",
    }


def test_lists(view: dict[str, Any]) -> None:
    bullet, number = view["paragraphs"][2]["list"], view["paragraphs"][3]["list"]
    assert bullet["format"] == "bullet" and bullet["level"] == 0
    assert number["format"] == "decimal"
    assert view["paragraphs"][0]["list"] is None


def test_table_and_body_order(view: dict[str, Any]) -> None:
    [table] = view["tables"]
    assert table["style"] == "Table Grid"
    assert table["rows"] == [["Name", "Score"], ["Bo", "9"]]
    assert (table["n_rows"], table["n_cols"]) == (2, 2)
    assert [b["type"] for b in view["body"]] == ["paragraph"] * 4 + ["table", "paragraph"]


def test_sections_and_properties(view: dict[str, Any]) -> None:
    [section] = view["sections"]
    assert section["orientation"] == "landscape"
    assert (section["page_width"], section["page_height"]) == (792.0, 612.0)
    assert section["margins"]["top"] == 72.0
    assert section["header"]["text"] == "ACME confidential"
    assert section["footer"]["text"] == "page footer"
    assert view["properties"]["title"] == "Quarterly report"
    assert view["properties"]["author"] == "Ann"
    assert view["images"] == 0


def test_images_counted(tmp_path: Path) -> None:
    pil = pytest.importorskip("PIL.Image")
    png = tmp_path / "dot.png"
    pil.new("RGB", (4, 4), (255, 0, 0)).save(png)
    d = docx.Document()
    d.add_picture(str(png))
    d.save(str(tmp_path / "pic.docx"))
    view = parse_file(tmp_path / "pic.docx")
    assert view is not None and view["images"] == 1


def test_deterministic(tmp_path: Path) -> None:
    path = _build(tmp_path / "report.docx")
    first = json.dumps(parse_file(path), sort_keys=True)
    assert json.dumps(parse_file(path), sort_keys=True) == first
