"""pdf views: pages, sizes, text, metadata, outline, form fields."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pymupdf = pytest.importorskip("pymupdf")

from cuagym.envs._parsers import parse_file  # noqa: E402


def _build(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page()  # A4 by default: 595 x 842 points
    page.insert_text((72, 72), "Invoice 2024-017")
    page.insert_text((72, 100), "Total due: 1,250.00 EUR")
    second = doc.new_page(width=300, height=400)
    second.insert_text((40, 40), "Terms and conditions")
    doc.set_metadata({"title": "Invoice", "author": "Billing"})
    doc.set_toc([[1, "Invoice", 1], [2, "Terms", 2]])
    doc.save(str(path))
    doc.close()
    return path


@pytest.fixture
def view(tmp_path: Path) -> dict[str, Any]:
    result = parse_file(_build(tmp_path / "invoice.pdf"))
    assert result is not None and "error" not in result, result
    return result


def test_pages_and_text(view: dict[str, Any]) -> None:
    assert view["format"] == "pdf" and view["page_count"] == 2
    first, second = view["pages"]
    assert (first["number"], first["width"], first["height"]) == (1, 595.0, 842.0)
    assert (second["width"], second["height"]) == (300.0, 400.0)
    assert "Invoice 2024-017" in first["text"]
    assert "Total due: 1,250.00 EUR" in first["text"]
    assert "Terms and conditions" in second["text"]
    assert "Terms and conditions" not in first["text"]
    assert "Invoice 2024-017" in view["text"]


def test_metadata_and_outline(view: dict[str, Any]) -> None:
    assert view["metadata"]["title"] == "Invoice"
    assert view["metadata"]["author"] == "Billing"
    assert "creationDate" not in view["metadata"]  # timestamps are left out
    assert view["outline"] == [
        {"level": 1, "title": "Invoice", "page": 1},
        {"level": 2, "title": "Terms", "page": 2},
    ]


def test_form_fields(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    widget = pymupdf.Widget()
    widget.field_name = "customer"
    widget.field_type = pymupdf.PDF_WIDGET_TYPE_TEXT
    widget.field_value = "ACME"
    widget.rect = pymupdf.Rect(72, 72, 272, 92)
    page.add_widget(widget)
    doc.save(str(tmp_path / "form.pdf"))
    doc.close()
    view = parse_file(tmp_path / "form.pdf")
    assert view is not None
    assert view["form_fields"] == [{"page": 1, "name": "customer", "type": "Text", "value": "ACME"}]


def test_deterministic(tmp_path: Path) -> None:
    path = _build(tmp_path / "invoice.pdf")
    first = json.dumps(parse_file(path), sort_keys=True)
    assert json.dumps(parse_file(path), sort_keys=True) == first
