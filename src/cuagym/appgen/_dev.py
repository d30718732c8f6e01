"""The Dev agent's backends, as synth's roles have them: who writes the app, behind one interface.

A :class:`DevSession` is one round: the app project (``DIR/app``, the only thing the agent may
change), the read-only documents it answers (DESIGN.md, TODO.md, plan.json, the kit's notes,
and from round 2 AUDIT.md / TEST.md), and the fast static checks.

* ``command`` runs any coding-agent CLI (``sh -c CMD``) in a :class:`~cuagym.sandbox.Sandbox`
  jail as uid 1000, no network, cwd = a copy-on-write copy of the project, the documents at
  ``/opt/task`` (``$CUAGYM_APPGEN_DOCS``), cuagym importable read-only; afterwards the project
  is read back from the jail as root (no link followed, sizes capped) and replaces ``DIR/app``;
* ``llm`` (:mod:`cuagym.appgen._dev_llm`) runs a tool loop in this process over the project only.
"""

from __future__ import annotations

import os
import shutil
import stat
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from cuagym.appgen._build_models import Finding
from cuagym.appgen._plan_models import AppPlan

__all__ = [
    "CommandDevBackend",
    "DevBackend",
    "DevSession",
    "DevTurn",
    "SyncError",
    "copy_tree_back",
]

INNER_DOCS = "/opt/task"
INNER_TOOLS = "/opt/tools"
MAX_FILES = 4000
MAX_FILE_BYTES = 2 << 20
MAX_TOTAL_BYTES = 64 << 20
_SKIP_DIRS = {"__pycache__", ".cuagym", ".mypy_cache", ".ruff_cache", ".pytest_cache"}


@dataclass
class DevSession:
    round: int
    project: Path
    plan: AppPlan
    docs: dict[str, str]
    check: Callable[[], list[Finding]]
    timeout_s: float = 3600.0


@dataclass
class DevTurn:
    exit_code: int
    transcript: str = ""
    timed_out: bool = False
    model: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    notes: list[str] = field(default_factory=list)


class DevBackend(ABC):
    name: ClassVar[str]

    @abstractmethod
    async def run_round(self, session: DevSession) -> DevTurn:
        """Change the project in ``session.project`` to answer the round's documents."""

    async def aclose(self) -> None:
        """Release what the backend holds (a model client's connections)."""


class SyncError(RuntimeError):
    """The jail's project cannot be read back (too many files, too large)."""


def copy_tree_back(source: Path, dest: Path) -> list[str]:
    """Copy the regular files and folders under ``source`` (a jail's home, read as root) to the
    new folder ``dest``; links and special files are skipped (and named), caches left out."""
    skipped: list[str] = []
    count = total = 0
    dest.mkdir(mode=0o755)
    for dirpath, dirnames, filenames in os.walk(source, followlinks=False):
        rel = Path(dirpath).relative_to(source)
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS)
        for name in dirnames:
            if (Path(dirpath) / name).is_symlink():
                skipped.append(str(rel / name))
                continue
            (dest / rel / name).mkdir(mode=0o755)
        for name in sorted(filenames):
            path = Path(dirpath) / name
            info = path.lstat()
            if not stat.S_ISREG(info.st_mode):
                skipped.append(str(rel / name))
                continue
            if name.endswith(".pyc"):
                continue
            count += 1
            total += info.st_size
            if count > MAX_FILES or info.st_size > MAX_FILE_BYTES or total > MAX_TOTAL_BYTES:
                raise SyncError(
                    f"the project grew past {MAX_FILES} files, {MAX_FILE_BYTES >> 20} MiB a "
                    f"file or {MAX_TOTAL_BYTES >> 20} MiB in all ({rel / name})"
                )
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
            with os.fdopen(fd, "rb") as fh:
                (dest / rel / name).write_bytes(fh.read(MAX_FILE_BYTES + 1))
    return skipped


def replace_project(project: Path, fresh: Path) -> None:
    """Swap ``fresh`` in as ``project`` (the old tree goes only once the new one is there)."""
    old = project.with_name(f".{project.name}.old")
    if old.exists():
        shutil.rmtree(old)
    os.replace(project, old)
    os.replace(fresh, project)
    shutil.rmtree(old)


class CommandDevBackend(DevBackend):
    """A coding-agent CLI in the sandbox: ``sh -c CMD``, cwd = the project, no network.

    The command sees ``CUAGYM_APPGEN_ROUND``, ``CUAGYM_APPGEN_DOCS`` (the documents' folder),
    ``PYTHONPATH`` (cuagym, read-only), and the host variables named in ``pass_env``.
    ``tools``: host folders the command needs (its own installation), bound read-only at
    ``/opt/tools/<n>``.
    """

    name = "command"

    def __init__(
        self,
        command: str,
        *,
        pass_env: Sequence[str] = (),
        tools: Sequence[Path] = (),
        host_env: Mapping[str, str] | None = None,
        state_root: Path | None = None,
    ) -> None:
        if not command.strip():
            raise ValueError("the command backend needs --command CMD")
        self.command = command
        source = host_env if host_env is not None else os.environ
        self.extra_env = {k: source[k] for k in pass_env if k in source}
        self.tools = [Path(t).resolve() for t in tools]
        self.state_root = state_root

    async def run_round(self, session: DevSession) -> DevTurn:
        from cuagym.sandbox import Limits, Sandbox
        from cuagym.synth import package_binds

        binds, pythonpath = package_binds()
        binds += [(t, f"{INNER_TOOLS}/{i}", True) for i, t in enumerate(self.tools)]
        limits = Limits(cpu_s=3600, memory_mb=8192, total_memory_mb=8192, disk_mb=4096)
        box = Sandbox(base=session.project, limits=limits, binds=binds, state_root=self.state_root)
        env = {
            **self.extra_env,
            "CUAGYM_APPGEN_ROUND": str(session.round),
            "CUAGYM_APPGEN_DOCS": INNER_DOCS,
            "PYTHONPATH": pythonpath,
        }
        async with box:
            result = await box.run(
                ["/bin/sh", "-c", self.command],
                files=session.docs,
                timeout=session.timeout_s,
                env=env,
            )
            fresh = session.project.with_name(f".{session.project.name}.new")
            if fresh.exists():
                shutil.rmtree(fresh)
            try:
                skipped = copy_tree_back(box.home, fresh)
            except BaseException:
                shutil.rmtree(fresh, ignore_errors=True)  # the project stays as it was
                raise
        replace_project(session.project, fresh)
        transcript = result.stdout + (f"\n--- stderr\n{result.stderr}" if result.stderr else "")
        notes = [f"left out (not a regular file): {s}" for s in skipped]
        return DevTurn(
            exit_code=result.exit_code,
            transcript=transcript,
            timed_out=result.timed_out,
            notes=notes,
        )
