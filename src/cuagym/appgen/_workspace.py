"""Load an app plugin from a folder, before it is installed (``cuagym appgen audit DIR``).

An app's project folder is what ``cuagym appgen install`` installs: a ``pyproject.toml`` that
declares exactly one ``cuagym.apps`` entry point (``app-id = "package.module:app"``) and the
package under ``src/`` (or beside the pyproject). An appgen workspace keeps that project in
``app/``, so both the workspace and the project folder itself are accepted.
"""

from __future__ import annotations

import importlib
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from cuagym.apps import AppError, AppSpec

__all__ = ["AppProject", "find_project", "load_app_dir"]

ENTRY_POINT_GROUP = "cuagym.apps"


@dataclass(frozen=True)
class AppProject:
    """An app's project folder and what its pyproject declares."""

    root: Path
    dist_name: str
    app_id: str
    target: str  # "package.module:attr"

    @property
    def import_root(self) -> Path:
        """The folder to put on ``sys.path`` (``src/`` when the project uses that layout)."""
        return self.root / "src" if (self.root / "src").is_dir() else self.root


def find_project(path: Path) -> AppProject:
    """The app project at ``path`` (a project folder or a workspace with ``app/``)."""
    candidates = [path / "pyproject.toml", path / "app" / "pyproject.toml"]
    pyproject = next((p for p in candidates if p.is_file()), None)
    if pyproject is None:
        raise AppError(f"{path}: no pyproject.toml here or in {path / 'app'} (not an app project)")
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise AppError(f"{pyproject}: not valid TOML ({exc})") from exc
    project = data.get("project", {})
    entries = project.get("entry-points", {}).get(ENTRY_POINT_GROUP, {})
    if len(entries) != 1:
        raise AppError(
            f'{pyproject}: declares {len(entries)} [project.entry-points."{ENTRY_POINT_GROUP}"]'
            " entries; an app project declares exactly one"
        )
    ((app_id, target),) = entries.items()
    if ":" not in target:
        raise AppError(f"{pyproject}: entry point {app_id} = {target!r} is not 'module:attr'")
    name = project.get("name")
    if not isinstance(name, str) or not name:
        raise AppError(f"{pyproject}: [project] has no name")
    return AppProject(root=pyproject.parent, dist_name=name, app_id=app_id, target=target)


def load_app_dir(path: Path) -> AppSpec:
    """Import the app the project at ``path`` declares, without installing it.

    The project's import root goes first on ``sys.path`` (so its package, not an installed
    one of the same name, is imported); a module imported before from elsewhere is an error
    rather than a silent mix of two versions.
    """
    project = find_project(path)
    module_name, _, attr = project.target.partition(":")
    root = str(project.import_root.resolve())
    if root not in sys.path:
        sys.path.insert(0, root)
    top = module_name.split(".")[0]
    loaded = sys.modules.get(top)
    if loaded is not None:
        origin = Path(getattr(loaded, "__file__", "") or "").resolve()
        if not origin.is_relative_to(root):
            raise AppError(
                f"{path}: package {top!r} is already imported from {origin}; "
                "audit this project in a fresh process"
            )
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any error of the app's own code is the app's problem
        raise AppError(f"{path}: importing {module_name} failed: {exc!r}") from exc
    spec = getattr(module, attr, None)
    if not isinstance(spec, AppSpec):
        raise AppError(f"{path}: {project.target} is a {type(spec).__name__}, not an AppSpec")
    if spec.app_id != project.app_id:
        raise AppError(
            f"{path}: entry point {project.app_id!r} names an app whose app_id is {spec.app_id!r}"
        )
    return spec
