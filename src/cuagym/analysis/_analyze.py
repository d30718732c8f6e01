"""One call from paths to figures: read a corpus (and episodes) and compute every table."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cuagym.analysis._batching import batching_stats
from cuagym.analysis._corpus import TupleInfo, read_corpus
from cuagym.analysis._episodes import EpisodeInfo, read_episodes
from cuagym.analysis._models import Stats
from cuagym.analysis._tables import corpus_stats

__all__ = ["Analysis", "analyze"]


@dataclass(frozen=True)
class Analysis:
    """A corpus, its episodes (if any) and their figures."""

    corpus_path: Path
    episodes_path: Path | None
    tuples: list[TupleInfo]
    episodes: list[EpisodeInfo]
    stats: Stats


def analyze(
    corpus: str | os.PathLike[str], episodes: str | os.PathLike[str] | None = None
) -> Analysis:
    """Read ``corpus`` (and the run folder ``episodes``) and compute the report's figures.

    Raises CorpusError / RunError naming every bad file.
    """
    tuples = read_corpus(corpus)
    runs = read_episodes(episodes) if episodes is not None else []
    stats = Stats(
        corpus=corpus_stats(tuples),
        batching=batching_stats(runs) if episodes is not None else None,
    )
    return Analysis(
        corpus_path=Path(corpus),
        episodes_path=Path(episodes) if episodes is not None else None,
        tuples=tuples,
        episodes=runs,
        stats=stats,
    )
