"""The ``Environment`` protocol (DESIGN.md §4) and the models it speaks.

The protocol lives in core so that every layer (the sandbox that runs scripts, the providers in
``cuagym.envs``, the rollout loop, the task families' oracles) names the same type without
importing each other. :class:`GUIEnvironment` is what a rollout needs beyond it: a display,
its start windows, and the read-only views a family's oracle plans with.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ROLE_FILES",
    "EnvState",
    "Environment",
    "FileEntry",
    "GUIEnvironment",
    "LimitName",
    "NotAGUIEnvironment",
    "ScriptResult",
    "StateQuery",
    "role_file",
]

LimitName = Literal["timeout", "cpu", "memory", "processes", "file_size", "disk", "output"]

# The bundle's script names (DESIGN.md §2): a role runs as ``python3 <file>`` so that tracebacks
# and the scripts' own ``__file__`` read as they will in an OSWorld VM.
ROLE_FILES: dict[str, str] = {
    "initial_setup": "initial_setup.py",
    "setup": "initial_setup.py",
    "golden_patch": "golden_patch.py",
    "golden": "golden_patch.py",
    "reward": "reward.py",
}
_ROLE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def role_file(role: str) -> str:
    """The file a role's script runs as: the bundle name, or ``<role>.py``."""
    if role in ROLE_FILES:
        return ROLE_FILES[role]
    if not _ROLE.match(role):
        raise ValueError(f"bad script role {role!r}: use lowercase letters, digits and _")
    return f"{role}.py"


class NotAGUIEnvironment(NotImplementedError):
    """``screenshot``/``act`` on an environment that has no display."""


class ScriptResult(BaseModel):
    """What one script run gave. The first five fields are the `cuagym env exec --json` contract.

    ``exit_code``: the script's own status; 128+N when it died of signal N (as a shell reports);
    124 when the wall-clock timeout killed it (as GNU timeout reports).
    ``limit``: the resource limit that stopped the script, if one did (best effort for limits
    the kernel reports only as an errno: the script's stderr names it).
    """

    exit_code: int
    stdout: str
    stderr: str
    timed_out: bool
    duration_s: float
    limit: LimitName | None = None
    truncated: bool = False

    def contract(self) -> dict[str, object]:
        return self.model_dump(include={"exit_code", "stdout", "stderr", "timed_out", "duration_s"})


class StateQuery(BaseModel):
    """What ``read_state`` returns. The default is everything it can give."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    paths: tuple[str, ...] = Field(
        ("*",), description="fnmatch globs over paths relative to /home/user ('*' spans '/')"
    )
    text_max_bytes: int = Field(65536, ge=0, description="raw text of text files up to this size")
    parse: bool = Field(True, description="parsed views of office/pdf files, when parsers exist")
    hash: bool = Field(True, description="sha256 of every regular file")
    hub: bool = Field(True, description="the hub's /go for the environment's session")
    max_files: int = Field(20000, ge=1, description="stop listing after this many entries")


class FileEntry(BaseModel):
    path: str = Field(description="relative to /home/user, '/'-separated")
    kind: Literal["file", "dir", "symlink", "other"]
    size: int = 0
    mode: int = Field(0, description="permission bits")
    sha256: str | None = None
    target: str | None = Field(None, description="a symlink's target (never followed)")
    text: str | None = Field(None, description="raw text of a small text/json/csv file")
    parsed: dict[str, Any] | None = Field(None, description="parsed view (xlsx, docx, pptx, pdf)")
    error: str | None = None


class EnvState(BaseModel):
    """The state-only view of an environment: what a reward may read, and nothing else."""

    files: list[FileEntry] = Field(default_factory=list)
    truncated: bool = False
    sid: str | None = None
    hub: dict[str, Any] | None = Field(None, description="app id -> that app's /go answer")


@runtime_checkable
class Environment(Protocol):
    """What the paper calls a VM: an isolated /home/user, its processes, maybe a display.

    Every method is a coroutine; one environment serves one caller at a time.
    """

    async def start(self) -> None: ...

    async def snapshot(self, name: str | None = None) -> str:
        """Freeze the current state; returns the snapshot's name."""
        ...

    async def restore(self, snapshot: str | None = None) -> None:
        """Back to a snapshot (default: the latest, else the initial state)."""
        ...

    async def run_script(
        self, code: str, role: str, timeout: float | None = None
    ) -> ScriptResult: ...

    async def read_state(self, query: StateQuery | None = None) -> EnvState: ...

    async def screenshot(self) -> bytes: ...

    async def act(self, action: Mapping[str, Any]) -> None: ...

    async def close(self) -> None: ...


class GUIEnvironment(Environment, Protocol):
    """An environment with a display, as a rollout drives it: start windows, a settled screen,
    and the read-only views a family's GUI oracle plans with (an agent sees screenshots only).

    ``home`` is the environment's /home/user as the host reads it (trusted code only). Not
    runtime-checkable: ``isinstance`` would read ``home``, which a stopped environment lacks;
    callers check the members they use (``hasattr``).
    """

    @property
    def home(self) -> Path: ...

    async def open_app(self, app: str, target: str | None = None) -> None:
        """Open an app's window (on a file of the home, or a URL); returns once it rendered."""
        ...

    async def wait_settled(self, stable_s: float = 0.15, timeout: float = 3.0) -> bool:
        """Wait until the screen has not changed for ``stable_s``; False if it never did."""
        ...

    def prepare_sizes(self, sizes: list[tuple[int, int]]) -> None:
        """Make each later screenshot's image at these sizes too (the policy's resolution)."""
        ...

    async def window_title(self) -> str:
        """The title of the window that has the input focus."""
        ...

    async def find_elements(self, selector: str) -> list[dict[str, Any]]:
        """Elements of the page the browser shows matching a CSS selector, with screen boxes."""
        ...

    async def page_url(self) -> str:
        """The URL of the page the browser shows."""
        ...
