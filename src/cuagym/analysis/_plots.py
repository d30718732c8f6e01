"""Plots for the HTML report: matplotlib figures as embedded PNG data URIs.

Figures are built with matplotlib's object API (``Figure``, no pyplot state machine), so the
report can be made from any thread and leaves no global state behind. The paper's figures are
drawn in grey next to the corpus's wherever the paper has them. An axis that counts (tuples,
steps) has integer ticks only; long category names are shortened on the axis and given in full
in the image's tooltip.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cuagym.analysis import _paper as paper
from cuagym.analysis._models import CALL_BINS, DIFFICULTIES, BatchingStats, CorpusStats, Stats
from cuagym.analysis._report import TOP_PAIRS, TOP_SEQUENCES, TOP_VERBS

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["Plot", "report_plots"]

CORPUS, PAPER = "#3b6ea5", "#b4bac4"
_DIFFICULTY_COLORS = {"easy": "#8fbf88", "medium": "#e3b554", "hard": "#c8594b"}
_DPI = 96


#: Labels longer than this are shortened on an axis (the full names go in the tooltip).
LABEL_CHARS = 32


@dataclass(frozen=True)
class Plot:
    """One embedded image of a report section; ``tooltip`` adds what the image shortened."""

    section: str
    alt: str
    data_uri: str
    tooltip: str = ""

    @property
    def title(self) -> str:
        return f"{self.alt}. {self.tooltip}" if self.tooltip else self.alt


def _short(label: str) -> str:
    return label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"


def _full_names(labels: Sequence[str]) -> str:
    long = [label for label in labels if len(label) > LABEL_CHARS]
    return ("Full names: " + "; ".join(long)) if long else ""


def _count_axis(axis: Any) -> None:
    """Integer ticks on an axis that counts things (no 0.25 tuples)."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _png(fig: Figure) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=_DPI, bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _new_figure(width: float, height: float) -> Figure:
    # Imported here: matplotlib takes seconds to import, and only the HTML report needs it.
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    fig = _new_figure(width, height)
    ax = fig.add_subplot()
    ax.spines[["top", "right"]].set_visible(False)
    return fig, ax


def _share(values: Sequence[float]) -> list[float]:
    total = sum(values)
    return [100 * v / total if total else 0.0 for v in values]


def _paired_bars(
    ax: Axes, labels: Sequence[str], corpus: Sequence[float], reference: Sequence[float | None]
) -> None:
    """Corpus and paper shares side by side per label (a missing paper value draws nothing)."""
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], corpus, width=0.4, color=CORPUS, label="corpus")
    ref_x = [x + 0.2 for x, r in zip(xs, reference, strict=True) if r is not None]
    ref_y = [r for r in reference if r is not None]
    if ref_y:
        ax.bar(ref_x, ref_y, width=0.4, color=PAPER, label="paper")
    ax.set_xticks(list(xs), list(labels))
    ax.set_ylabel("% of total")
    ax.legend(frameon=False)


def _hbars(
    ax: Axes, labels: Sequence[str], corpus: Sequence[float], reference: Sequence[float | None]
) -> None:
    """Horizontal corpus bars, largest on top, with the paper's value as a grey tick."""
    ys = list(range(len(labels)))[::-1]
    ax.barh(ys, corpus, color=CORPUS, height=0.7, label="corpus")
    ref = [(y, r) for y, r in zip(ys, reference, strict=True) if r is not None]
    if ref:
        ax.scatter([r for _, r in ref], [y for y, _ in ref], marker="|", s=260, color="#555",
                   linewidths=2.5, label="paper", zorder=3)  # fmt: skip
    ax.set_yticks(ys, [_short(label) for label in labels])
    ax.legend(frameon=False, ncols=2, loc="lower right", bbox_to_anchor=(1.0, 1.0))


