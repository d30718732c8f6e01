"""The scanner against a corpus of realistic reward scripts, hacked and legitimate."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.synth import scan_file
from cuagym.synth._scan_models import PATTERNS

CORPUS = Path(__file__).parent / "scan_corpus"
HACKED = sorted((CORPUS / "hacked").glob("*.py"))
LEGIT = sorted((CORPUS / "legit").glob("*.py"))


def _expected(path: Path) -> set[str]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect:"), f"{path.name} must start with '# expect: <ids>'"
    return {p.strip() for p in first.split(":", 1)[1].split(",") if p.strip()}


def test_corpus_is_large_enough() -> None:
    assert len(HACKED) >= 50
    assert len(LEGIT) >= 35


def test_every_expected_id_is_documented() -> None:
    for path in HACKED:
        assert _expected(path) <= PATTERNS.keys(), path.name


def test_corpus_covers_every_pattern_id() -> None:
    # Unparsable scripts are covered in test_scan_api (ruff must be able to lint the corpus).
    covered = set().union(*(_expected(p) for p in HACKED))
    assert covered == set(PATTERNS) - {"syntax_error"}


@pytest.mark.parametrize("path", HACKED, ids=lambda p: p.stem)
def test_hacked_script_is_flagged_with_exactly_its_patterns(path: Path) -> None:
    report = scan_file(path)
    assert not report.ok
    assert report.pattern_ids == _expected(path), [v.model_dump() for v in report.violations]
    assert all(v.line >= 1 for v in report.violations)


@pytest.mark.parametrize("path", LEGIT, ids=lambda p: p.stem)
def test_legit_script_is_clean(path: Path) -> None:
    report = scan_file(path)
    assert report.ok, [v.model_dump() for v in report.violations]
    assert report.violations == []
