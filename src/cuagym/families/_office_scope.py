"""The names an office script gives its fragments, declared so that ruff and mypy check them.

A fragment (a module of an office family's ``_fragments`` package) is pasted into a script as
text: a reward's checks run in ``main`` after the family's read block, a golden patch's edit
after ``P``. A fragment imports from here, above its inline marker, the names the script binds
before it; the values below are never used (fragments are read as text, never run on the host).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "HEADER",
    "P",
    "book",
    "checks",
    "deck",
    "doc",
    "first",
    "head",
    "orders",
    "pdf",
    "start",
]

#: Every script: the task's params (``P = json.loads(...)``).
P: dict[str, Any] = {}
#: A reward's checks: (name, points, passed, detail); 0 points = a guard that must hold.
checks: list[tuple[str, float, bool, str]] = []
#: A writer reward's read block: the document now (python-docx).
doc: Any = None
#: A reward's read block: the task's file as setup wrote it (from the initial home).
first: Any = None
#: An impress reward's read block, or a cross-app one's: the deck now (python-pptx).
deck: Any = None
#: A cross-app reward's read block: the workbook now (cached values) and as setup wrote it.
book: Any = None
start: Any = None
#: A sales workbook's read block: its header row (lower case) and its order rows.
head: list[str] = []
orders: list[Any] = []
#: An export reward's read block: the PDF (pymupdf), None when there is none.
pdf: Any = None
#: A writer-to-calc reward's helpers: the workbook's header row the report's table gives.
HEADER: list[str] = []
