"""The UI form helpers every web app shares."""

from __future__ import annotations

import pytest
from starlette.datastructures import FormData, UploadFile

from cuagym.hub import form_text, form_texts, safe_next


def test_form_text_normalizes_line_breaks_and_ignores_files() -> None:
    form = FormData([("t", "a\r\nb\rc\nd"), ("f", UploadFile(filename="x.txt", file=None))])  # type: ignore[arg-type]
    assert form_text(form, "t") == "a\nb\nc\nd"
    assert form_text(form, "f") == "" and form_text(form, "missing") == ""


def test_form_texts_keeps_non_empty_values_in_order() -> None:
    form = FormData([("m", "u-1"), ("m", ""), ("m", "u-2"), ("x", "y")])
    assert form_texts(form, "m") == ["u-1", "u-2"]


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/c/general", "/c/general"),
        ("//evil.example/x", "/"),
        ("https://evil.example", "/"),
        ("/\\evil", "/"),
        ("", "/"),
        ("javascript:alert(1)", "/"),
    ],
)
def test_safe_next_only_allows_app_relative_paths(target: str, expected: str) -> None:
    assert safe_next(target, "/") == expected
