"""Role backends: who plays the Generator and the Discriminator, behind one interface.

The orchestrator owns everything around a role's turn: it builds the workspace, opens the
role's jail and its environment-API session, enforces the time limit, and afterwards reads the
role's outputs from the workspace (``initial_setup.py`` + ``golden_patch.py``, or
``reward.py`` + ``REVIEW.md``). A backend only decides *how the role thinks*, given a
:class:`RoleSession`:

* ``procedural`` runs ``python -m cuagym.synth.roles procedural-<role>`` in the jail: the
  domain's task family, imported from the installed package, reads ``task_config.json``;
* ``command`` runs the user's command (``sh -c CMD``) in the jail, cwd = the workspace;
* ``llm`` (plugs in here, see :class:`RoleBackend`) runs a tool-calling agent loop.

Extension point for the ``llm`` backend: subclass :class:`RoleBackend`, set ``name = "llm"``,
and implement :meth:`RoleBackend.run_role`. The loop runs in the orchestrator's process (the
model API key never enters a jail) and acts only through the session:

* prompts: build the system prompt from ``session.role`` (Generator: build the golden state
  independently, realistic non-trivial content, GUI left ready; Discriminator: weighted checks,
  partial credit, never reward setup artefacts) and the workspace files
  (``await session.read_file("task_config.json")``, ``SKILL.md``, ``REVIEW.md``);
* tools: ``session.api`` is the role's environment API in process (``state``, ``run``,
  ``reset``, ``reward``) with exactly the rights and denial logging of the HTTP API;
  ``session.exec(argv)`` runs a command in the role's jail, ``session.write_file`` writes its
  outputs there — the loop never touches the host filesystem;
* accounting: return ``RoleTurn(usage=RoleUsage(tokens_in, tokens_out, cost_usd, model))``;
  the orchestrator sums it per role, per tuple (meta.json) and per batch (the --json line).

Register it with the ``cuagym.synth_backends`` entry-point group (a zero-argument-compatible
factory taking ``**options``), or pass an instance to :class:`~cuagym.synth.Orchestrator`.
"""

from __future__ import annotations

import os
import shlex
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, ClassVar

from cuagym.core import TaskConfig
from cuagym.sandbox import Sandbox, ScriptResult
from cuagym.synth._barrier import read_output
from cuagym.synth._role_api import RoleApi
from cuagym.synth._synth_models import RoleName, RoleUsage

__all__ = [
    "BACKEND_ENTRY_POINTS",
    "PREVIOUS_REWARD",
    "TEACHER_REVIEW",
    "CommandBackend",
    "ProceduralBackend",
    "RoleBackend",
    "RoleSession",
    "RoleTurn",
    "UnknownBackend",
    "make_backend",
]

BACKEND_ENTRY_POINTS = "cuagym.synth_backends"
ROLE_OUTPUTS: dict[RoleName, tuple[str, ...]] = {
    "generator": ("initial_setup.py", "golden_patch.py"),
    "discriminator": ("reward.py", "REVIEW.md"),
}
# A refinement (the teacher filter sends an accepted tuple back) gives the Discriminator two
# more inputs: the teacher's review of its reward, and that reward itself. Names of their own,
# so neither can be mistaken for an output the role left unwritten.
TEACHER_REVIEW = "TEACHER_REVIEW.md"
PREVIOUS_REWARD = "previous_reward.py"


@dataclass
class RoleTurn:
    """What a backend reports about its turn; the outputs are read from the workspace."""

    exit_code: int
    timed_out: bool = False
    transcript: str = ""
    usage: RoleUsage = field(default_factory=RoleUsage)


@dataclass
class RoleSession:
    """One role's turn: its jail (workspace = /home/user inside), its API session, its limits."""

    role: RoleName
    task: TaskConfig
    round: int
    api: RoleApi
    box: Sandbox
    env: dict[str, str]
    timeout_s: float

    async def exec(
        self,
        argv: Sequence[str],
        *,
        timeout: float | None = None,
        env: Mapping[str, str] | None = None,
        files: Mapping[str, str] | None = None,
    ) -> ScriptResult:
        """Run ``argv`` in the role's jail, cwd = its workspace, with the role's environment."""
        return await self.box.run(
            list(argv),
            timeout=timeout if timeout is not None else self.timeout_s,
            env={**self.env, **(env or {})},
            files=files,
        )

    async def read_file(self, name: str) -> str | None:
        """A file of the workspace (no links followed, capped), or None."""
        # The orchestrator reads as root: a name that climbs out ("../..") would cross the
        # barrier into other tasks' workspaces, so only plain workspace names are accepted.
        if "/" in name or name.startswith(".") or not name:
            raise ValueError(f"bad workspace file name {name!r}")
        text, _why = read_output(self.box.home, name)
        return text

    async def write_file(self, name: str, text: str) -> ScriptResult:
        """Write a workspace file *as the role* (inside the jail), e.g. an llm's reward.py."""
        if "/" in name or name.startswith("."):
            raise ValueError(f"bad workspace file name {name!r}")
        return await self.exec(["/bin/cp", f"/opt/task/{name}", name], files={name: text})

    @property
    def python(self) -> str:
        return self.box.python


