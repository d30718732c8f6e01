"""What a task is (task_config.json) and how it was made (meta.json), DESIGN.md §2.

``task_config.json`` is everything a role may know about a task, so it holds nothing that
reveals the answer. ``meta.json`` is bookkeeping for corpus statistics and cost accounting; no
role ever reads it.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from cuagym.core._near_misses import NearMissReport
from cuagym.core._start import StartWindow

__all__ = [
    "TASK_ID_PATTERN",
    "Backend",
    "Difficulty",
    "Platform",
    "Scenario",
    "SourcePass",
    "TaskConfig",
    "TaskMeta",
    "TaskType",
    "validate_task_id",
]

# A task id becomes a folder name under OUT/final/ and OSWorld's cache directory, so it must be
# one safe path component on every filesystem we care about: no separators, no leading dot
# (hidden, and "." / ".."), no spaces or shell metacharacters, bounded length.
TASK_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"
_TASK_ID_RE = re.compile(TASK_ID_PATTERN)
# Windows reserves these device names whatever the extension; a corpus is often copied there.
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10))} | {
    f"lpt{i}" for i in range(1, 10)
}

# Domain and app ids are the public kebab/snake-case identifiers of DESIGN.md §3 and §5.
_IDENT = r"^[a-z0-9][a-z0-9_-]{0,63}$"

Difficulty = Literal["easy", "medium", "hard"]
Platform = Literal["desktop", "web", "cross"]
Scenario = Literal["commercial", "educational", "scientific", "personal"]
TaskType = Literal["single", "cross"]
# The paper's three generation passes, plus the two ways a task enters without them: a
# procedural task family, or a user's --tasks file.
SourcePass = Literal["breadth", "gap_fill", "edge_cases", "procedural", "user"]
Backend = Literal["procedural", "llm", "command"]


def validate_task_id(value: str) -> str:
    """Return ``value`` if it is a safe folder name for a bundle, else raise ValueError."""
    if not _TASK_ID_RE.match(value):
        raise ValueError(
            f"task_id {value!r} is not a safe folder name: use 1-128 characters from "
            "A-Z a-z 0-9 . _ -, starting with a letter or digit"
        )
    if value.split(".", 1)[0].lower() in _RESERVED:
        raise ValueError(f"task_id {value!r} starts with a reserved device name")
    if value.endswith("."):
        raise ValueError(f"task_id {value!r} ends with '.', which some filesystems drop")
    return value


TaskId = Annotated[
    str,
    AfterValidator(validate_task_id),
    Field(json_schema_extra={"pattern": TASK_ID_PATTERN}),
]
Ident = Annotated[str, Field(pattern=_IDENT)]


class TaskConfig(BaseModel):
    """task_config.json: the task as both roles see it.

    Unknown keys are kept and written back unchanged: the contract's field list ends in ``...``
    and task generators may attach their own (e.g. asset references) without a schema change.
    """

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)

    task_id: TaskId
    instruction: str = Field(min_length=1, description="The natural-language task t.")
    context: str = Field(
        default="", description="The task's context c: what the environment holds and why."
    )
    domain: Ident = Field(description="Domain id, e.g. calc, team-chat.")
    apps: list[Ident] = Field(min_length=1, description="Apps the task touches, in use order.")
    difficulty: Difficulty
    start: list[StartWindow] | None = Field(
        default=None,
        # Absent, not null, when unset: bundles written before start screens stay byte-identical.
        exclude_if=lambda value: value is None,
        description="The windows the agent sees at step 0, in order (DESIGN.md §6); "
        "absent: the domain's default.",
    )
    # Declared after ``start`` and absent when unset, so a task's JSON keeps its key order and
    # bytes from when these travelled as extras.
    params: dict[str, Any] | None = Field(
        default=None,
        exclude_if=lambda value: value is None,
        description="A procedural task's structured facts (its family's typed parameters), "
        "every one stated in the instruction or the context.",
    )
    family: str | None = Field(
        default=None,
        exclude_if=lambda value: value is None,
        description="The id of the task family that wrote the task (procedural tasks).",
    )

    @model_validator(mode="after")
    def _params_are_json(self) -> TaskConfig:
        if self.params is not None:
            _require_json(self.params, "task_config.params")
        return self

    @model_validator(mode="after")
    def _extras_are_json(self) -> TaskConfig:
        # Extras are free-form but must survive a JSON round trip unchanged.
        for key, value in (self.model_extra or {}).items():
            _require_json(value, f"task_config.{key}")
        return self


def _require_json(value: Any, where: str) -> None:
    if value is None or isinstance(value, str | bool | int):
        return
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{where}: NaN and Infinity are not JSON")
        return
    if isinstance(value, list):
        for i, item in enumerate(value):
            _require_json(item, f"{where}[{i}]")
        return
    if isinstance(value, dict):
        for k, item in value.items():
            if not isinstance(k, str):
                raise ValueError(f"{where}: object keys must be strings, got {k!r}")
            _require_json(item, f"{where}.{k}")
        return
    raise ValueError(f"{where}: {type(value).__name__} is not a JSON value")


NonNegInt = Annotated[int, Field(ge=0)]
NonNegFloat = Annotated[float, Field(ge=0.0)]


class TaskMeta(BaseModel):
    """meta.json: the task's place in the sampling matrix and what making it cost.

    Extra keys are allowed so later stages (critic vote, teacher rollouts) can annotate a bundle
    without changing this model; the named fields are validated.
    """

    model_config = ConfigDict(extra="allow", allow_inf_nan=False)

    platform: Platform
    domain: Ident
    difficulty: Difficulty
    scenario: Scenario
    category: str | None = Field(
        default=None,
        description="Work category of the task's leaf (cuagym.taskgen's ten, e.g. "
        "'spreadsheet-data'); None when the task did not come from the sampler.",
    )
    task_type: TaskType = Field(description="single-application or cross-application.")
    taxonomy_path: list[str] = Field(
        default_factory=list,
        description="Feature-taxonomy path from the app root to the leaf, e.g. "
        "['libreoffice_calc', 'formatting', 'conditional_formatting'].",
    )
    source_pass: SourcePass
    backend: Backend
    model: str | None = Field(default=None, description="Chat model of the llm backend.")
    rounds: NonNegInt = Field(description="Adversarial rounds run (at most K=5 by default).")
    tokens_in: NonNegInt = 0
    tokens_out: NonNegInt = 0
    cost_usd: NonNegFloat = 0.0
    timings_s: dict[str, NonNegFloat] = Field(
        default_factory=dict,
        description="Wall-clock seconds per phase, e.g. generator, discriminator, checks, total.",
    )

    near_misses: NearMissReport | None = Field(
        default=None,
        description="C7 (DESIGN.md §13): near misses tried, rejected, allowed, accepted.",
    )

    @model_validator(mode="after")
    def _extras_are_json(self) -> TaskMeta:
        for key, value in (self.model_extra or {}).items():
            _require_json(value, f"meta.{key}")
        return self
