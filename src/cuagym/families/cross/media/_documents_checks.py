"""The check blocks of the cross families' rewards (a workbook's or a document's running order
turned into a playlist), as code: each computes ``want`` from the office file as it is in the
final state (that is reading state: the order "as the document says"), pinned to what the
context states (its row count; the office file itself unchanged), then the playlist tail of
:mod:`cuagym.families.media.kit` compares the saved playlist with it."""

# mypy: disable-error-code="var-annotated, no-untyped-call"
# ruff: noqa: E501

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import os

    import docx  # type: ignore[import-untyped, unused-ignore]
    import openpyxl  # type: ignore[import-untyped, unused-ignore]

    from cuagym.apps.media._read_home import before, changes, start
    from cuagym.apps.media._reward_lib import ext_of, flac_info
    from cuagym.scripts._home import HOME
    from cuagym.scripts._reward_names import P, checks

__all__ = ["setlist_want", "sheet_want"]

# fmt: off


def sheet_want() -> None:
    """The workbook's rows (title in column B, below the header) in their order, each title the
    one FLAC file under Music with that TITLE tag."""
    rows = []
    book = openpyxl.load_workbook(os.path.join(HOME, P["workbook"]), read_only=True)
    for row in book.worksheets[0].iter_rows(min_row=2, values_only=True):
        if len(row) > 1 and row[1]:
            rows.append(str(row[1]).strip())
    by_title = {}
    for path, (kind, _) in before.items():
        if kind == "file" and ext_of(path) == "flac" and path.startswith("Music/"):
            by_title.setdefault(flac_info(os.path.join(start, path))["tags"].get("TITLE", ""), []).append(path)
    want = [by_title[t][0] for t in rows if len(by_title.get(t, [])) == 1]
    checks.append(("order_readable", 0, len(rows) == P["rows"] and len(want) == len(rows),
                   f"{len(rows)} rows, {len(want)} of them one track each"))
    checks.append(("workbook_unchanged", 0, P["workbook"] not in changes, "the running order is the agent's to read, not to edit"))


def setlist_want() -> None:
    """The document's numbered lines ("3. Title - Artist") in their order, each title the one
    FLAC file under Music with that TITLE tag."""
    rows = []
    for para in docx.Document(os.path.join(HOME, P["document"])).paragraphs:
        text = para.text.strip()
        head = text.split(".", 1)[0]
        if head.isdigit() and "." in text:
            rows.append(text.split(".", 1)[1].rsplit(" - ", 1)[0].strip())
    by_title = {}
    for path, (kind, _) in before.items():
        if kind == "file" and ext_of(path) == "flac" and path.startswith("Music/"):
            by_title.setdefault(flac_info(os.path.join(start, path))["tags"].get("TITLE", ""), []).append(path)
    want = [by_title[t][0] for t in rows if len(by_title.get(t, [])) == 1]
    checks.append(("setlist_readable", 0, len(rows) == P["songs"] and len(want) == len(rows),
                   f"{len(rows)} numbered lines, {len(want)} of them one track each"))
    checks.append(("document_unchanged", 0, P["document"] not in changes, "the setlist is the agent's to read, not to edit"))
