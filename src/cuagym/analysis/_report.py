"""The tables of a report, once, for every output (terminal, HTML page, dataset card).

Each table belongs to a section of the report and puts the corpus's figures beside the paper's
where the paper has the figure (a dimmed ``paper`` column, empty where it has none).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cuagym.analysis import _paper as paper
from cuagym.analysis._models import CALL_BINS, DIFFICULTIES, BatchingStats, CorpusStats, Stats

__all__ = ["SECTIONS", "ReportTable", "pct", "report_tables"]

#: Report sections: id -> heading, in order.
SECTIONS: dict[str, str] = {
    "overview": "Overview",
    "domain-difficulty": "Domain × difficulty",
    "scenario": "Scenario, platform and task type",
    "verbs": "First imperative verbs",
    "app-pairs": "App pairs of cross-app tasks",
    "instruction-length": "Instruction length",
    "calls-per-step": "Tool calls per step",
    "solo-rate": "Solo rate per action",
    "sequences": "In-step action sequences",
    "trend": "Batching over training",
    "trajectories": "Trajectories",
}

TOP_VERBS = 20
TOP_PAIRS = 15
TOP_SEQUENCES = 12


def pct(n: float, total: float) -> str:
    """``n`` as a percentage of ``total`` with one decimal, or an en dash when total is 0."""
    return f"{100 * n / total:.1f}%" if total else "–"


def _with_pct(n: int, total: int) -> str:
    return f"{n:,} ({pct(n, total)})"


@dataclass
class ReportTable:
    """A table: its section, title, column names, rows of text and a caption."""

    section: str
    title: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    caption: str = ""
    footer: list[str] | None = None
    #: columns holding the paper's figures (shown dimmed)
    paper_columns: frozenset[int] = frozenset()

    def numeric(self, index: int) -> bool:
        """Right-align a column whose cells all start like a number (or are empty)."""
        cells = [row[index] for row in self.rows if row[index]]
        return bool(cells) and all(c[0].isdigit() or c[0] in "–-" for c in cells)


def _domain_table(c: CorpusStats) -> ReportTable:
    sums = {d: sum(row[d] for row in c.domain_difficulty.values()) for d in DIFFICULTIES}
    t = ReportTable(
        "domain-difficulty",
        f"Tuples by domain × difficulty ({c.tuples:,} tuples)",
        ["domain", *DIFFICULTIES, "total", "hard share"],
        footer=[
            "total",
            *(_with_pct(sums[d], c.tuples) for d in DIFFICULTIES),
            f"{c.tuples:,}",
            pct(sums["hard"], c.tuples),
        ],
    )
    for domain, row in c.domain_difficulty.items():
        total = sum(row.values())
        t.rows.append(
            [domain, *(f"{row[d]:,}" for d in DIFFICULTIES), f"{total:,}", pct(row["hard"], total)]
        )
    share = " · ".join(
        f"{d} {_with_pct(paper.PAPER_DIFFICULTY[d], paper.PAPER_TOTAL)}" for d in DIFFICULTIES
    )
    t.caption = f"paper ({paper.PAPER_TOTAL:,} tuples): {share}"
    return t


def _difficulty_table(c: CorpusStats) -> ReportTable:
    sums = {d: sum(row[d] for row in c.domain_difficulty.values()) for d in DIFFICULTIES}
    t = ReportTable(
        "domain-difficulty",
        "Difficulty",
        ["difficulty", "tuples", "share", "paper"],
        paper_columns=frozenset({3}),
    )
    for d in DIFFICULTIES:
        t.rows.append(
            [
                d,
                f"{sums[d]:,}",
                pct(sums[d], c.tuples),
                _with_pct(paper.PAPER_DIFFICULTY[d], paper.PAPER_TOTAL),
            ]
        )
    return t


def _paper_domain_table() -> ReportTable:
    t = ReportTable(
        "domain-difficulty",
        "The paper's domain × difficulty (Table 10, for reference)",
        ["domain", *DIFFICULTIES, "total"],
        paper_columns=frozenset({1, 2, 3, 4}),
    )
    for domain, counts in paper.PAPER_DOMAIN_DIFFICULTY.items():
        t.rows.append([domain, *(f"{n:,}" for n in counts), f"{sum(counts):,}"])
    t.caption = "The paper's domains group apps differently from cuagym's domain ids."
    return t


def _counts_table(section: str, title: str, counts: dict[str, int], total: int) -> ReportTable:
    t = ReportTable(section, title, ["value", "tuples", "share"])
    for key, n in counts.items():
        t.rows.append([key, f"{n:,}", pct(n, total)])
    return t


def _task_type_table(c: CorpusStats) -> ReportTable:
    t = ReportTable(
        "scenario", "Task type", ["value", "tuples", "share", "paper"], paper_columns=frozenset({3})
    )
    for key, n in c.task_type.items():
        ref = paper.PAPER_TASK_TYPE_SHARE.get(key)
        t.rows.append([key, f"{n:,}", pct(n, c.tuples), f"{100 * ref:.1f}%" if ref else ""])
    t.caption = (
        f"paper: single-app 56%, cross-app {paper.PAPER_CROSS_APP:,} (38.3%); its third category "
        "'Gymnastic' (6%) is never defined"
    )
    return t


def _paper_scenario_table() -> ReportTable:
    t = ReportTable(
        "scenario",
        "The paper's application scenarios (Table 9, for reference)",
        ["scenario", "tuples", "share"],
        paper_columns=frozenset({1, 2}),
    )
    for key, n in paper.PAPER_SCENARIOS.items():
        t.rows.append([key, f"{n:,}", pct(n, paper.PAPER_TOTAL)])
    t.caption = (
        "Table 9 groups tasks by application area; meta.json's scenario is the sampling "
        "dimension (commercial, educational, scientific, personal), which the paper does not "
        "tabulate."
    )
    return t


def _verbs_table(c: CorpusStats) -> ReportTable:
    t = ReportTable(
        "verbs",
        f"First imperative verbs (top {min(TOP_VERBS, len(c.first_verbs))} of "
        f"{len(c.first_verbs)})",
        ["verb", "tuples", "share", f"paper (of {paper.PAPER_TOTAL:,})"],
        paper_columns=frozenset({3}),
    )
    for verb, n in c.first_verbs[:TOP_VERBS]:
        ref = paper.PAPER_VERBS.get(verb)
        t.rows.append(
            [verb, f"{n:,}", pct(n, c.tuples), _with_pct(ref, paper.PAPER_TOTAL) if ref else ""]
        )
    missing = [v for v in paper.PAPER_VERBS if v not in dict(c.first_verbs[:TOP_VERBS])]
    notes = []
    if c.no_first_verb:
        notes.append(
            f"{c.no_first_verb:,} instructions ({pct(c.no_first_verb, c.tuples)}) have no "
            "first imperative verb by these rules and are not counted above"
        )
    if missing:
        notes.append("paper's top verbs not in this list: " + ", ".join(missing))
    t.caption = ". ".join(notes)
    return t


def _pairs_table(c: CorpusStats) -> ReportTable:
    cross = c.cross_app_tasks()
    t = ReportTable(
        "app-pairs",
        f"App pairs ({cross:,} cross-app tuples, {len(c.app_pairs)} pairs)",
        ["app pair", "tuples", "of cross-app", f"paper (of {paper.PAPER_CROSS_APP:,})"],
        paper_columns=frozenset({3}),
    )
    for a, b, n in c.app_pairs[:TOP_PAIRS]:
        ref = paper.PAPER_APP_PAIRS.get((a, b))
        t.rows.append(
            [
                f"{a} + {b}",
                f"{n:,}",
                pct(n, cross),
                _with_pct(ref, paper.PAPER_CROSS_APP) if ref else "",
            ]
        )
    if not c.app_pairs:
        t.caption = "No cross-app tuples in this corpus."
    else:
        top = ", ".join(f"{a} + {b}" for a, b in list(paper.PAPER_APP_PAIRS)[:4])
        t.caption = f"paper's most frequent pairs: {top}"
    return t


def _words_table(c: CorpusStats) -> ReportTable:
    t = ReportTable(
        "instruction-length",
        "Instruction length (words)",
        ["words", "tuples", "share", "paper"],
        paper_columns=frozenset({3}),
    )
    for label, n in c.instruction_words.bins.items():
        t.rows.append(
            [
                label,
                f"{n:,}",
                pct(n, c.tuples),
                _with_pct(paper.PAPER_WORD_BINS[label], paper.PAPER_TOTAL),
            ]
        )
    return t


def _words_summary_table(c: CorpusStats) -> ReportTable:
    t = ReportTable(
        "instruction-length",
        "Instruction length summary (nearest-rank percentiles)",
        ["figure", "corpus", "paper"],
        paper_columns=frozenset({2}),
    )
    w = c.instruction_words
    for key in ("mean", "p10", "p25", "p50", "p75", "p90", "p99", "max"):
        value = getattr(w, key)
        shown = f"{value:.1f}" if key == "mean" else f"{value:,}"
        t.rows.append([key, shown, f"{paper.PAPER_WORD_SUMMARY[key]:g}"])
    return t


def _calls_table(b: BatchingStats) -> ReportTable:
    cps = b.calls_per_step
    t = ReportTable(
        "calls-per-step",
        f"Tool calls per step ({b.episodes:,} episodes, {cps.steps:,} steps with calls)",
        ["calls", "steps", "share", f"paper (of {paper.PAPER_BATCHING_STEPS:,})"],
        footer=["mean", f"{cps.mean:.2f}", "", f"{paper.PAPER_CALLS_MEAN}"],
        paper_columns=frozenset({3}),
    )
    for label in CALL_BINS:
        t.rows.append(
            [
                label,
                f"{cps.bins[label]:,}",
                pct(cps.bins[label], cps.steps),
                f"{100 * paper.PAPER_CALLS_SHARE[label]:.1f}%",
            ]
        )
    t.caption = (
        f"{b.steps_without_calls:,} of {b.steps:,} steps had no call (a malformed response) "
        "and are not counted. Paper: an RL checkpoint at training step 30, "
        f"{paper.PAPER_ROLLOUTS:,} OSWorld-Verified rollouts."
    )
    return t


def _solo_table(b: BatchingStats) -> ReportTable:
    t = ReportTable(
        "solo-rate",
        "Solo rate per action (alone in its step / all its uses)",
        ["action", "solo", "total", "rate", "paper"],
        paper_columns=frozenset({4}),
    )
    for action, r in b.solo_rate.items():
        ref = paper.PAPER_SOLO.get(action)
        t.rows.append(
            [
                action,
                f"{r.solo:,}",
                f"{r.total:,}",
                f"{100 * r.rate:.1f}%",
                f"{pct(ref[0], ref[1])} ({ref[0]:,}/{ref[1]:,})" if ref else "",
            ]
        )
    return t


def _sequences_table(b: BatchingStats) -> ReportTable:
    batched = b.calls_per_step.steps - b.calls_per_step.bins["1"]
    t = ReportTable(
        "sequences",
        f"In-step action sequences of 2-4 calls (top {min(TOP_SEQUENCES, len(b.sequences))} "
        f"of {len(b.sequences)})",
        ["length", "steps", "of batched steps", "sequence", "paper"],
        paper_columns=frozenset({4}),
    )
    for seq, n in b.sequences[:TOP_SEQUENCES]:
        ref = paper.PAPER_SEQUENCES.get(seq)
        t.rows.append(
            [str(len(seq)), f"{n:,}", pct(n, batched), " → ".join(seq), f"{ref:,}" if ref else ""]
        )
    top = "; ".join(f"{' → '.join(s)} {n:,}" for s, n in list(paper.PAPER_SEQUENCES.items())[:3])
    t.caption = f"A step counts once, with its whole action list. Paper's leaders: {top}."
    return t


def _trend_table(b: BatchingStats) -> ReportTable:
    t = ReportTable(
        "trend",
        "Batching per policy version",
        [
            "policy version",
            "episodes",
            "steps",
            "mean calls/step",
            "steps with 2+ calls",
            "top sequence",
        ],
    )
    for p in b.trend:
        cps = p.calls_per_step
        top = " → ".join(p.sequences[0][0]) if p.sequences else ""
        t.rows.append(
            [
                str(p.policy_version),
                f"{p.episodes:,}",
                f"{p.steps:,}",
                f"{cps.mean:.2f}",
                pct(cps.steps - cps.bins["1"], cps.steps),
                top,
            ]
        )
    t.caption = paper.PAPER_TREND_NOTE
    return t


def overview_table(stats: Stats) -> ReportTable:
    """The headline figures, the paper's beside them."""
    c = stats.corpus
    t = ReportTable(
        "overview", "Overview", ["figure", "corpus", "paper"], paper_columns=frozenset({2})
    )
    hard = sum(row["hard"] for row in c.domain_difficulty.values())
    t.rows += [
        ["tuples", f"{c.tuples:,}", f"{paper.PAPER_TOTAL:,}"],
        ["domains", f"{len(c.domain_difficulty)}", f"{len(paper.PAPER_DOMAIN_DIFFICULTY)}"],
        ["hard share", pct(hard, c.tuples), pct(paper.PAPER_DIFFICULTY["hard"], paper.PAPER_TOTAL)],
        [
            "cross-app share",
            pct(c.cross_app_tasks(), c.tuples),
            pct(paper.PAPER_CROSS_APP, paper.PAPER_TOTAL),
        ],
        [
            "mean instruction words",
            f"{c.instruction_words.mean:.1f}",
            f"{paper.PAPER_WORD_SUMMARY['mean']}",
        ],
    ]
    b = stats.batching
    if b is not None:
        t.rows += [
            ["episodes", f"{b.episodes:,}", f"{paper.PAPER_ROLLOUTS:,}"],
            ["model steps", f"{b.steps:,}", f"{paper.PAPER_BATCHING_STEPS:,}"],
            [
                "mean tool calls per step",
                f"{b.calls_per_step.mean:.2f}",
                f"{paper.PAPER_CALLS_MEAN}",
            ],
        ]
    return t


def report_tables(stats: Stats, *, reference: bool = False) -> list[ReportTable]:
    """Every table of the report in order; ``reference`` adds the paper's own tables."""
    c = stats.corpus
    tables = [overview_table(stats), _domain_table(c), _difficulty_table(c)]
    if reference:
        tables.append(_paper_domain_table())
    tables += [
        _counts_table("scenario", "Scenario", c.scenario, c.tuples),
        _counts_table("scenario", "Platform", c.platform, c.tuples),
        _task_type_table(c),
    ]
    if reference:
        tables.append(_paper_scenario_table())
    tables += [_verbs_table(c), _pairs_table(c), _words_table(c), _words_summary_table(c)]
    b = stats.batching
    if b is not None:
        tables += [_calls_table(b), _solo_table(b), _sequences_table(b)]
        if b.trend:
            tables.append(_trend_table(b))
    return tables
