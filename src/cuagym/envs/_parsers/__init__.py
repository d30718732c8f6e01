"""Structured, deterministic views of the files in an environment's home (the state-only API).

``parse_file(path)`` returns a JSON-serializable dict whose ``format`` key names the view
(``xlsx``, ``docx``, ``pptx``, ``pdf``, ``csv``, ``json``, ``jsonl``, ``text``, ``image``), or
None for a binary format it does not know. A file that cannot be read (corrupt, encrypted, too
large) still gets a view, with an ``error`` string: parsing never raises on file content.
``read_tree(root)`` lists a directory tree with sizes, sha256 and those views.

The office formats need the optional libraries openpyxl, python-docx, python-pptx, pymupdf and
Pillow; each is imported only when a file of its format is parsed, so a missing library turns
into an ``error`` view for that format alone.
"""

from __future__ import annotations

import importlib
import stat
import zipfile
from collections.abc import Callable
from pathlib import Path

from ._common import JSON, decode_text, error_text
from ._tree import read_tree as _read_tree

__all__ = ["DEFAULT_MAX_BYTES", "detect_format", "parse_file", "read_tree"]

#: Files above this size are not loaded by the whole-file parsers (office, pdf, json, image);
#: text-like formats read only their head anyway.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024

_TEXT_EXTENSIONS = frozenset(
    [
        ".txt",
        ".md",
        ".markdown",
        ".rst",
        ".log",
        ".py",
        ".pyi",
        ".js",
        ".mjs",
        ".ts",
        ".tsx",
        ".jsx",
        ".css",
        ".scss",
        ".html",
        ".htm",
        ".xml",
        ".svg",
        ".yaml",
        ".yml",
        ".toml",
        ".ini",
        ".cfg",
        ".conf",
        ".env",
        ".properties",
        ".sh",
        ".bash",
        ".zsh",
        ".sql",
        ".c",
        ".h",
        ".cpp",
        ".hpp",
        ".java",
        ".go",
        ".rs",
        ".rb",
        ".php",
        ".pl",
        ".r",
        ".tex",
        ".bib",
        ".srt",
        ".vtt",
        ".ics",
        ".vcf",
        ".desktop",
        ".gitignore",
    ]
)
_IMAGE_EXTENSIONS = frozenset(
    [".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".ico"]
)
_EXTENSIONS: dict[str, str] = {
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".docx": "docx",
    ".pptx": "pptx",
    ".pdf": "pdf",
    ".csv": "csv",
    ".tsv": "csv",
    ".tab": "csv",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    **{ext: "text" for ext in _TEXT_EXTENSIONS},
    **{ext: "image" for ext in _IMAGE_EXTENSIONS},
}
# Whole-file formats, subject to max_bytes.
_WHOLE_FILE = frozenset({"xlsx", "docx", "pptx", "pdf", "json", "image"})
# (module, function) per format; modules are imported on first use.
_PARSERS: dict[str, tuple[str, str]] = {
    "xlsx": ("_xlsx", "parse"),
    "docx": ("_docx", "parse"),
    "pptx": ("_pptx", "parse"),
    "pdf": ("_pdf", "parse"),
    "csv": ("_plain", "parse_csv"),
    "json": ("_plain", "parse_json"),
    "jsonl": ("_plain", "parse_jsonl"),
    "text": ("_plain", "parse_text"),
    "image": ("_plain", "parse_image"),
}
_IMAGE_MAGIC = (
    b"\x89PNG\r\n\x1a\n",
    b"\xff\xd8\xff",
    b"GIF87a",
    b"GIF89a",
    b"BM",
    b"II*\x00",
    b"MM\x00*",
)
_OOXML_PARTS = (
    ("xl/workbook.xml", "xlsx"),
    ("word/document.xml", "docx"),
    ("ppt/presentation.xml", "pptx"),
)


def detect_format(path: Path) -> str | None:
    """The view format of a file: by extension first (so a corrupt ``.xlsx`` still gets an xlsx
    view with an error), else by its first bytes; None for an unknown binary file."""
    by_extension = _EXTENSIONS.get(path.suffix.lower())
    if by_extension is not None:
        return by_extension
    with path.open("rb") as handle:
        head = handle.read(8192)
    if head.startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(_IMAGE_MAGIC) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP"):
        return "image"
    if head.startswith(b"PK\x03\x04"):
        return _ooxml_kind(path)
    if b"\x00" in head:
        return None
    _text, encoding = decode_text(head)
    # Only UTF-8 counts as text when the name says nothing: cp1252 "decodes" most binaries.
    return "text" if encoding.startswith("utf-8") else None


def _ooxml_kind(path: Path) -> str | None:
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, OSError):
        return None
    return next((kind for part, kind in _OOXML_PARTS if part in names), None)


def parse_file(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES) -> JSON | None:
    """The structured view of one file, or None for an unknown binary format.

    Never raises on the file's content: a parse failure is a view ``{"format", "error"}``.
    A missing or non-regular path (directory, fifo, socket) gives ``{"format": None, "error"}``
    — a fifo is never opened, since opening one blocks."""
    path = Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            return {"format": None, "error": "not a regular file"}
        fmt = detect_format(path)
    except OSError as exc:
        return {"format": None, "error": error_text(exc, path)}
    if fmt is None:
        return None
    if fmt in _WHOLE_FILE and info.st_size > max_bytes:
        return {
            "format": fmt,
            "error": f"too large to parse: {info.st_size} bytes (max_bytes {max_bytes})",
            "truncated": True,
        }
    module_name, function_name = _PARSERS[fmt]
    try:
        module = importlib.import_module(f"{__name__}.{module_name}")
        parser: Callable[[Path], JSON] = getattr(module, function_name)
        return parser(path)
    except Exception as exc:  # any library failure on hostile or broken content
        return {"format": fmt, "error": error_text(exc, path)}


def read_tree(
    root: Path,
    *,
    exclude: Callable[[Path], bool] | None = None,
    parse: bool = True,
    max_files: int = 5000,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> JSON:
    """The tree under ``root``: ``{"files", "dirs", "symlinks", "others", "errors",
    "file_count", "truncated"}`` keyed by POSIX paths relative to root, sorted.

    ``exclude`` gets each entry's path *relative to root*; an excluded directory is not entered.
    Each file entry is ``{"size", "sha256", "mode", "view"}`` (``view`` from ``parse_file``
    when ``parse``). Symlinks are listed with their target, never followed. Modification times
    are left out on purpose: they differ between two runs that reach the same state."""
    return _read_tree(
        Path(root),
        exclude=exclude,
        parse_view=(lambda p: parse_file(p, max_bytes=max_bytes)) if parse else None,
        max_files=max_files,
    )
