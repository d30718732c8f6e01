"""What every team-chat family shares: the Generator's pipeline and the reward's vocabulary.

A family supplies three things: :meth:`ChatFamily.inject` (make the varied seed world satisfy
the task's context), :meth:`ChatFamily.solve` (the correct end state, reached with the app's own
``_ops`` functions, exactly as the UI would reach it) and :meth:`ChatFamily.reward_body` (flat
checks over ``/go``, written from the task's params alone).
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from typing import Any, ClassVar, Generic, TypeVar, cast

from cuagym.apps.team_chat import State, TeamChatState, base_world, check_invariants, finish, uid_of
from cuagym.core import Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.team_chat._scripts import (
    golden_script,
    patch_ops,
    reward_script,
    setup_script,
)

__all__ = ["LOOKUPS", "ChatFamily", "ChatParams", "params_of", "quote", "validate"]

#: Lines every reward body may start from: the task's people and conversations, located in the
#: *initial* state by the names the instruction uses (never by ids an agent's action creates).
LOOKUPS = """
def uid(state, display_name):
    users = state["users"].values()
    return next((u["id"] for u in users if u["displayName"] == display_name), None)


def norm(text):
    # Finding what the task names (a message by its opening words): case does not matter.
    return " ".join(str(text).split()).casefold()


def exact(text):
    # What the instruction quotes must be typed as quoted: same words, case and punctuation.
    # Only runs of whitespace count as one space (the page shows them so, the app trims them).
    return " ".join(str(text).split())
"""


def params_of(task: TaskConfig) -> dict[str, Any]:
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    return params


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


def validate(state: State, what: str) -> None:
    """Fail generation loudly on a world the hub would refuse (422) — a family bug."""
    model = TeamChatState.model_validate(state, strict=True)
    problems = [f"{v.path}: {v.message}" for v in check_invariants(model)]
    if problems:
        raise ValueError(f"{what} breaks invariants: {problems[:5]}")


class ChatParams(TaskParams):
    """What every team-chat task names first: the person signed in (a display name)."""

    me: str


P = TypeVar("P", bound=ChatParams)


class ChatFamily(TaskFamily, Generic[P]):
    """A team-chat task family (see the module docstring), over its parameters ``P``."""

    domain: ClassVar[str] = "team-chat"

    def typed_params(self, task: TaskConfig) -> P:
        """``task.params`` as this family's ``params_type``."""
        if self.params_type is None:
            raise TypeError(f"family {self.id!r} declares no params_type")
        return cast("P", self.params_type.of(task))

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def inject(self, world: State, p: P, rng: random.Random) -> None:
        """Make ``world`` (signed in as ``p.me``) hold what the task's context promises."""

    @abstractmethod
    def solve(self, state: State, p: P) -> None:
        """Turn the initial state into the one correct end state, in place."""

    def worlds(self, task: TaskConfig) -> tuple[State, State]:
        """The chat's initial state and its one correct end state, both validated."""
        p = self.typed_params(task)
        rng = family_rng(task, "world")
        world = base_world(rng, uid_of(p.me))
        self.inject(world, p, rng)
        finish(world, rng)
        validate(world, f"{task.task_id} initial state")
        gold = copy.deepcopy(world)
        self.solve(gold, p)
        validate(gold, f"{task.task_id} golden state")
        return world, gold

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        world, gold = self.worlds(task)
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, world),
            golden_patch=golden_script(task.task_id, patch_ops(world, gold)),
        )

    # -- GUI oracle -----------------------------------------------------------------------------
    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``_oracle``): it works the page like a person would."""
        from cuagym.families.team_chat._oracle import ORACLES

        return ORACLES[self.id](task)

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def reward_body(self, p: P) -> str:
        """Checks code run inside the reward's ``main`` (``init``, ``cur``, ``diff``, ``me``,
        ``P`` = params, ``checks`` list, ``uid``/``norm``/``exact`` helpers)."""

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(
            task.task_id,
            task.instruction,
            params_of(task),
            LOOKUPS,
            self.reward_body(self.typed_params(task)),
        )
