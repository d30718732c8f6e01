"""Broken, hostile and oversized inputs give views with an ``error``, never exceptions."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from cuagym.envs._parsers import _common, parse_file


@pytest.mark.parametrize("suffix", [".xlsx", ".docx", ".pptx", ".pdf"])
def test_garbage_bytes(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"broken{suffix}"
    path.write_bytes(b"this is not a real document \x00\x01\x02" * 10)
    view = parse_file(path)
    assert view is not None
    assert view["format"] == suffix[1:]
    assert isinstance(view["error"], str) and view["error"]
    assert str(tmp_path) not in view["error"]  # no absolute path: views compare across roots
    json.dumps(view)


@pytest.mark.parametrize("suffix", [".xlsx", ".docx", ".pptx"])
def test_zip_without_the_right_parts(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"hollow{suffix}"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "no office parts here")
    view = parse_file(path)
    assert view is not None and view["format"] == suffix[1:] and "error" in view


def test_truncated_xlsx(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    wb.active["A1"] = "x"
    full = tmp_path / "full.xlsx"
    wb.save(full)
    cut = tmp_path / "cut.xlsx"
    cut.write_bytes(full.read_bytes()[: full.stat().st_size // 2])
    view = parse_file(cut)
    assert view is not None and "error" in view


def test_truncated_pdf(tmp_path: Path) -> None:
    pymupdf = pytest.importorskip("pymupdf")
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "hello")
    data = doc.tobytes()
    doc.close()
    path = tmp_path / "cut.pdf"
    path.write_bytes(data[:40])
    view = parse_file(path)
    assert view is not None and view["format"] == "pdf"
    # Either MuPDF repairs nothing useful (error) or it recovers zero pages: never a crash.
    assert "error" in view or view["page_count"] == 0


def test_zip_bomb_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_common, "MAX_UNZIPPED_BYTES", 1000)
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", b"\x00" * 100_000)
    view = parse_file(path)
    assert view is not None and "inflates" in view["error"]


def test_whole_file_formats_respect_max_bytes(tmp_path: Path) -> None:
    path = tmp_path / "big.pdf"
    path.write_bytes(b"%PDF-1.7\n" + b"0" * 5000)
    view = parse_file(path, max_bytes=1000)
    assert view is not None
    assert view["format"] == "pdf" and view["truncated"] is True
    assert "too large" in view["error"]


def test_missing_and_special_paths(tmp_path: Path) -> None:
    missing = parse_file(tmp_path / "nope.xlsx")
    assert missing is not None and missing["format"] is None
    assert missing["error"].startswith("FileNotFoundError")
    assert parse_file(tmp_path) == {"format": None, "error": "not a regular file"}
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    # Opening a fifo would block forever: it must be refused from its stat alone.
    assert parse_file(fifo) == {"format": None, "error": "not a regular file"}