def _domain_plot(c: CorpusStats) -> Plot:
    domains = list(c.domain_difficulty)
    fig, ax = _figure(7.5, max(2.2, 0.38 * len(domains) + 0.9))
    left = [0] * len(domains)
    ys = list(range(len(domains)))[::-1]
    for d in DIFFICULTIES:
        counts = [c.domain_difficulty[name][d] for name in domains]
        ax.barh(ys, counts, left=left, color=_DIFFICULTY_COLORS[d], label=d, height=0.7)
        left = [a + b for a, b in zip(left, counts, strict=True)]
    ax.set_yticks(ys, [_short(d) for d in domains])
    ax.set_xlabel("tuples")
    _count_axis(ax.xaxis)
    ax.legend(frameon=False, ncols=3, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    return Plot(
        "domain-difficulty",
        "Tuples per domain, stacked by difficulty",
        _png(fig),
        _full_names(domains),
    )


def _difficulty_plot(c: CorpusStats) -> Plot:
    sums = [sum(row[d] for row in c.domain_difficulty.values()) for d in DIFFICULTIES]
    ref = [paper.PAPER_DIFFICULTY[d] for d in DIFFICULTIES]
    fig, ax = _figure(5, 3)
    _paired_bars(ax, DIFFICULTIES, _share(sums), _share(ref))
    ax.set_title("Difficulty share")
    return Plot("domain-difficulty", "Difficulty share, corpus and paper", _png(fig))


def _dimension_plots(c: CorpusStats) -> list[Plot]:
    """Scenario, platform and task type: one readable panel each (horizontal bars, largest
    first, each bar labelled with its count and share)."""
    plots = []
    for title, counts in (
        ("Scenario", c.scenario),
        ("Platform", c.platform),
        ("Task type", c.task_type),
    ):
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        labels = [k for k, _ in ranked]
        fig, ax = _figure(6.4, 0.42 * len(ranked) + 1.1)
        ys = list(range(len(ranked)))[::-1]
        values = [n for _, n in ranked]
        ax.barh(ys, values, color=CORPUS, height=0.65)
        ax.set_yticks(ys, [_short(k) for k in labels], fontsize=11)
        for y, n in zip(ys, values, strict=True):
            ax.annotate(f" {n:,} ({100 * n / c.tuples:.0f}%)" if c.tuples else f" {n}",
                        (n, y), va="center", fontsize=10)  # fmt: skip
        ax.set_xlabel("tuples", fontsize=10)
        ax.set_title(title, fontsize=12, loc="left", fontweight="bold")
        ax.set_xlim(0, max([*values, 1]) * 1.25)
        _count_axis(ax.xaxis)
        plots.append(Plot("scenario", f"Tuples by {title.lower()}", _png(fig), _full_names(labels)))
    return plots


def _verbs_plot(c: CorpusStats) -> Plot:
    top = c.first_verbs[:TOP_VERBS]
    fig, ax = _figure(7, max(2.2, 0.3 * len(top) + 0.8))
    ref = [
        100 * paper.PAPER_VERBS[v] / paper.PAPER_TOTAL if v in paper.PAPER_VERBS else None
        for v, _ in top
    ]
    _hbars(ax, [v for v, _ in top], [100 * n / c.tuples for _, n in top], ref)
    ax.set_xlabel("% of tuples")
    return Plot("verbs", "First imperative verbs, share of tuples (paper as ticks)", _png(fig))


def _pairs_plot(c: CorpusStats) -> Plot | None:
    top = c.app_pairs[:TOP_PAIRS]
    cross = c.cross_app_tasks()
    if not top or not cross:
        return None
    fig, ax = _figure(7, max(2.2, 0.32 * len(top) + 0.8))
    ref = [
        100 * paper.PAPER_APP_PAIRS[(a, b)] / paper.PAPER_CROSS_APP
        if (a, b) in paper.PAPER_APP_PAIRS
        else None
        for a, b, _ in top
    ]
    labels = [f"{a} + {b}" for a, b, _ in top]
    _hbars(ax, labels, [100 * n / cross for _, _, n in top], ref)
    ax.set_xlabel("% of cross-app tuples")
    alt = "App pairs, share of cross-app tuples (paper as ticks)"
    return Plot("app-pairs", alt, _png(fig), _full_names(labels))


def _words_plot(c: CorpusStats) -> Plot:
    labels = list(c.instruction_words.bins)
    fig, ax = _figure(7, 3.2)
    _paired_bars(ax, labels, _share(list(c.instruction_words.bins.values())),
                 _share([paper.PAPER_WORD_BINS[k] for k in labels]))  # fmt: skip
    ax.set_xlabel("words")
    return Plot("instruction-length", "Instruction length bins, corpus and paper", _png(fig))


def _calls_plot(b: BatchingStats) -> Plot:
    cps = b.calls_per_step
    fig, ax = _figure(5.5, 3.2)
    _paired_bars(ax, CALL_BINS, _share([cps.bins[k] for k in CALL_BINS]),
                 [100 * paper.PAPER_CALLS_SHARE[k] for k in CALL_BINS])  # fmt: skip
    ax.set_xlabel("tool calls in the step")
    return Plot("calls-per-step", "Tool calls per step, corpus and paper", _png(fig))


def _solo_plot(b: BatchingStats) -> Plot | None:
    if not b.solo_rate:
        return None
    actions = list(b.solo_rate)
    fig, ax = _figure(7, max(2.2, 0.3 * len(actions) + 0.8))
    ref = [
        100 * paper.PAPER_SOLO[a][0] / paper.PAPER_SOLO[a][1] if a in paper.PAPER_SOLO else None
        for a in actions
    ]
    _hbars(ax, actions, [100 * b.solo_rate[a].rate for a in actions], ref)
    ax.set_xlabel("% of the action's uses alone in its step")
    ax.set_xlim(0, 105)
    return Plot("solo-rate", "Solo rate per action (paper as ticks)", _png(fig))


def _sequences_plot(b: BatchingStats) -> Plot | None:
    top = b.sequences[:TOP_SEQUENCES]
    if not top:
        return None
    fig, ax = _figure(7.5, max(2.2, 0.32 * len(top) + 0.8))
    labels = [" → ".join(s) for s, _ in top]
    _hbars(ax, labels, [n for _, n in top], [None] * len(top))
    ax.set_xlabel("steps")
    _count_axis(ax.xaxis)
    return Plot("sequences", "Most frequent in-step sequences", _png(fig), _full_names(labels))


def _trend_plot(b: BatchingStats) -> Plot | None:
    if not b.trend:
        return None
    versions = [p.policy_version for p in b.trend]
    fig = _new_figure(10, 3.4)
    left, right = fig.subplots(1, 2)
    left.plot(versions, [p.calls_per_step.mean for p in b.trend], color=CORPUS, marker="o",
              markersize=3, label="corpus")  # fmt: skip
    left.axhspan(1.4, 1.9, color=PAPER, alpha=0.35, label="paper's settled band (1.4-1.9)")
    left.set_xlabel("policy version (training step)")
    left.set_ylabel("mean tool calls per step")
    left.legend(frameon=False)
    top_actions = list(b.solo_rate)[:6]
    for action in top_actions:
        rates = [
            100 * p.solo_rate[action].rate if action in p.solo_rate else float("nan")
            for p in b.trend
        ]
        right.plot(versions, rates, marker="o", markersize=2.5, label=action)
    right.set_xlabel("policy version (training step)")
    right.set_ylabel("solo rate %")
    right.legend(frameon=False, fontsize=8, ncols=2)
    for ax in (left, right):
        ax.spines[["top", "right"]].set_visible(False)
        _count_axis(ax.xaxis)
    return Plot("trend", "Batching over training: mean calls per step and solo rates", _png(fig))


def report_plots(stats: Stats) -> list[Plot]:
    """Every plot of the report, in section order."""
    c = stats.corpus
    plots: list[Plot | None] = [
        _domain_plot(c),
        _difficulty_plot(c),
        *_dimension_plots(c),
        _verbs_plot(c),
        _pairs_plot(c),
        _words_plot(c),
    ]
    b = stats.batching
    if b is not None:
        plots += [_calls_plot(b), _solo_plot(b), _sequences_plot(b), _trend_plot(b)]
    return [p for p in plots if p is not None]
