"""Views of plain files (csv, json, jsonl, text, images) and format detection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuagym.envs._parsers import _plain, detect_format, parse_file


def _write(path: Path, data: str | bytes) -> Path:
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


def test_csv_comma_with_quoted_newline(tmp_path: Path) -> None:
    path = _write(tmp_path / "people.csv", 'name,note\nAnn,"line one\nline two"\nBo,ok\n')
    view = parse_file(path)
    assert view == {
        "format": "csv",
        "encoding": "utf-8",
        "dialect": {"delimiter": ",", "quotechar": '"'},
        "n_rows": 3,
        "n_cols": 2,
        "rows": [["name", "note"], ["Ann", "line one\nline two"], ["Bo", "ok"]],
        "truncated": False,
    }


def test_csv_semicolon_is_sniffed(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "eu.csv", "a;b;c\n1,5;2;3\n4;5;6\n"))
    assert view is not None
    assert view["dialect"]["delimiter"] == ";"
    assert view["rows"][1] == ["1,5", "2", "3"]


def test_single_column_csv_keeps_default_dialect(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "one.csv", "alpha\nbeta\ngamma\n"))
    assert view is not None and view["rows"] == [["alpha"], ["beta"], ["gamma"]]


def test_tsv_and_bom(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "t.tsv", "\ufeffx\ty\n1\t2\n"))
    assert view is not None
    assert view["encoding"] == "utf-8-sig"
    assert view["rows"] == [["x", "y"], ["1", "2"]]


def test_csv_rows_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_plain, "MAX_CSV_ROWS", 10)
    path = _write(tmp_path / "long.csv", "".join(f"{i},{i * i}\n" for i in range(100)))
    view = parse_file(path)
    assert view is not None
    assert len(view["rows"]) == 10 and view["n_rows"] == 100 and view["truncated"] is True


def test_json(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "cfg.json", '{"b": [1, 2.5, null], "a": {"x": true}}'))
    assert view == {"format": "json", "data": {"b": [1, 2.5, None], "a": {"x": True}}}


def test_json_nan_stays_serializable(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "nan.json", '{"v": NaN}'))
    assert view == {"format": "json", "data": {"v": "NaN"}}
    json.dumps(view, allow_nan=False)


def test_invalid_json_gives_error_and_text(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "bad.json", '{"a": 1,'))
    assert view is not None and view["format"] == "json"
    assert view["error"].startswith("JSONDecodeError")
    assert view["text"] == '{"a": 1,'


def test_jsonl(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "log.jsonl", '{"i": 1}\n\nnot json\n{"i": 2}\n'))
    assert view == {
        "format": "jsonl",
        "records": [{"i": 1}, {"i": 2}],
        "invalid_lines": [3],
        "truncated": False,
    }


def test_text_utf8_and_cp1252(tmp_path: Path) -> None:
    view = parse_file(_write(tmp_path / "notes.md", "# Título\nδ line\n"))
    assert view == {
        "format": "text",
        "encoding": "utf-8",
        "text": "# Título\nδ line\n",
        "n_lines": 2,
        "truncated": False,
    }
    legacy = parse_file(_write(tmp_path / "old.txt", "café – ok".encode("cp1252")))
    assert legacy is not None
    assert (legacy["encoding"], legacy["text"]) == ("cp1252", "café – ok")


def test_text_capped(tmp_path: Path) -> None:
    path = _write(tmp_path / "huge.log", "x" * (_plain.MAX_TEXT_CHARS + 10))
    view = parse_file(path)
    assert view is not None
    assert view["truncated"] is True and len(view["text"]) == _plain.MAX_TEXT_CHARS


def test_image(tmp_path: Path) -> None:
    pil = pytest.importorskip("PIL.Image")
    pil.new("RGBA", (32, 16), (255, 0, 0, 255)).save(tmp_path / "logo.png")
    view = parse_file(tmp_path / "logo.png")
    assert view == {
        "format": "image",
        "image_format": "PNG",
        "width": 32,
        "height": 16,
        "mode": "RGBA",
        "frames": 1,
    }


def test_detection_without_extension(tmp_path: Path) -> None:
    assert detect_format(_write(tmp_path / "README", "plain words\n")) == "text"
    assert detect_format(_write(tmp_path / "blob", b"%PDF-1.7\n...")) == "pdf"
    assert detect_format(_write(tmp_path / "pic", b"\x89PNG\r\n\x1a\n....")) == "image"
    assert detect_format(_write(tmp_path / "bin", b"\x00\x01\x02garbage")) is None


def test_unknown_binary_is_none(tmp_path: Path) -> None:
    assert parse_file(_write(tmp_path / "data.bin", bytes(range(256)))) is None
    # Legacy OLE office files are not supported: None, not an error.
    assert (
        parse_file(_write(tmp_path / "old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(64)))
        is None
    )


def test_ooxml_detected_by_content(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    wb.active["A1"] = 7
    wb.save(tmp_path / "renamed.dat")
    view = parse_file(tmp_path / "renamed.dat")
    assert view is not None and view["format"] == "xlsx"
    assert view["sheets"][0]["cells"]["A1"]["value"] == 7
