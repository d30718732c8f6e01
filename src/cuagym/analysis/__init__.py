"""Corpus analysis: the paper's tables for any corpus, action batching, an HTML report, and the
Hugging Face export with its dataset card (DESIGN.md §10).

``analyze(corpus, episodes)`` reads a corpus (and a run of episodes) and computes the stats;
their ``to_json()`` is ``cuagym stats --json``, ``stats_tables`` the terminal's tables;
``write_report`` writes the HTML page; ``export_hf`` writes the dataset. The figures'
definitions live with their code: first verbs in ``_verbs``, batching in ``_batching``.
"""

from cuagym.analysis._analyze import analyze
from cuagym.analysis._corpus import CorpusError
from cuagym.analysis._episodes import RunError
from cuagym.analysis._export import export_hf
from cuagym.analysis._html import write_report
from cuagym.analysis._terminal import stats_tables

__all__ = [
    "CorpusError",
    "RunError",
    "analyze",
    "export_hf",
    "stats_tables",
    "write_report",
]
