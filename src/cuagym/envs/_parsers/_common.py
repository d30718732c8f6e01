"""Helpers shared by the format parsers: JSON-safe values, caps, error views.

Every view is a plain ``dict`` that ``json.dumps`` accepts as-is, built in a deterministic order
from the file's bytes alone: no timestamps of the parse, no absolute paths, no memory addresses.
"""

from __future__ import annotations

import datetime as _dt
import decimal
import math
import zipfile
from pathlib import Path
from typing import Any

JSON = dict[str, Any]

# Caps keep one view small enough for a reward writer (an LLM) to inspect, and bound parse time.
MAX_CELLS_PER_SHEET = 20_000
MAX_TEXT_CHARS = 200_000
MAX_CSV_ROWS = 10_000
MAX_PARAGRAPHS = 5_000
MAX_RUNS_PER_PARAGRAPH = 200
MAX_TABLE_ROWS = 1_000
MAX_SHAPES_PER_SLIDE = 500
MAX_PDF_PAGES = 500
MAX_JSON_BYTES = 8 * 1024 * 1024
# An office file is a zip archive: refuse archives that inflate past this (zip bombs).
MAX_UNZIPPED_BYTES = 1024 * 1024 * 1024


def json_value(value: Any) -> Any:
    """Convert a library value (dates, decimals, non-finite floats…) into a JSON-safe scalar."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        # NaN / inf are not JSON: keep them visible as strings rather than breaking dumps().
        return value if math.isfinite(value) else str(value)
    if isinstance(value, _dt.datetime | _dt.date | _dt.time):
        return value.isoformat()
    if isinstance(value, _dt.timedelta):
        return value.total_seconds()
    if isinstance(value, decimal.Decimal):
        return json_value(float(value))
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


def enum_name(value: Any) -> str | None:
    """The stable name of a library enum member (``WD_ALIGN_PARAGRAPH.CENTER`` → ``"CENTER"``)."""
    if value is None:
        return None
    name = getattr(value, "name", None)
    return str(name) if name is not None else str(value)


def round_float(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(float(value), digits)


def error_text(exc: BaseException, path: Path) -> str:
    """``Type: message`` with the absolute path removed: two environments hold the same file
    under different roots, and their views must compare equal."""
    message = str(exc).replace(str(path), path.name)
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def check_zip(path: Path) -> None:
    """Raise ``ValueError`` for an archive whose members would inflate past the cap."""
    with zipfile.ZipFile(path) as archive:
        total = sum(info.file_size for info in archive.infolist())
    if total > MAX_UNZIPPED_BYTES:
        raise ValueError(f"archive inflates to {total} bytes (cap {MAX_UNZIPPED_BYTES})")


def cap_text(text: str, limit: int = MAX_TEXT_CHARS) -> tuple[str, bool]:
    """``(text cut to limit characters, whether it was cut)``."""
    return (text[:limit], True) if len(text) > limit else (text, False)


def decode_text(data: bytes) -> tuple[str, str]:
    """Decode bytes as UTF-8 (with or without BOM), else cp1252, else latin-1 (never fails).

    Returns ``(text, encoding)``. A cut in the middle of a multi-byte sequence (capped reads) is
    tolerated by dropping at most three trailing bytes."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    for trim in range(4):
        try:
            return data[: len(data) - trim].decode("utf-8"), "utf-8"
        except UnicodeDecodeError as exc:
            if exc.start < len(data) - 4:
                break
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def properties(core: Any, names: tuple[str, ...]) -> JSON:
    """Selected core properties of an OOXML package. Created/modified timestamps are left out on
    purpose: every save rewrites them, so they differ between two equal end states."""
    out: JSON = {}
    for name in names:
        value = json_value(getattr(core, name, None))
        out[name] = value if value != "" else None  # an empty element means unset
    return out
