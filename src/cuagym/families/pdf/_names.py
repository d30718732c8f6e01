"""The names the pdf check blocks share inside reward.py's ``main``, for the type checker.

:func:`._checks.head` and a family's block set them in the reward; they have no value on the
host (the check modules import them under ``TYPE_CHECKING`` only).
"""

from typing import Any

__all__ = [
    "extra_ok", "free", "ids", "notes_wanted", "out", "output", "rows_wanted", "src",
    "wanted",
]  # fmt: skip

#: the export's path relative to the home, and other paths that may change (a lock file)
output: str
free: list[str]
#: the inputs are as the task states (page count, list length); a guard
extra_ok: bool
#: the source's pages and the export's (None: missing or unreadable), as ``pdf_pages`` reads
src: list[dict[str, Any]]
out: list[dict[str, Any]] | None
#: per export page: (source page number or 0, added words)
ids: list[tuple[int, list[Any]]]
#: what the family wants: source pages in order, notes and highlighted rows per export page
wanted: list[int]
notes_wanted: dict[int, list[tuple[Any, str]]]
rows_wanted: dict[int, list[tuple[float, float, float, str]]]
