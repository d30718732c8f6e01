"""pdf view (PyMuPDF). Sizes are points; page numbers are 1-based like a reader shows them.

Metadata leaves out creation and modification dates: a regenerated PDF gets new ones, and two
equal end states must give equal views.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ._common import JSON, MAX_PDF_PAGES, MAX_TEXT_CHARS, cap_text, round_float


def _load_pymupdf() -> Any:
    """PyMuPDF ≥ 1.24.3 names its module pymupdf (fitz is deprecated); older releases only
    ship fitz. Typed as Any: its bindings are generated and mostly unannotated."""
    try:
        return importlib.import_module("pymupdf")
    except ImportError:  # pragma: no cover - depends on the installed release
        return importlib.import_module("fitz")


pymupdf = _load_pymupdf()

_METADATA = ("title", "author", "subject", "keywords", "creator", "producer", "format")


def parse(path: Path) -> JSON:
    with pymupdf.open(str(path), filetype="pdf") as doc:
        meta = doc.metadata or {}
        view: JSON = {
            "format": "pdf",
            "page_count": doc.page_count,
            "encrypted": bool(doc.is_encrypted),
            "metadata": {key: meta.get(key) or None for key in _METADATA},
            "outline": _outline(doc),
            "pages": [],
            "form_fields": [],
            "truncated": doc.page_count > MAX_PDF_PAGES,
        }
        if doc.needs_pass:
            view["error"] = "encrypted: needs a password"
            return view
        budget = MAX_TEXT_CHARS
        for number in range(min(doc.page_count, MAX_PDF_PAGES)):
            page = doc.load_page(number)
            page_view, used = _page(page, number, budget)
            budget = max(0, budget - used)
            view["truncated"] = view["truncated"] or page_view["text_truncated"]
            view["pages"].append(page_view)
            view["form_fields"].extend(_widgets(page, number))
        view["text"] = "\n".join(p["text"] for p in view["pages"])
        return view


def _page(page: Any, number: int, budget: int) -> tuple[JSON, int]:
    """One page; its text shares a document-wide character budget."""
    rect = page.rect
    text, cut = cap_text(page.get_text("text", sort=False), budget)
    return (
        {
            "number": number + 1,
            "width": round_float(rect.width),
            "height": round_float(rect.height),
            "rotation": page.rotation,
            "text": text,
            "text_truncated": cut,
            "images": len(page.get_images(full=False)),
            "links": [link.get("uri") for link in page.get_links() if link.get("uri")],
        },
        len(text),
    )


def _outline(doc: Any) -> list[JSON]:
    return [
        {"level": level, "title": title, "page": page}
        for level, title, page, *_ in doc.get_toc(simple=True)
    ]


def _widgets(page: Any, number: int) -> list[JSON]:
    out: list[JSON] = []
    for widget in page.widgets() or []:
        out.append(
            {
                "page": number + 1,
                "name": widget.field_name,
                "type": widget.field_type_string,
                "value": widget.field_value,
            }
        )
    return out