class RoleBackend(ABC):
    """How a role thinks. One instance serves every task and round of a batch (stateless)."""

    name: ClassVar[str]
    #: bind the installed cuagym package into role jails (``python -m cuagym.synth.roles``)
    needs_package: ClassVar[bool] = True
    #: keep each role's jails for its later turns (``RoleJails(reuse=True)``: homes restored
    #: between turns, ``python -m`` runs forked from a warm runner with :meth:`warm_modules`)
    reuse_jails: bool = False

    def warm_modules(self) -> list[str]:
        """Modules a reused jail's warm runner imports before the first turn."""
        return []

    @abstractmethod
    async def run_role(self, session: RoleSession) -> RoleTurn:
        """Play ``session.role`` once; leave the role's outputs in the workspace."""

    def describe(self) -> str:
        return self.name


def _turn(result: ScriptResult) -> RoleTurn:
    transcript = result.stdout
    if result.stderr:
        transcript += ("\n" if transcript else "") + "--- stderr\n" + result.stderr
    return RoleTurn(exit_code=result.exit_code, timed_out=result.timed_out, transcript=transcript)


class ProceduralBackend(RoleBackend):
    """The domains' task families, run as the role's own process in its jail (offline, free)."""

    name = "procedural"

    def __init__(self, *, reuse_jails: bool = True) -> None:
        self.reuse_jails = reuse_jails

    def warm_modules(self) -> list[str]:
        """The role module and every installed family (what a turn imports), once per jail."""
        families = sorted({ep.module for ep in entry_points(group="cuagym.families")})
        return ["cuagym.synth.roles", *families]

    def argv(self, session: RoleSession) -> list[str]:
        return [session.python, "-m", "cuagym.synth.roles", f"procedural-{session.role}"]

    async def run_role(self, session: RoleSession) -> RoleTurn:
        return _turn(await session.exec(self.argv(session)))


class CommandBackend(RoleBackend):
    """An external agent per role: ``sh -c CMD`` in the role's jail, cwd = its workspace.

    The command sees ``CUAGYM_ROLE``, ``CUAGYM_ROUND``, ``CUAGYM_TASK_ID``, ``CUAGYM_ENV_API``
    and ``CUAGYM_ENV_TOKEN`` (the role API and its bearer token), ``PYTHONPATH`` for
    ``python3 -m cuagym.synth.roles api ...``, and the host variables named in ``pass_env``
    (e.g. an agent's API key).
    """

    name = "command"

    def __init__(
        self,
        generator_cmd: str,
        discriminator_cmd: str,
        pass_env: Sequence[str] = (),
        host_env: Mapping[str, str] | None = None,
    ) -> None:
        if not generator_cmd.strip() or not discriminator_cmd.strip():
            raise ValueError("the command backend needs --generator-cmd and --discriminator-cmd")
        self.commands: dict[RoleName, str] = {
            "generator": generator_cmd,
            "discriminator": discriminator_cmd,
        }
        source = host_env if host_env is not None else _os_environ()
        self.extra_env = {k: source[k] for k in pass_env if k in source}

    async def run_role(self, session: RoleSession) -> RoleTurn:
        cmd = self.commands[session.role]
        return _turn(await session.exec(["/bin/sh", "-c", cmd], env=self.extra_env))

    def describe(self) -> str:
        g, d = (shlex.quote(self.commands[r])[:60] for r in ("generator", "discriminator"))
        return f"command (generator: {g}; discriminator: {d})"


def _os_environ() -> Mapping[str, str]:
    return os.environ


class UnknownBackend(LookupError):
    """A backend name with no implementation installed."""


def make_backend(name: str, **options: Any) -> RoleBackend:
    """The backend called ``name``: built in, or from the ``cuagym.synth_backends`` group."""
    if name == "procedural":
        return ProceduralBackend()
    if name == "command":
        return CommandBackend(
            options.get("generator_cmd") or "",
            options.get("discriminator_cmd") or "",
            pass_env=options.get("pass_env") or (),
        )
    for ep in entry_points(group=BACKEND_ENTRY_POINTS):
        if ep.name == name:
            factory = ep.load()
            backend = factory(**options)
            if not isinstance(backend, RoleBackend):
                raise UnknownBackend(f"entry point {ep.value} did not make a RoleBackend")
            return backend
    hint = " (install the llm extra: pip install 'cuagym[llm]')" if name == "llm" else ""
    raise UnknownBackend(f"no role backend {name!r}{hint}: known are procedural, command, llm")
