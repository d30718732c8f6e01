"""Corpus analysis: the paper's tables for any corpus, action batching, an HTML report, and the
Hugging Face export with its dataset card (DESIGN.md §10).

``analyze(corpus, episodes)`` reads a corpus (and a run of episodes) and computes ``Stats``;
``Stats.to_json()`` is ``cuagym stats --json``; ``write_report`` writes the HTML page;
``export_hf`` writes the dataset. The figures' definitions live with their code: first verbs
in ``first_verb`` (rules in its module), batching in ``batching_stats``.
"""

from cuagym.analysis._analyze import Analysis, analyze
from cuagym.analysis._batching import batching_stats
from cuagym.analysis._card import dataset_card
from cuagym.analysis._corpus import CorpusError, TupleInfo, read_corpus
from cuagym.analysis._disclosure import AppDisclosure, web_app_disclosures
from cuagym.analysis._episodes import EpisodeInfo, RunError, TurnCalls, read_episodes
from cuagym.analysis._export import ExportResult, export_hf
from cuagym.analysis._html import render_report, write_report
from cuagym.analysis._models import (
    BatchingStats,
    CallsPerStep,
    CorpusStats,
    InstructionWords,
    SoloRate,
    Stats,
    TrendPoint,
)
from cuagym.analysis._report import SECTIONS, ReportTable, report_tables
from cuagym.analysis._tables import corpus_stats, nearest_rank
from cuagym.analysis._terminal import stats_tables
from cuagym.analysis._trajectories import DEFAULT_VIEW, pick_episodes
from cuagym.analysis._verbs import first_verb, lemmatize

__all__ = [
    "DEFAULT_VIEW",
    "SECTIONS",
    "Analysis",
    "AppDisclosure",
    "BatchingStats",
    "CallsPerStep",
    "CorpusError",
    "CorpusStats",
    "EpisodeInfo",
    "ExportResult",
    "InstructionWords",
    "ReportTable",
    "RunError",
    "SoloRate",
    "Stats",
    "TrendPoint",
    "TupleInfo",
    "TurnCalls",
    "analyze",
    "batching_stats",
    "corpus_stats",
    "dataset_card",
    "export_hf",
    "first_verb",
    "lemmatize",
    "nearest_rank",
    "pick_episodes",
    "read_corpus",
    "read_episodes",
    "render_report",
    "report_tables",
    "stats_tables",
    "web_app_disclosures",
    "write_report",
]
