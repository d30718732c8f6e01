"""Views of plain files: text, csv/tsv, json/jsonl, images (header only, no pixel decode)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from ._common import (
    JSON,
    MAX_CSV_ROWS,
    MAX_JSON_BYTES,
    MAX_TEXT_CHARS,
    cap_text,
    decode_text,
    error_text,
)

# Bytes read from a text-like file: enough for MAX_TEXT_CHARS of 4-byte UTF-8.
_TEXT_READ = MAX_TEXT_CHARS * 4
_CSV_READ = 16 * 1024 * 1024
_SNIFF_DELIMITERS = ",;\t|"


def _read_head(path: Path, limit: int) -> tuple[bytes, bool]:
    """At most ``limit`` bytes; a file is never read whole just to be cut."""
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    return (data[:limit], True) if len(data) > limit else (data, False)


def parse_text(path: Path) -> JSON:
    data, cut = _read_head(path, _TEXT_READ)
    text, encoding = decode_text(data)
    text, capped = cap_text(text)
    return {
        "format": "text",
        "encoding": encoding,
        "text": text,
        "n_lines": text.count("\n") + (1 if text and not text.endswith("\n") else 0),
        "truncated": cut or capped,
    }


def parse_csv(path: Path) -> JSON:
    data, cut = _read_head(path, _CSV_READ)
    text, encoding = decode_text(data)
    if cut:
        text = text[: text.rfind("\n") + 1]  # drop the partial last line
    dialect = _dialect(text, tab=path.suffix.lower() in (".tsv", ".tab"))
    rows: list[list[str]] = []
    n_rows = 0
    # newline="" semantics: csv handles embedded newlines inside quotes itself.
    for row in csv.reader(io.StringIO(text, newline=""), dialect):
        n_rows += 1
        if len(rows) < MAX_CSV_ROWS:
            rows.append(row)
    return {
        "format": "csv",
        "encoding": encoding,
        "dialect": {"delimiter": dialect.delimiter, "quotechar": dialect.quotechar},
        "n_rows": n_rows,
        "n_cols": max((len(r) for r in rows), default=0),
        "rows": rows,
        "truncated": cut or n_rows > MAX_CSV_ROWS,
    }


def _dialect(text: str, *, tab: bool) -> Any:
    """The sniffed dialect, falling back to the extension's default. Sniffing looks at a fixed
    prefix of the text, so the same file always gets the same dialect."""
    default: Any = csv.excel_tab if tab else csv.excel
    sample = text[: 64 * 1024]
    if not sample.strip():
        return default
    try:
        sniffed: Any = csv.Sniffer().sniff(sample, delimiters=_SNIFF_DELIMITERS)
    except csv.Error:
        return default
    # Sniffer guesses from character frequencies; a one-column file can fool it. Keep the
    # extension's default unless the sniffed delimiter actually occurs in the first line.
    first_line = sample.split("\n", 1)[0]
    return sniffed if sniffed.delimiter in first_line else default


def parse_json(path: Path) -> JSON:
    size = path.stat().st_size
    if size > MAX_JSON_BYTES:
        head, _ = _read_head(path, MAX_TEXT_CHARS)
        text, _encoding = decode_text(head)
        return {
            "format": "json",
            "error": f"too large to parse: {size} bytes (cap {MAX_JSON_BYTES})",
            "text": text,
            "truncated": True,
        }
    text, _encoding = decode_text(path.read_bytes())
    try:
        # NaN/Infinity are not JSON; keep them as their spelling instead of a float dumps rejects.
        data = json.loads(text, parse_constant=lambda name: name)
    except json.JSONDecodeError as exc:
        capped, _ = cap_text(text)
        return {"format": "json", "error": error_text(exc, path), "text": capped}
    return {"format": "json", "data": data}


def parse_jsonl(path: Path) -> JSON:
    data, cut = _read_head(path, MAX_JSON_BYTES)
    text, _encoding = decode_text(data)
    lines = text.splitlines()
    if cut and lines:
        lines = lines[:-1]  # the last line may be cut mid-record
    records: list[Any] = []
    bad: list[int] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line, parse_constant=lambda name: name))
        except json.JSONDecodeError:
            bad.append(number)
    return {"format": "jsonl", "records": records, "invalid_lines": bad, "truncated": cut}


def parse_image(path: Path) -> JSON:
    from PIL import Image  # lazily: Pillow is an optional dependency

    # Image.open reads the header only; pixels are never decoded here.
    with Image.open(path) as image:
        return {
            "format": "image",
            "image_format": image.format,
            "width": image.width,
            "height": image.height,
            "mode": image.mode,
            "frames": int(getattr(image, "n_frames", 1)),
        }
