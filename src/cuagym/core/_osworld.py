"""config.json: a bundle as an OSWorld task, with no schema extensions (DESIGN.md §2).

The models mirror what OSWorld's ``DesktopEnv`` reads (``desktop_env/desktop_env.py``:
``_set_task_info``, ``_set_evaluator_info``, ``evaluate``) and nothing more, so OSWorld, its
teacher-rollout pipeline and RL trainers consume a bundle unchanged. Every step type, getter and
metric must be one recorded in :mod:`cuagym.core._osworld_names`. How a task becomes one of
these configs is the exporter's business (:mod:`cuagym.synth._osworld_config`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from cuagym.core._osworld_names import OSWORLD_GETTERS, OSWORLD_METRICS, OSWORLD_SETUP_STEPS

__all__ = ["Evaluator", "GetterConfig", "OSWorldConfig", "SetupStep", "osworld_names_used"]

# The JSON schema lists the recorded names, so tools outside Python catch unknown ones too.
_STEP_TYPES: list[JsonValue] = [name for name in sorted(OSWORLD_SETUP_STEPS)]
_GETTER_TYPES: list[JsonValue] = [name for name in sorted(OSWORLD_GETTERS)]


class SetupStep(BaseModel):
    """One step of ``config`` or ``evaluator.postconfig``: ``SetupController._<type>_setup``."""

    model_config = ConfigDict(extra="forbid")

    type: str = Field(json_schema_extra={"enum": _STEP_TYPES})
    parameters: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _known(self) -> SetupStep:
        signature = OSWORLD_SETUP_STEPS.get(self.type)
        if signature is None:
            raise ValueError(f"unknown OSWorld setup step type {self.type!r}")
        problems = signature.problems(self.parameters)
        if problems:
            raise ValueError(f"setup step {self.type!r}: " + "; ".join(problems))
        return self


class GetterConfig(BaseModel):
    """A getter's config: ``type`` names ``get_<type>``; the other keys are its arguments."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(json_schema_extra={"enum": _GETTER_TYPES})

    @model_validator(mode="after")
    def _known(self) -> GetterConfig:
        if self.type not in OSWORLD_GETTERS:
            raise ValueError(f"unknown OSWorld getter type {self.type!r}")
        return self


class Evaluator(BaseModel):
    """The ``evaluator`` object exactly as ``DesktopEnv._set_evaluator_info`` reads it."""

    model_config = ConfigDict(extra="forbid")

    postconfig: list[SetupStep] = Field(default_factory=list)
    func: str | list[str]
    conj: Literal["and", "or"] | None = None
    result: GetterConfig | list[GetterConfig] | None = None
    expected: GetterConfig | list[GetterConfig | None] | None = None
    options: dict[str, Any] | list[dict[str, Any] | None] | None = None

    @model_validator(mode="after")
    def _shape(self) -> Evaluator:
        funcs = self.func if isinstance(self.func, list) else [self.func]
        for name in funcs:
            if name not in OSWORLD_METRICS:
                raise ValueError(f"unknown OSWorld metric {name!r}")
        # OSWorld zips func, result, expected and options when func is a list, and calls the
        # single getter directly when it is not; a mix crashes its evaluator.
        many = isinstance(self.func, list)
        for key in ("result", "expected", "options"):
            value = getattr(self, key)
            if value is None:
                continue
            if isinstance(value, list) != many:
                kind = "a list" if many else "a single object"
                raise ValueError(f"{key} must be {kind}, like func")
            if many and len(value) != len(funcs):
                raise ValueError(f"{key} has {len(value)} entries but func has {len(funcs)}")
        if self.result is None and funcs != ["infeasible"]:
            raise ValueError("result getter is required unless func is 'infeasible'")
        return self


class OSWorldConfig(BaseModel):
    """config.json: one OSWorld task. Every key is OSWorld's; none is ours."""

    model_config = ConfigDict(extra="forbid")

    id: str
    snapshot: str
    instruction: str
    source: str
    config: list[SetupStep]
    trajectory: str
    related_apps: list[str]
    evaluator: Evaluator
    proxy: bool
    fixed_ip: bool
    possibility_of_env_change: Literal["low", "medium", "high"]

    def to_json(self) -> dict[str, Any]:
        """The JSON object to write. Absent optionals are omitted, never null: OSWorld tests
        ``"expected" in evaluator`` and then takes ``len()`` of the value."""
        data: dict[str, Any] = self.model_dump(mode="json", exclude_none=True)
        return data


def osworld_names_used(config: OSWorldConfig) -> dict[str, set[str]]:
    """The setup step types, getter types and metric names that ``config`` uses."""
    steps = {s.type for s in [*config.config, *config.evaluator.postconfig]}
    getters: set[str] = set()
    for part in (config.evaluator.result, config.evaluator.expected):
        items = part if isinstance(part, list) else [part]
        getters |= {g.type for g in items if g is not None}
    func = config.evaluator.func
    metrics = set(func) if isinstance(func, list) else {func}
    return {"setup_steps": steps, "getters": getters, "metrics": metrics}
