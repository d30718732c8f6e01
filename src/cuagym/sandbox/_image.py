"""The env image: a venv on the system Python with the libraries task scripts import.

Task scripts run as an unprivileged uid inside the jail, so the image must be built on a Python
that uid can reach (the system ``/usr/bin/python3``; a pyenv Python under ``/root`` is behind a
mode-700 folder) and live in a folder every parent of which is world-traversable. It is built
once and reused by every environment; a stamp records what it was built from, so a rebuild
happens only when the requirement list or the Python changes, and it is atomic (built beside
the destination, then renamed into place): a crashed build never leaves a half image in use.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from pydantic import BaseModel

#: What task scripts may import (the paper's desktop apps' file formats, the hub client, GUI
#: automation for the later desktop layer). Bounds keep the image reproducible across rebuilds.
#: numpy/pandas are left out on purpose: openpyxl imports numpy whenever it is installed, which
#: doubles the import time of every spreadsheet script (~100-150 ms). Add them with ``--extra``.
REQUIREMENTS: tuple[str, ...] = (
    "openpyxl>=3.1,<4",
    "python-docx>=1.1,<2",
    "python-pptx>=1.0,<2",
    "pymupdf>=1.24,<2",  # 2.x pulls onnxruntime and numpy in (its layout module)
    "requests>=2.31,<3",
    "pyautogui>=0.9.54,<1",
    "Pillow>=10",
    "lxml>=5",
    "odfpy>=1.4,<2",
    "beautifulsoup4>=4.12,<5",
)

SYSTEM_PYTHON = Path("/usr/bin/python3")
#: Default home of the image: outside any user's home so a fresh clone anywhere reuses it.
DEFAULT_IMAGE_DIR = Path("/var/lib/cuagym/image")
IMAGE_ENV_VAR = "CUAGYM_IMAGE"
STAMP = "image.json"


class ImageInfo(BaseModel):
    """What ``image.json`` records about a built image."""

    spec_hash: str
    python: str
    requirements: list[str]
    venv: str


class ImageError(RuntimeError):
    """The image is missing, stale beyond use, or cannot be built."""


def spec_hash(python: Path = SYSTEM_PYTHON, requirements: tuple[str, ...] = REQUIREMENTS) -> str:
    version = _python_version(python)
    payload = json.dumps({"python": version, "requirements": list(requirements)}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


def image_dir(dest: Path | None = None) -> Path:
    """Where the image lives: ``dest``, else ``$CUAGYM_IMAGE``, else /var/lib/cuagym/image."""
    if dest is not None:
        return dest.absolute()
    env = os.environ.get(IMAGE_ENV_VAR)
    return Path(env).absolute() if env else DEFAULT_IMAGE_DIR


def image_python(dest: Path | None = None) -> Path:
    """The venv folder of a built image; raises ImageError with the build command if missing."""
    root = image_dir(dest)
    venv = root / "venv"
    if not (venv / "bin" / "python3").exists() or not (root / STAMP).exists():
        raise ImageError(
            f"no env image at {root}: build it with "
            f"`{sys.executable} -m cuagym.sandbox.image build --dest {root}`"
        )
    return venv


def read_stamp(dest: Path | None = None) -> ImageInfo | None:
    path = image_dir(dest) / STAMP
    try:
        return ImageInfo.model_validate_json(path.read_bytes())
    except (OSError, ValueError):
        return None


def is_current(dest: Path | None = None, requirements: tuple[str, ...] = REQUIREMENTS) -> bool:
    info = read_stamp(dest)
    return info is not None and info.spec_hash == spec_hash(requirements=requirements)


def build_image(
    dest: Path | None = None,
    *,
    force: bool = False,
    python: Path = SYSTEM_PYTHON,
    requirements: tuple[str, ...] = REQUIREMENTS,
    check_uid: int | None = 1000,
    quiet: bool = False,
) -> Path:
    """Build (or keep, when up to date) the image at ``dest``; returns the image folder."""
    root = image_dir(dest)
    wanted = spec_hash(python, requirements)
    info = read_stamp(root)
    if not force and info is not None and info.spec_hash == wanted:
        return root
    if not python.exists():
        raise ImageError(f"{python} is missing: install the Debian packages python3 python3-venv")
    root.parent.mkdir(parents=True, exist_ok=True)
    # Built beside the destination so the final rename is atomic (same filesystem).
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}.build-", dir=root.parent))
    try:
        staging.chmod(0o755)
        venv = staging / "venv"
        _run([str(python), "-m", "venv", str(venv)], quiet)
        pip = [str(venv / "bin" / "python3"), "-m", "pip", "install", "--no-cache-dir"]
        if quiet:
            pip.append("-q")
        _run([*pip, *requirements], quiet)
        _make_world_readable(staging)
        stamp = ImageInfo(
            spec_hash=wanted,
            python=_python_version(python),
            requirements=list(requirements),
            venv=str(root / "venv"),
        )
        (staging / STAMP).write_text(stamp.model_dump_json(indent=2) + "\n")
        (staging / STAMP).chmod(0o644)
        _swap_into_place(staging, root)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if check_uid is not None and os.geteuid() == 0:
        check_image(root, check_uid)
    return root


def check_image(root: Path, uid: int = 1000) -> None:
    """Prove that ``uid`` can run the image's Python and import the task libraries."""
    probe = "import openpyxl, docx, pptx, pymupdf, requests, PIL, lxml; print('ok')"
    cmd = [
        "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
        str(root / "venv" / "bin" / "python3"), "-I", "-c", probe,
    ]  # fmt: skip
    done = subprocess.run(cmd, env={}, capture_output=True, text=True, cwd="/", check=False)
    if done.returncode != 0 or "ok" not in done.stdout:
        raise ImageError(
            f"uid {uid} cannot use the image at {root} (is every parent folder world-"
            f"traversable?): {done.stderr.strip()[-800:]}"
        )
    for parent in root.parents:
        mode = parent.stat().st_mode
        if not mode & stat.S_IXOTH:
            raise ImageError(f"{parent} is not traversable by other users (mode {mode:o})")


