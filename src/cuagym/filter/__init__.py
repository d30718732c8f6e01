"""Corpus filters (DESIGN.md §9): the critic majority vote and the teacher-rollout filter.

Consensus (C1-C6) proves a tuple is self-consistent; it does not prove the instruction is
unambiguous or that any policy can solve it. Two stages run over an accepted corpus:

* **critics** — V chat models from different families each read the four elements and answer
  the nine-field :class:`CriticVerdict`; :func:`aggregate` is the vote (quorum ⌈V/2⌉ + 1);
* **teacher** — N_teach rollouts per tuple scored by the reward (r) and a VLM judge (r_vlm);
  :func:`teacher_decision` says drop, downsample, refine or accept.

Output: ``OUT/kept/``, ``OUT/dropped/``, ``OUT/offline/`` (complete bundles, atomic moves,
resumable), with every decision and its inputs in each bundle's meta.json (``filter.*``).
"""

from cuagym.filter._agent_rollouts import AgentRollouts
from cuagym.filter._critic_prompt import CRITIC_SYSTEM, critic_message
from cuagym.filter._critic_stage import CriticsOptions, rewrite_instruction, run_critics
from cuagym.filter._critics import (
    Critic,
    CriticBallot,
    CriticPanel,
    CriticsUnavailable,
    parse_critic,
    parse_verdict,
)
from cuagym.filter._decision import TeacherDecision, decision_without_judge, teacher_decision
from cuagym.filter._feedback import disagreeing, teacher_review
from cuagym.filter._inputs import InputError, InputTuple, collect_inputs
from cuagym.filter._judge import (
    CHECKLIST_SYSTEM,
    JUDGE_SYSTEM,
    Checklist,
    ChecklistRecord,
    JudgeAnswer,
    JudgeError,
    Judgement,
    Spend,
    VlmJudge,
)
from cuagym.filter._pool import PoolStopped
from cuagym.filter._records import CriticsRecord, FilterSummary, TupleOutcome
from cuagym.filter._refine import DiscriminatorRefiner, Refiner, refined_files
from cuagym.filter._rollouts import RolloutRunner
from cuagym.filter._store import BUCKETS, Bucket, FilterBusy, FilterStore, StoreConflict
from cuagym.filter._teacher_records import (
    PassRecord,
    RefinementRecord,
    RolloutScore,
    TeacherRecord,
    TeacherState,
    downsample_draw,
)
from cuagym.filter._teacher_stage import (
    MAX_REFINEMENTS,
    TeacherOptions,
    TupleUndecided,
    run_teacher,
)
from cuagym.filter._vote import (
    SEVERITIES,
    CriticDecision,
    CriticFailure,
    CriticVerdict,
    Severity,
    VerdictLabel,
    aggregate,
    quorum,
    worst_severity,
)

__all__ = [
    "BUCKETS",
    "CHECKLIST_SYSTEM",
    "CRITIC_SYSTEM",
    "JUDGE_SYSTEM",
    "MAX_REFINEMENTS",
    "SEVERITIES",
    "AgentRollouts",
    "Bucket",
    "Checklist",
    "ChecklistRecord",
    "Critic",
    "CriticBallot",
    "CriticDecision",
    "CriticFailure",
    "CriticPanel",
    "CriticVerdict",
    "CriticsOptions",
    "CriticsRecord",
    "CriticsUnavailable",
    "DiscriminatorRefiner",
    "FilterBusy",
    "FilterStore",
    "FilterSummary",
    "InputError",
    "InputTuple",
    "JudgeAnswer",
    "JudgeError",
    "Judgement",
    "PassRecord",
    "PoolStopped",
    "RefinementRecord",
    "Refiner",
    "RolloutRunner",
    "RolloutScore",
    "Severity",
    "Spend",
    "StoreConflict",
    "TeacherDecision",
    "TeacherOptions",
    "TeacherRecord",
    "TeacherState",
    "TupleOutcome",
    "TupleUndecided",
    "VerdictLabel",
    "VlmJudge",
    "aggregate",
    "collect_inputs",
    "critic_message",
    "decision_without_judge",
    "disagreeing",
    "downsample_draw",
    "parse_critic",
    "parse_verdict",
    "quorum",
    "refined_files",
    "rewrite_instruction",
    "run_critics",
    "run_teacher",
    "teacher_decision",
    "teacher_review",
    "worst_severity",
]
