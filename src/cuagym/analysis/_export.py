"""``cuagym export hf``: a corpus as a Hugging Face dataset with its card.

The rows and parquet shards are ``cuagym.data.write_dataset``'s; this layer adds what needs the
analysis: the card's figures (``cuagym stats`` over the same corpus) and the release disclosure
of every mock web app the corpus uses.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cuagym.analysis._card import dataset_card
from cuagym.analysis._corpus import CorpusError, bundle_folders, is_exported_dataset, read_corpus
from cuagym.analysis._disclosure import AppDisclosure, web_app_disclosures
from cuagym.analysis._models import Stats
from cuagym.analysis._tables import corpus_stats
from cuagym.data import WrittenDataset, write_dataset

__all__ = ["ExportResult", "export_hf"]


@dataclass(frozen=True)
class ExportResult:
    """What ``export_hf`` wrote, and the disclosures its card carries."""

    dataset: WrittenDataset
    stats: Stats
    disclosures: list[AppDisclosure]

    @property
    def undeclared(self) -> list[str]:
        """Web apps of the corpus without a release declaration (review before publishing)."""
        return [d.app_id for d in self.disclosures if d.release is None]


def export_hf(
    corpus: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    name: str | None = None,
    license_id: str = "other",
    replace: bool = False,
    shard_rows: int = 1000,
) -> ExportResult:
    """Write ``corpus`` (bundles or a synth output folder) as a dataset at ``out``."""
    root = Path(corpus)
    if root.is_dir() and is_exported_dataset(root):
        raise CorpusError(root, [f"{root}: already an exported dataset"])
    tuples = read_corpus(root)
    stats = Stats(corpus=corpus_stats(tuples))
    disclosures = web_app_disclosures(tuples)
    title = name or f"{root.resolve().name} (cuagym corpus)"
    written = write_dataset(
        bundle_folders(root),
        out,
        card=lambda columns: dataset_card(
            stats, disclosures, name=title, license_id=license_id, columns=columns
        ),
        replace=replace,
        shard_rows=shard_rows,
    )
    return ExportResult(dataset=written, stats=stats, disclosures=disclosures)
