"""``export_hf``: the dataset card carries the corpus's figures and each web app's disclosure."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import get_args

import pytest
import yaml

from cuagym.analysis import CorpusError, export_hf
from cuagym.analysis._card import dataset_card
from cuagym.analysis._corpus import read_corpus
from cuagym.analysis._disclosure import MEASURE_TEXT, web_app_disclosures
from cuagym.analysis._models import Stats
from cuagym.analysis._tables import corpus_stats
from cuagym.data import load_corpus
from cuagym.domains import load_domains
from cuagym.hub import ComplianceMeasure
from tests.analysis.corpus import write_tuple

datasets = pytest.importorskip("datasets")

SOURCE = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final"
# Names of the real products the paper's mocks stand for (its inventory's internal labels).
BRANDS = re.compile(
    r"\b(slack|microsoft teams|discord|gmail|outlook|jira|asana|trello|"
    r"salesforce|hubspot|zendesk|servicenow|google)\b",
    re.IGNORECASE,
)


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "output" / "final"
    for src in sorted(SOURCE.iterdir()):
        shutil.copytree(src, root / src.name)
    return tmp_path / "output"


def test_card_has_figures_and_disclosures(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    result = export_hf(corpus, out, name="Test corpus", license_id="apache-2.0")
    card = (out / "README.md").read_text()
    header = yaml.safe_load(card.split("---\n")[1])
    assert header["license"] == "apache-2.0" and header["pretty_name"] == "Test corpus"
    assert header["configs"][0]["data_files"][0]["path"] == "data/train-*.parquet"

    stats = result.stats.corpus
    assert stats.tuples == 7
    # The figures of `cuagym stats` for this corpus, with the paper's beside them.
    assert "| tuples | 7 | 32,112 |" in card
    for domain, row in stats.domain_difficulty.items():
        cells = " | ".join(f"{row[d]:,}" for d in ("easy", "medium", "hard"))
        assert f"| {domain} | {cells} |" in card
    verb, n = stats.first_verbs[0]
    assert f"| {verb} | {n} |" in card
    # Disclosure rows: the corpus uses team-chat and crm (mock web apps); calc, writer, files
    # are desktop software and get none.
    assert [d.app_id for d in result.disclosures] == ["crm", "team-chat"]
    assert result.undeclared == []
    assert "| `team-chat` | Team Chat | Communication / messaging | yes | yes | yes | yes |" in card
    assert "| `crm` | CRM | CRM / customer service | yes | yes | yes | yes |" in card
    assert "`calc`" not in card.split("## Mock web apps")[1]

    rows = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "cache"))
    assert rows.num_rows == 7
    assert {t.task_id for t in load_corpus(rows)} == {p.name for p in SOURCE.iterdir()}


def test_an_undeclared_app_is_flagged(tmp_path: Path) -> None:
    root = tmp_path / "final"
    write_tuple(root, "a", "Open the ledger.", domain="ledger-mock", platform="web")
    write_tuple(root, "b", "Open it.", domain="calc")
    rows = web_app_disclosures(read_corpus(root))
    assert [(d.app_id, d.installed, d.release) for d in rows] == [("ledger-mock", False, None)]
    card = dataset_card(
        Stats(corpus=corpus_stats(read_corpus(root))), rows, name="x", license_id="other",
        columns=["task_id"],
    )  # fmt: skip
    assert "| `ledger-mock` | (not installed where this card was made) | **not declared** |" in card
    assert "Review before publishing:** no release declaration for `ledger-mock`" in card


def test_every_installed_web_app_declares_its_release() -> None:
    web = [d.web_app for d in load_domains().values() if d.web_app is not None]
    assert {w.app_id for w in web} >= {"team-chat", "mail", "issue-tracker", "crm"}
    for app in web:
        assert app.release is not None, f"{app.app_id} declares no release disclosure"
        assert app.release.category
        assert set(app.release.measures) <= set(MEASURE_TEXT)
    assert set(MEASURE_TEXT) == set(get_args(ComplianceMeasure))


def test_declared_generic_names_and_copy_hold_in_the_public_ui() -> None:
    """An app claiming a generic name and original UI copy shows no product name to users."""
    for domain in load_domains().values():
        app = domain.web_app
        if app is None or app.release is None:
            continue
        if "generic_name" in app.release.measures:
            assert not BRANDS.search(app.app_id) and not BRANDS.search(app.title)
        if "original_ui_copy" in app.release.measures:
            seed = json.dumps(app.seed())
            assert BRANDS.search(seed) is None, f"{app.app_id} seed: {BRANDS.search(seed)}"
            for folder in (*app.template_dirs, *app.static_dirs.values()):
                for path in folder.rglob("*") if folder else ():
                    if path.suffix in {".html", ".j2", ".css", ".js", ".svg", ".txt"}:
                        hit = BRANDS.search(path.read_text(encoding="utf-8", errors="replace"))
                        assert hit is None, f"{path}: {hit.group(0) if hit else ''}"


def test_export_refuses_a_dataset_and_an_existing_out(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    export_hf(corpus, out)
    with pytest.raises(CorpusError, match="already an exported dataset"):
        export_hf(out, tmp_path / "again")
    with pytest.raises(FileExistsError):
        export_hf(corpus, out)


def test_stats_read_an_exported_dataset(corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "dataset"
    export_hf(corpus, out)
    from_folders = corpus_stats(read_corpus(corpus))
    from_dataset = corpus_stats(read_corpus(out))
    assert from_dataset == from_folders
