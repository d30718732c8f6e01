"""What a tool app is: :class:`ToolApp`, and the preference files written before it starts."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Literal

__all__ = ["ToolApp", "ini_text", "write_config_files"]


@dataclass(frozen=True)
class ToolApp:
    """How the desktop starts one app on a path of the home."""

    name: str
    #: the executable (its absence is reported with ``packages``)
    binary: str
    #: the Debian packages that provide it (the Makefile installs them)
    packages: str
    #: a regular expression of the window's WM_CLASS, as ``xdotool search --class`` takes it
    window_class: str
    #: what the start window's path names: a file to open or a folder to work in
    target: Literal["file", "folder"]
    #: the command line for an absolute path as the app sees it (``None``: no path given)
    argv: Callable[[str | None], list[str]]
    #: preference files, relative to XDG_CONFIG_HOME, written before each start when absent
    config: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: start in the target folder (a shell's working directory) rather than the home
    cwd_target: bool = False
    #: a rendered window: distinct colours its top strip needs (0: any), and how long the
    #: screen must stay unchanged
    ready_top_colors: int = 0
    ready_stable_s: float = 0.3
    #: a Chromium under the browser app's managed policy (``_browser_policy.app_browser_policy``:
    #: the home's pages and settings open), bound at /etc/chromium in its jail alone (the
    #: desktop's kept browser has another)
    app_browser_policy: bool = False


def write_config_files(
    config_home: Path, files: Mapping[str, str], uid: int | None, gid: int | None
) -> None:
    """Write ``files`` under ``config_home`` where absent (idempotent), owned by the apps' user
    (every folder made on the way too: an app must be able to write its own settings)."""
    for rel, text in files.items():
        path = config_home / rel
        if path.exists():
            continue
        made: list[Path] = []
        parent = path.parent
        while not parent.exists():
            made.append(parent)
            parent = parent.parent
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if uid is not None and os.geteuid() == 0:
            for owned in (*made, path):
                os.chown(owned, uid, gid if gid is not None else uid, follow_symlinks=False)


def ini_text(sections: Mapping[str, Mapping[str, str]]) -> str:
    """A GKeyFile / INI text of ``sections`` (section -> key -> value), in their order."""
    return "".join(
        f"[{name}]\n" + "".join(f"{k}={v}\n" for k, v in keys.items()) + "\n"
        for name, keys in sections.items()
    )