def _swap_into_place(staging: Path, root: Path) -> None:
    old: Path | None = None
    if root.exists():
        old = root.with_name(f".{root.name}.old-{os.getpid()}")
        root.rename(old)
    staging.rename(root)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _make_world_readable(top: Path) -> None:
    # pip honours the umask; a root umask of 077 would hide the image from the sandbox uid.
    for dirpath, dirnames, filenames in os.walk(top):
        for name in dirnames:
            _add_mode(Path(dirpath, name), 0o555)
        for name in filenames:
            path = Path(dirpath, name)
            if not path.is_symlink():
                _add_mode(path, 0o555 if os.access(path, os.X_OK) else 0o444)


def _add_mode(path: Path, bits: int) -> None:
    mode = path.lstat().st_mode
    if stat.S_IMODE(mode) & bits != bits:
        path.chmod(stat.S_IMODE(mode) | bits)


def _python_version(python: Path) -> str:
    try:
        out = subprocess.run(
            [str(python), "-c", "import sys; print(sys.version.split()[0])"],
            capture_output=True, text=True, check=True, env={},
        ).stdout  # fmt: skip
    except (OSError, subprocess.CalledProcessError) as exc:
        raise ImageError(f"cannot run {python}: {exc}") from exc
    return out.strip()


def _run(cmd: list[str], quiet: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k.startswith(("PIP_", "http", "HTTP", "no_"))}
    env["PATH"] = "/usr/bin:/bin"
    done = subprocess.run(cmd, env=env, capture_output=quiet, text=True, check=False)
    if done.returncode != 0:
        detail = (done.stderr or "")[-2000:] if quiet else ""
        raise ImageError(f"image build step failed ({' '.join(cmd[:4])} …): {detail}")
