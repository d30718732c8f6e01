"""The figures of ``cuagym stats`` as typed models, and their JSON (DESIGN.md §10, a contract).

``Stats.to_json()`` is the contract's object: ``tuples``, ``domain_difficulty``, ``scenario``,
``platform``, ``task_type``, ``first_verbs``, ``app_pairs``, ``instruction_words`` and, with
episodes, ``calls_per_step``, ``solo_rate``, ``sequences``. Beyond the contract (additive keys a
reader of the contract ignores): ``no_first_verb`` (instructions in which no rule finds an
imperative verb: counted apart, as ``first_verbs`` holds verbs only), ``episodes``, ``steps``,
``steps_without_calls`` and, when the turns carry ``policy_version``, ``trend`` (the batching
figures per policy version).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CALL_BINS",
    "DIFFICULTIES",
    "WORD_BINS",
    "BatchingStats",
    "CallsPerStep",
    "CorpusStats",
    "InstructionWords",
    "SoloRate",
    "Stats",
    "TrendPoint",
]

DIFFICULTIES = ("easy", "medium", "hard")
#: Instruction-length bins in words: (label, lowest, highest inclusive or None).
WORD_BINS: tuple[tuple[str, int, int | None], ...] = (
    ("0-29", 0, 29),
    ("30-59", 30, 59),
    ("60-99", 60, 99),
    ("100-149", 100, 149),
    ("150-249", 150, 249),
    ("250+", 250, None),
)
#: Tool-calls-per-step bins.
CALL_BINS = ("1", "2", "3", "4", "5+")

_Frozen = ConfigDict(frozen=True)


class InstructionWords(BaseModel):
    """Instruction length in whitespace-separated words: bin counts and nearest-rank figures."""

    model_config = _Frozen

    bins: dict[str, int]
    mean: float
    p10: int
    p25: int
    p50: int
    p75: int
    p90: int
    p99: int
    max: int


class CorpusStats(BaseModel):
    """The paper's dataset tables for one corpus."""

    model_config = _Frozen

    tuples: int
    domain_difficulty: dict[str, dict[str, int]]
    scenario: dict[str, int]
    platform: dict[str, int]
    task_type: dict[str, int]
    first_verbs: list[tuple[str, int]]
    no_first_verb: int = Field(0, description="instructions without a first imperative verb")
    app_pairs: list[tuple[str, str, int]]
    instruction_words: InstructionWords

    def cross_app_tasks(self) -> int:
        return self.task_type.get("cross", 0)


class CallsPerStep(BaseModel):
    """Steps by the number of tool calls they hold (steps with at least one call), and the mean."""

    model_config = _Frozen

    bins: dict[str, int] = Field(description="CALL_BINS label -> number of steps")
    mean: float

    @property
    def steps(self) -> int:
        return sum(self.bins.values())

    def to_json(self) -> dict[str, Any]:
        return {**self.bins, "mean": self.mean}


class SoloRate(BaseModel):
    """An action's uses alone in its step, all its uses, and their ratio."""

    model_config = _Frozen

    solo: int
    total: int
    rate: float


class TrendPoint(BaseModel):
    """The batching figures of the turns one policy version produced."""

    model_config = _Frozen

    policy_version: int
    episodes: int
    steps: int
    calls_per_step: CallsPerStep
    solo_rate: dict[str, SoloRate]
    sequences: list[tuple[tuple[str, ...], int]]

    def to_json(self) -> dict[str, Any]:
        return {
            "policy_version": self.policy_version,
            "episodes": self.episodes,
            "steps": self.steps,
            "calls_per_step": self.calls_per_step.to_json(),
            "solo_rate": {k: v.model_dump() for k, v in self.solo_rate.items()},
            "sequences": [[list(seq), n] for seq, n in self.sequences],
        }


class BatchingStats(BaseModel):
    """Action batching over a set of episodes (the paper's appendix D.1)."""

    model_config = _Frozen

    episodes: int
    steps: int = Field(description="model turns, with or without calls")
    steps_without_calls: int = Field(description="turns whose response was malformed (no call)")
    calls_per_step: CallsPerStep
    solo_rate: dict[str, SoloRate]
    sequences: list[tuple[tuple[str, ...], int]]
    trend: list[TrendPoint]


class Stats(BaseModel):
    """Everything ``cuagym stats`` reports: the corpus and, with ``--episodes``, batching."""

    model_config = _Frozen

    corpus: CorpusStats
    batching: BatchingStats | None = None

    def to_json(self) -> dict[str, Any]:
        """The contract's one JSON object (plus the additive keys of the module docstring)."""
        c = self.corpus
        out: dict[str, Any] = {
            "tuples": c.tuples,
            "domain_difficulty": c.domain_difficulty,
            "scenario": c.scenario,
            "platform": c.platform,
            "task_type": c.task_type,
            "first_verbs": [[verb, n] for verb, n in c.first_verbs],
            "app_pairs": [[a, b, n] for a, b, n in c.app_pairs],
            "instruction_words": c.instruction_words.model_dump(),
        }
        b = self.batching
        if b is not None:
            out["calls_per_step"] = b.calls_per_step.to_json()
            out["solo_rate"] = {k: v.model_dump() for k, v in b.solo_rate.items()}
            out["sequences"] = [[list(seq), n] for seq, n in b.sequences]
            out["episodes"] = b.episodes
            out["steps"] = b.steps
            out["steps_without_calls"] = b.steps_without_calls
            if b.trend:
                out["trend"] = [point.to_json() for point in b.trend]
        out["no_first_verb"] = c.no_first_verb  # additive: after the contract's keys
        return out
