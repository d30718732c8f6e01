"""What this machine can run, and how to install what is missing (``cuagym doctor``).

Each check is a small named function returning a :class:`Check` (Gymnasium's env checker is the
model): what it found, what it enables, and the command that installs it when it is missing.
The *main job* — procedural synthesis and verification of tuples in sandboxes — needs the
checks marked ``main_job``; everything else (GUI rollouts, the scale store, the llm backends,
training) is optional and reported as such (DESIGN.md §14).

    report = run_checks()
    report.main_job_ready   # False: `cuagym doctor` exits 1
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from cuagym._extras import MODULES_OF_EXTRA, install_hint

__all__ = ["CHECKS", "Check", "DoctorReport", "run_checks"]

_APT = "apt-get install -y"
_EXTRA_USE: dict[str, str] = {
    "office": "office files: the desktop domains' synthesis and verification (main job)",
    "scale": "the hub's Redis store (hub serve --redis)",
    "report": "plots of cuagym stats --html",
    "gui": "GUI rollouts: screenshots of the virtual display",
    "browser": "the browser tests (Playwright)",
    "llm": "model backends: synth/taskgen --backend llm, rollout and filter with a model",
    "ray": "--executor ray (synth, verify, rollout, train)",
    "gym": "the Gymnasium environment cuagym/Task-v0",
    "data": "export hf/verl/sft and load_corpus (parquet)",
    "train": "cuagym train: torch and verl",
    "dedup": "taskgen's near-duplicate check (MiniLM on torch)",
    "dev": "the test suite and linters (make test)",
}


class Check(BaseModel):
    """One thing the machine has or lacks."""

    name: str
    ok: bool
    detail: str = Field(description="what was found, or why it is missing")
    needed_for: str
    fix: str = Field("", description="how to install it (empty when ok)")
    main_job: bool = Field(False, description="procedural synth + verify cannot run without it")


class DoctorReport(BaseModel):
    checks: list[Check]

    @property
    def main_job_ready(self) -> bool:
        return all(c.ok for c in self.checks if c.main_job)

    @property
    def main_job_missing(self) -> list[str]:
        return [c.name for c in self.checks if c.main_job and not c.ok]


# -- probes (tests replace these) -------------------------------------------------------------
def _which(program: str) -> str | None:
    return shutil.which(program, path=os.environ.get("PATH", "") + ":/usr/sbin:/usr/bin:/sbin")


def _has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _run(command: Sequence[str], timeout: float = 10.0) -> tuple[int, str]:
    try:
        done = subprocess.run(
            list(command), capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return 127, str(exc)
    return done.returncode, (done.stdout + done.stderr).strip()


def _filesystems() -> str:
    try:
        return Path("/proc/filesystems").read_text(encoding="utf-8")
    except OSError:
        return ""


# -- the checks -------------------------------------------------------------------------------
def _program(name: str, program: str, package: str, needed_for: str, main: bool) -> Check:
    found = _which(program) if not program.startswith("/") else (
        program if Path(program).exists() else None
    )  # fmt: skip
    return Check(
        name=name, ok=found is not None, needed_for=needed_for, main_job=main,
        detail=found or f"{program} not found", fix="" if found else f"{_APT} {package}",
    )  # fmt: skip


def check_python() -> Check:
    ok = sys.version_info >= (3, 11)
    version = ".".join(map(str, sys.version_info[:3]))
    return Check(
        name="python", ok=ok, detail=f"Python {version}", main_job=True,
        needed_for="cuagym itself", fix="" if ok else "install Python 3.11 or newer",
    )  # fmt: skip


def check_root() -> Check:
    ok = os.geteuid() == 0
    return Check(
        name="root", ok=ok, main_job=True, detail=f"uid {os.geteuid()}",
        needed_for="the sandbox: it mounts overlayfs in its own namespace, then drops to a uid",
        fix="" if ok else "run cuagym as root (e.g. in a container or a VM)",
    )  # fmt: skip


def check_bubblewrap() -> Check:
    return _program("bubblewrap", "bwrap", "bubblewrap", "the jail of every script", True)


def check_util_linux() -> Check:
    return _program("util-linux", "setpriv", "util-linux", "dropping to the jail's uid", True)


def check_system_python() -> Check:
    return _program(
        "system python", "/usr/bin/python3", "python3 python3-venv",
        "the env image (built on the Python the jail's uid can reach)", True,
    )  # fmt: skip


def check_overlayfs() -> Check:
    ok = "overlay" in _filesystems()
    return Check(
        name="overlayfs", ok=ok, main_job=True, needed_for="copy-on-write homes and snapshots",
        detail="in /proc/filesystems" if ok else "overlay is not in /proc/filesystems",
        fix="" if ok else "modprobe overlay (in a container: run it privileged)",
    )  # fmt: skip


def check_env_image() -> Check:
    from cuagym.sandbox import ImageError, image_python

    try:
        venv = image_python()
    except ImageError as exc:
        return Check(
            name="env image", ok=False, main_job=True, detail=str(exc).split(":")[0],
            needed_for="the libraries task scripts import",
            fix=f"{sys.executable} -m cuagym.sandbox.image build (make install does it)",
        )  # fmt: skip
    return Check(
        name="env image", ok=True, main_job=True, detail=str(venv.parent),
        needed_for="the libraries task scripts import",
    )  # fmt: skip


def check_sandbox() -> Check:
    """A real sandbox: start it, run Python as the jail's uid, snapshot and restore."""
    name, use = "sandbox", "running setup, golden and reward scripts (C1-C6)"
    try:
        uid = asyncio.run(asyncio.wait_for(_sandbox_round_trip(), timeout=60))
    except Exception as exc:  # any failure means scripts cannot run here; say which
        return Check(
            name=name, ok=False, main_job=True, needed_for=use,
            detail=f"{type(exc).__name__}: {str(exc).strip()[:300]}",
            fix="fix the checks above (root, bubblewrap, overlayfs, the env image)",
        )  # fmt: skip
    ok = uid not in ("", "0")
    return Check(
        name=name, ok=ok, main_job=True, needed_for=use,
        detail=f"a script ran as uid {uid} in a jail, snapshot and restore worked"
        if ok else f"the jail ran as uid {uid!r}, not a non-root uid",
        fix="" if ok else "reinstall bubblewrap (make demo installs it)",
    )  # fmt: skip


