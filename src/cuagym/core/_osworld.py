"""config.json: a bundle as an OSWorld task, with no schema extensions (DESIGN.md §2).

The models mirror what OSWorld's ``DesktopEnv`` reads (``desktop_env/desktop_env.py``:
``_set_task_info``, ``_set_evaluator_info``, ``evaluate``) and nothing more, so OSWorld, its
teacher-rollout pipeline and RL trainers consume a bundle unchanged. Every step type, getter and
metric must be one recorded in :mod:`cuagym.core._osworld_names`.

How :func:`osworld_config` maps a bundle onto OSWorld:

* ``config`` (run by OSWorld's ``reset``): put initial_setup.py into the VM, run it from
  ``/home/user``, delete it so the agent never sees the Generator's script;
* ``evaluator.postconfig`` (run by ``evaluate`` before the getters): put reward.py into the VM;
  it is not in the VM while the agent acts, so the agent cannot read the reward;
* ``evaluator.result``: getter ``vm_command_line`` runs ``python3 reward.py`` from /home/user
  and returns its stdout; ``evaluator.expected``: getter ``rule`` returns
  ``{"include": ["REWARD: 1.0"], "exclude": []}``; ``evaluator.func``: metric
  ``check_include_exclude(result, rules)`` gives 1.0 iff stdout contains ``REWARD: 1.0``.
  That is binary in OSWorld; our own runners parse the full output for partial credit.

Scripts reach the VM in one of two ways. ``inline`` (default): an ``execute`` step decodes the
script from base64 in the command itself, so config.json alone is self-contained; base64 also
keeps the text clear of the ``{SCREEN_WIDTH}``-style placeholders that OSWorld's ``execute``
step substitutes. ``upload_file``: OSWorld copies the file from a path on the machine that runs
OSWorld (``host_dir``), which must hold the bundle there.

OSWorld's VM server runs each command with a 120 s timeout, so initial_setup.py and reward.py
must each finish within that. OSWorld's ``execute`` step ignores exit codes: a failing
initial_setup.py shows only in its log, which is why C1 is checked by our own runners.
"""

from __future__ import annotations

import base64
import os
import re
import shlex
from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from cuagym.core._osworld_names import OSWORLD_GETTERS, OSWORLD_METRICS, OSWORLD_SETUP_STEPS
from cuagym.core._task import TaskConfig

__all__ = [
    "DEFAULT_HOME",
    "DEFAULT_INITIAL_SETUP_PATH",
    "DEFAULT_REWARD_PATH",
    "REWARD_PASS_MARKER",
    "Evaluator",
    "GetterConfig",
    "OSWorldConfig",
    "SetupStep",
    "osworld_config",
    "osworld_names_used",
]

DEFAULT_HOME = "/home/user"
# Outside /home/user so that neither script shows up in the state a reward inspects.
DEFAULT_INITIAL_SETUP_PATH = "/tmp/cuagym/initial_setup.py"
DEFAULT_REWARD_PATH = "/tmp/cuagym/reward.py"
REWARD_PASS_MARKER = "REWARD: 1.0"
# Linux caps one argv string (the `sh -c` command) at 128 KiB; stay well below it.
MAX_INLINE_COMMAND = 120_000

