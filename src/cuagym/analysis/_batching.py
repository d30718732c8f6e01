"""Action batching: how many tool calls a policy packs into one step (the paper's appendix D.1).

Definitions (they reproduce the paper's own arithmetic, see the tests):

- A *step* is one model turn. Calls per step count the turn's parsed ``calls`` (``terminate``
  included: it is a tool call like any other); turns without calls (a malformed response) are
  counted apart as ``steps_without_calls`` and stay out of the histogram and the mean.
- An action's *solo rate* = the steps holding that action and nothing else / all its uses.
- An *in-step sequence* is the whole ordered action list of a step with 2-4 calls; each such
  step counts once. (The paper's table is of this kind: its length-2 sequences add up to at most
  its 2-call steps, and its two leading pairs make up the ~75% of batched steps it reports.)

With ``policy_version`` on the turns, the same figures are computed per version: the trend
over training steps (the paper's Figure 9 plots the mean).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from cuagym.analysis._episodes import EpisodeInfo, TurnCalls
from cuagym.analysis._models import CALL_BINS, BatchingStats, CallsPerStep, SoloRate, TrendPoint

__all__ = ["batching_stats"]

_TREND_SEQUENCES = 10


def _bin(n: int) -> str:
    return CALL_BINS[min(n, len(CALL_BINS)) - 1]


class _Tally:
    """Running counts over turns."""

    def __init__(self) -> None:
        self.bins: Counter[str] = Counter()
        self.calls = 0
        self.empty = 0
        self.uses: Counter[str] = Counter()
        self.alone: Counter[str] = Counter()
        self.sequences: Counter[tuple[str, ...]] = Counter()

    def add(self, actions: tuple[str, ...]) -> None:
        n = len(actions)
        if n == 0:
            self.empty += 1
            return
        self.bins[_bin(n)] += 1
        self.calls += n
        self.uses.update(actions)
        if n == 1:
            self.alone[actions[0]] += 1
        elif n <= 4:
            self.sequences[actions] += 1

    def calls_per_step(self) -> CallsPerStep:
        steps = sum(self.bins.values())
        return CallsPerStep(
            bins={label: self.bins.get(label, 0) for label in CALL_BINS},
            mean=round(self.calls / steps, 4) if steps else 0.0,
        )

    def solo_rate(self) -> dict[str, SoloRate]:
        rates = {action: self.alone[action] / total for action, total in self.uses.items()}
        order = sorted(self.uses, key=lambda a: (-rates[a], -self.uses[a], a))
        return {
            a: SoloRate(solo=self.alone[a], total=self.uses[a], rate=round(rates[a], 4))
            for a in order
        }

    def ranked_sequences(self, limit: int | None = None) -> list[tuple[tuple[str, ...], int]]:
        ranked = sorted(self.sequences.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))
        return ranked if limit is None else ranked[:limit]


def _tally(turns: Iterable[TurnCalls]) -> _Tally:
    tally = _Tally()
    for turn in turns:
        tally.add(turn.actions)
    return tally


def _trend(episodes: Sequence[EpisodeInfo]) -> list[TrendPoint]:
    by_version: dict[int, list[TurnCalls]] = defaultdict(list)
    episodes_of: dict[int, set[int]] = defaultdict(set)
    for index, episode in enumerate(episodes):
        for turn in episode.turns:
            if turn.policy_version is not None:
                by_version[turn.policy_version].append(turn)
                episodes_of[turn.policy_version].add(index)
    points = []
    for version in sorted(by_version):
        tally = _tally(by_version[version])
        points.append(
            TrendPoint(
                policy_version=version,
                episodes=len(episodes_of[version]),
                steps=len(by_version[version]),
                calls_per_step=tally.calls_per_step(),
                solo_rate=tally.solo_rate(),
                sequences=tally.ranked_sequences(_TREND_SEQUENCES),
            )
        )
    return points


def batching_stats(episodes: Sequence[EpisodeInfo]) -> BatchingStats:
    """Calls per step, solo rates, in-step sequences and their trend over policy versions."""
    tally = _tally(turn for episode in episodes for turn in episode.turns)
    return BatchingStats(
        episodes=len(episodes),
        steps=sum(tally.bins.values()) + tally.empty,
        steps_without_calls=tally.empty,
        calls_per_step=tally.calls_per_step(),
        solo_rate=tally.solo_rate(),
        sequences=tally.ranked_sequences(),
        trend=_trend(episodes),
    )