async def _sandbox_round_trip() -> str:
    from cuagym.sandbox import Sandbox

    async with Sandbox() as box:
        result = await box.run_python("import os; print(os.getuid())", timeout=30)
        if result.exit_code != 0:
            raise RuntimeError(f"a script exited {result.exit_code}: {result.stderr[-300:]}")
        await box.restore(await box.snapshot())
        return result.stdout.strip()


def check_xvfb() -> Check:
    return _program("Xvfb", "Xvfb", "xvfb", "GUI rollouts: a virtual display", False)


def check_window_manager() -> Check:
    return _program(
        "window manager", "matchbox-window-manager", "matchbox-window-manager",
        "GUI rollouts: focus and dialogs on the virtual display", False,
    )  # fmt: skip


def check_libreoffice() -> Check:
    return _program(
        "LibreOffice", "/usr/bin/soffice",
        "libreoffice-calc libreoffice-writer libreoffice-impress libreoffice-gtk3",
        "GUI rollouts of calc, writer and impress tasks", False,
    )  # fmt: skip


def check_chromium() -> Check:
    return _program(
        "Chromium", "/usr/bin/chromium", "chromium", "GUI rollouts of the web apps", False
    )


def check_file_manager() -> Check:
    return _program(
        "file manager", "/usr/bin/pcmanfm", "pcmanfm xterm", "GUI rollouts of files tasks", False
    )


def check_redis() -> Check:
    return _program(
        "Redis", "redis-server", "redis-server", "the hub's Redis store and its tests", False
    )


def check_gpu() -> Check:
    use = "cuagym train (verl's rollout engines and FSDP need CUDA GPUs)"
    if _which("nvidia-smi") is None:
        return Check(
            name="GPU", ok=False, needed_for=use, detail="nvidia-smi not found",
            fix="a machine with an NVIDIA GPU and its driver",
        )  # fmt: skip
    code, out = _run(["nvidia-smi", "-L"])
    gpus = [line for line in out.splitlines() if line.startswith("GPU ")]
    return Check(
        name="GPU", ok=code == 0 and bool(gpus), needed_for=use,
        detail=f"{len(gpus)} GPU(s): {gpus[0]}" if gpus else f"nvidia-smi: {out[:200]}",
        fix="" if gpus else "check the NVIDIA driver (nvidia-smi -L lists no GPU)",
    )  # fmt: skip


def _extra_check(extra: str) -> Callable[[], Check]:
    def check() -> Check:
        missing = [m for m in MODULES_OF_EXTRA[extra] if not _has_module(m)]
        return Check(
            name=f"extra {extra}", ok=not missing, needed_for=_EXTRA_USE[extra],
            main_job=extra == "office",
            detail=f"missing {', '.join(missing)}" if missing
            else ", ".join(MODULES_OF_EXTRA[extra]),
            fix=install_hint(extra) if missing else "",
        )  # fmt: skip

    check.__name__ = f"check_extra_{extra}"
    return check


#: Every check, in the order they are reported: the main job's first.
CHECKS: tuple[Callable[[], Check], ...] = (
    check_python,
    check_root,
    check_bubblewrap,
    check_util_linux,
    check_overlayfs,
    check_system_python,
    check_env_image,
    _extra_check("office"),
    check_sandbox,
    check_xvfb,
    check_window_manager,
    check_libreoffice,
    check_chromium,
    check_file_manager,
    check_redis,
    check_gpu,
    *(_extra_check(e) for e in MODULES_OF_EXTRA if e != "office"),
)


def run_checks(checks: Sequence[Callable[[], Check]] | None = None) -> DoctorReport:
    """Run ``checks`` (default :data:`CHECKS`). The sandbox check runs only when the main-job
    checks before it passed: its failure would only repeat theirs."""
    results: list[Check] = []
    for check in CHECKS if checks is None else checks:
        if check.__name__ == "check_sandbox" and not all(c.ok for c in results if c.main_job):
            missing = ", ".join(c.name for c in results if c.main_job and not c.ok)
            results.append(
                Check(
                    name="sandbox",
                    ok=False,
                    main_job=True,
                    detail=f"not tried: no {missing}",
                    needed_for="running setup, golden and reward scripts (C1-C6)",
                    fix="fix the checks above",
                )
            )
            continue
        results.append(check())
    return DoctorReport(checks=results)
