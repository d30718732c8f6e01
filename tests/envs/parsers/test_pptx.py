"""pptx views: slides, layouts, shapes with text, tables, charts, pictures, notes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pptx = pytest.importorskip("pptx")

from pptx.chart.data import CategoryChartData  # noqa: E402
from pptx.dml.color import RGBColor  # noqa: E402
from pptx.enum.chart import XL_CHART_TYPE  # noqa: E402
from pptx.enum.shapes import MSO_SHAPE  # noqa: E402
from pptx.util import Inches, Pt  # noqa: E402

from cuagym.envs._parsers import parse_file  # noqa: E402


def _build(path: Path) -> Path:
    prs = pptx.Presentation()
    first = prs.slides.add_slide(prs.slide_layouts[0])
    first.shapes.title.text = "Launch plan"
    first.placeholders[1].text = "Q3 review"
    first.notes_slide.notes_text_frame.text = "Mention the budget"
    second = prs.slides.add_slide(prs.slide_layouts[5])
    second.shapes.title.text = "Numbers"
    data = CategoryChartData()
    data.categories = ["East", "West"]
    data.add_series("Revenue", (1.5, 2.5))
    second.shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1.5), Inches(4), Inches(3), data
    )
    box = second.shapes.add_textbox(Inches(1), Inches(5), Inches(3), Inches(1))
    box.text_frame.text = "Key point"
    font = box.text_frame.paragraphs[0].runs[0].font
    font.bold = True
    font.size = Pt(24)
    font.color.rgb = RGBColor(0x00, 0x80, 0x00)
    table = second.shapes.add_table(2, 2, Inches(5.5), Inches(5), Inches(3), Inches(1)).table
    table.cell(0, 0).text = "k"
    table.cell(1, 1).text = "v"
    star = second.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(6), Inches(1), Inches(1), Inches(1))
    star.fill.solid()
    star.fill.fore_color.rgb = RGBColor(0xFF, 0x00, 0x00)
    prs.save(str(path))
    return path


@pytest.fixture
def view(tmp_path: Path) -> dict[str, Any]:
    result = parse_file(_build(tmp_path / "deck.pptx"))
    assert result is not None and "error" not in result, result
    return result


def test_slides_titles_and_notes(view: dict[str, Any]) -> None:
    assert view["format"] == "pptx"
    assert (view["slide_width"], view["slide_height"]) == (9144000, 6858000)
    first, second = view["slides"]
    assert first["layout"] == "Title Slide" and second["layout"] == "Title Only"
    assert first["title"] == "Launch plan" and second["title"] == "Numbers"
    assert first["notes"] == "Mention the budget"
    assert second["notes"] is None
    subtitle = first["shapes"][1]
    assert subtitle["placeholder"] == {"type": "SUBTITLE", "idx": 1}
    assert subtitle["text"] == "Q3 review"


def test_shapes(view: dict[str, Any]) -> None:
    shapes = {s["type"]: s for s in view["slides"][1]["shapes"]}
    assert set(shapes) == {"PLACEHOLDER", "CHART", "TEXT_BOX", "TABLE", "AUTO_SHAPE"}
    box = shapes["TEXT_BOX"]
    assert (box["left"], box["top"]) == (914400, 4572000)
    [run] = box["paragraphs"][0]["runs"]
    assert run == {**run, "text": "Key point", "bold": True, "size": 24.0, "color": "008000"}
    assert run["italic"] is None  # unset: inherited, not resolved
    assert shapes["TABLE"]["table"]["rows"] == [["k", ""], ["", "v"]]
    assert shapes["AUTO_SHAPE"]["fill"] == "FF0000"
    assert shapes["AUTO_SHAPE"]["auto_shape_type"] == "RECTANGLE"


def test_chart(view: dict[str, Any]) -> None:
    chart = next(s["chart"] for s in view["slides"][1]["shapes"] if s["type"] == "CHART")
    assert chart["type"] == "COLUMN_CLUSTERED"
    assert chart["series"] == [
        {"name": "Revenue", "values": [1.5, 2.5], "categories": ["East", "West"]}
    ]


def test_picture(tmp_path: Path) -> None:
    pil = pytest.importorskip("PIL.Image")
    png = tmp_path / "dot.png"
    pil.new("RGB", (8, 6), (0, 0, 255)).save(png)
    prs = pptx.Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_picture(str(png), Inches(1), Inches(1))
    prs.save(str(tmp_path / "pic.pptx"))
    view = parse_file(tmp_path / "pic.pptx")
    assert view is not None
    [picture] = view["slides"][0]["shapes"]
    assert picture["type"] == "PICTURE"
    assert picture["image"]["content_type"] == "image/png"
    assert picture["image"]["pixels"] == [8, 6]


def test_deterministic(tmp_path: Path) -> None:
    path = _build(tmp_path / "deck.pptx")
    first = json.dumps(parse_file(path), sort_keys=True)
    assert json.dumps(parse_file(path), sort_keys=True) == first