_VM_PATH = re.compile(r"^/[A-Za-z0-9._/-]+$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
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


def _check_vm_path(path: str, what: str) -> str:
    if not _VM_PATH.match(path) or ".." in PurePosixPath(path).parts:
        raise ValueError(f"{what} {path!r} must be an absolute path of [A-Za-z0-9._/-]")
    return path


def _inline_put(text: str, path_in_vm: str) -> SetupStep:
    encoded = base64.b64encode(text.encode("utf-8")).decode("ascii")
    parent = str(PurePosixPath(path_in_vm).parent)
    command = f"mkdir -p {shlex.quote(parent)} && echo {encoded} | base64 -d > {path_in_vm}"
    if len(command) > MAX_INLINE_COMMAND:
        raise ValueError(
            f"{PurePosixPath(path_in_vm).name} is too large to inline in config.json "
            f"({len(text.encode())} bytes); use host_dir (upload_file) instead"
        )
    return SetupStep(type="execute", parameters={"command": command, "shell": True})


def _upload_put(host_dir: str | os.PathLike[str], name: str, path_in_vm: str) -> SetupStep:
    local = os.path.join(os.fspath(host_dir), name)
    return SetupStep(
        type="upload_file", parameters={"files": [{"local_path": local, "path": path_in_vm}]}
    )


def osworld_config(
    task: TaskConfig,
    initial_setup_path_in_vm: str = DEFAULT_INITIAL_SETUP_PATH,
    reward_path_in_vm: str = DEFAULT_REWARD_PATH,
    *,
    initial_setup: str | None = None,
    reward: str | None = None,
    host_dir: str | os.PathLike[str] | None = None,
    home: str = DEFAULT_HOME,
    reward_env: Mapping[str, str] | None = None,
    extra_setup: Sequence[SetupStep] = (),
    snapshot: str = "init_state",
    source: str = "cuagym",
    related_apps: Sequence[str] | None = None,
    proxy: bool = False,
    fixed_ip: bool = False,
    possibility_of_env_change: Literal["low", "medium", "high"] = "low",
) -> OSWorldConfig:
    """Build the OSWorld task for ``task``.

    Give the script texts (``initial_setup`` and ``reward``) to inline them, or ``host_dir``,
    the bundle folder on the machine that runs OSWorld, to upload them from there.
    ``extra_setup`` steps (e.g. ``open`` a file, ``launch`` an app) run after initial_setup.py.
    ``reward_env`` sets environment variables for reward.py (e.g. ``CUAGYM_HUB``).
    ``snapshot`` defaults to OSWorld's ``DesktopEnv`` default snapshot name.
    """
    _check_vm_path(initial_setup_path_in_vm, "initial_setup_path_in_vm")
    _check_vm_path(reward_path_in_vm, "reward_path_in_vm")
    _check_vm_path(home, "home")
    if host_dir is not None:
        if initial_setup is not None or reward is not None:
            raise ValueError("give either the script texts (inline) or host_dir, not both")
        put_setup = _upload_put(host_dir, "initial_setup.py", initial_setup_path_in_vm)
        put_reward = _upload_put(host_dir, "reward.py", reward_path_in_vm)
    elif initial_setup is not None and reward is not None:
        put_setup = _inline_put(initial_setup, initial_setup_path_in_vm)
        put_reward = _inline_put(reward, reward_path_in_vm)
    else:
        raise ValueError("give both initial_setup and reward texts, or host_dir")

    env_prefix = ""
    for name, value in (reward_env or {}).items():
        if not _ENV_NAME.match(name):
            raise ValueError(f"reward_env name {name!r} is not a valid variable name")
        env_prefix += f"{name}={shlex.quote(value)} "

    run_setup = SetupStep(
        type="execute",
        parameters={
            # Keep the script's exit status visible in OSWorld's log, but delete the script
            # either way: the agent must start from s_init, not from the Generator's code.
            "command": f"cd {home} && python3 {initial_setup_path_in_vm}; s=$?; "
            f"rm -f {initial_setup_path_in_vm}; exit $s",
            "shell": True,
        },
    )
    return OSWorldConfig(
        id=task.task_id,
        snapshot=snapshot,
        instruction=task.instruction,
        source=source,
        config=[put_setup, run_setup, *extra_setup],
        trajectory="trajectories/",
        related_apps=list(related_apps if related_apps is not None else task.apps),
        evaluator=Evaluator(
            postconfig=[put_reward],
            func="check_include_exclude",
            result=GetterConfig(
                type="vm_command_line",
                command=f"cd {home} && {env_prefix}python3 {reward_path_in_vm}",
                shell=True,
            ),
            expected=GetterConfig(
                type="rule", rules={"include": [REWARD_PASS_MARKER], "exclude": []}
            ),
        ),
        proxy=proxy,
        fixed_ip=fixed_ip,
        possibility_of_env_change=possibility_of_env_change,
    )
