"""Corpus filters (DESIGN.md §9): the critic majority vote and the teacher-rollout filter.

Consensus (C1-C6) proves a tuple is self-consistent; it does not prove the instruction is
unambiguous or that any policy can solve it. Two stages run over an accepted corpus:

* **critics** — V chat models from different families each read the four elements and answer
  the nine-field verdict (``_critics``); :func:`aggregate` is the vote (quorum ⌈V/2⌉ + 1);
* **teacher** — N_teach rollouts per tuple scored by the reward (r) and a VLM judge (r_vlm);
  :func:`teacher_decision` says drop, downsample, refine or accept.

Output: ``OUT/kept/``, ``OUT/dropped/``, ``OUT/offline/`` (complete bundles, atomic moves,
resumable), with every decision and its inputs in each bundle's meta.json (``filter.*``).
"""

from cuagym.filter._agent_rollouts import AgentRollouts
from cuagym.filter._critic_stage import CriticsOptions, run_critics
from cuagym.filter._critics import CriticPanel, parse_critic
from cuagym.filter._decision import TeacherDecision, teacher_decision
from cuagym.filter._inputs import InputError, collect_inputs
from cuagym.filter._judge import VlmJudge
from cuagym.filter._pool import PoolStopped
from cuagym.filter._records import FilterSummary, TupleOutcome
from cuagym.filter._refine import DiscriminatorRefiner
from cuagym.filter._store import FilterBusy, StoreConflict
from cuagym.filter._teacher_stage import TeacherOptions, run_teacher
from cuagym.filter._vote import CriticDecision, aggregate, quorum

__all__ = [
    "AgentRollouts",
    "CriticDecision",
    "CriticPanel",
    "CriticsOptions",
    "DiscriminatorRefiner",
    "FilterBusy",
    "FilterSummary",
    "InputError",
    "PoolStopped",
    "StoreConflict",
    "TeacherDecision",
    "TeacherOptions",
    "TupleOutcome",
    "VlmJudge",
    "aggregate",
    "collect_inputs",
    "parse_critic",
    "quorum",
    "run_critics",
    "run_teacher",
    "teacher_decision",
]
