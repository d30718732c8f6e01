"""``cuagym appgen install``: register a built app by entry point, without network.

An editable install in the PEP 660 manner, written directly: into a site folder (the running
interpreter's purelib, or ``target``) go ``<dist>-<version>.dist-info/`` (METADATA,
entry_points.txt with the app's one ``cuagym.apps`` entry, INSTALLER, direct_url.json marking
it editable, RECORD listing every file with its hash, so ``pip uninstall`` removes them all) and
a ``.pth`` file naming the project's import root. A new interpreter that reads that site folder
then finds the app through :func:`cuagym.apps.load_apps`; :func:`verify_install` checks exactly
that in a subprocess.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

from cuagym.appgen._workspace import AppProject, find_project

__all__ = ["InstallError", "Installed", "install_app", "verify_install"]

INSTALLER = "cuagym-appgen"


class InstallError(RuntimeError):
    """The app cannot be installed (or, installed, is not found by a new interpreter)."""


class Installed:
    def __init__(self, project: AppProject, site: Path, dist_info: Path, pth: Path) -> None:
        self.project, self.site, self.dist_info, self.pth = project, site, dist_info, pth


def _normalize(name: str) -> str:
    """The wheel spelling of a distribution name (PEP 503 + PEP 427)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode('ascii')}"


def _version(project: AppProject) -> str:
    data = tomllib.loads((project.root / "pyproject.toml").read_text(encoding="utf-8"))
    version = data.get("project", {}).get("version")
    return str(version) if version else "0.0.0"


def install_app(path: Path, target: Path | None = None) -> Installed:
    """Install the project at ``path`` (a workspace or the project) into ``target``."""
    project = find_project(path)
    site = (target or Path(sysconfig.get_paths()["purelib"])).resolve()
    site.mkdir(parents=True, exist_ok=True)
    dist, version = _normalize(project.dist_name), _version(project)
    for stale in site.glob(f"{dist}-*.dist-info"):  # a reinstall replaces the old version
        _remove_recorded(site, stale)
    dist_info = site / f"{dist}-{version}.dist-info"
    dist_info.mkdir()
    root = project.import_root.resolve()
    files: dict[Path, bytes] = {
        site / f"__editable__.{dist}-{version}.pth": f"{root}\n".encode(),
        dist_info / "METADATA": (
            f"Metadata-Version: 2.1\nName: {project.dist_name}\nVersion: {version}\n"
            f"Summary: cuagym mock app {project.app_id} (appgen)\n"
        ).encode(),
        dist_info / "entry_points.txt": (
            f"[cuagym.apps]\n{project.app_id} = {project.target}\n"
        ).encode(),
        dist_info / "INSTALLER": f"{INSTALLER}\n".encode(),
        dist_info / "direct_url.json": json.dumps(
            {"url": project.root.resolve().as_uri(), "dir_info": {"editable": True}}
        ).encode(),
    }
    for file, data in files.items():
        file.write_bytes(data)
    rows = [f"{f.relative_to(site).as_posix()},{_hash(d)},{len(d)}" for f, d in files.items()]
    rows.append(f"{(dist_info / 'RECORD').relative_to(site).as_posix()},,")
    (dist_info / "RECORD").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return Installed(project, site, dist_info, site / f"__editable__.{dist}-{version}.pth")


def _remove_recorded(site: Path, dist_info: Path) -> None:
    record = dist_info / "RECORD"
    if record.is_file():
        for row in record.read_text(encoding="utf-8").splitlines():
            rel = row.split(",", 1)[0]
            if rel:
                (site / rel).unlink(missing_ok=True)
    for left in dist_info.iterdir() if dist_info.is_dir() else ():
        left.unlink()
    if dist_info.is_dir():
        dist_info.rmdir()


def verify_install(installed: Installed, timeout_s: float = 120.0) -> None:
    """A new interpreter that reads the site folder finds the app; else :class:`InstallError`."""
    code = (
        "import site, sys\n"
        "site.addsitedir(sys.argv[1])\n"
        "from cuagym.apps import load_apps\n"
        "spec = load_apps()[sys.argv[2]]\n"
        "print(spec.app_id, spec.kind)\n"
    )
    argv = [sys.executable, "-c", code, str(installed.site), installed.project.app_id]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s, cwd="/")
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()
        raise InstallError(
            f"installed into {installed.site}, but a new interpreter does not find "
            f"{installed.project.app_id}: {tail[-1] if tail else 'no output'}"
        )
