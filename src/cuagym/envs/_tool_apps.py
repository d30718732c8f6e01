"""Desktop apps started on a path of the home with a plain command line: the file manager, the
terminal, and every app a desktop domain adds (an editor, a PDF annotator, a media player, an
image editor).

An office app needs a profile template and the browser is kept across restores; the apps here
need neither: a command line for the path, a window class to know their window by, and the
preference files that keep their first start quiet (no first-run dialog, no tip of the day, no
update check, no network), written under the desktop's private ``XDG_CONFIG_HOME`` before each
start. ``Desktop.reset_config`` empties that folder between episodes, so whatever an agent
changed in an app's settings is gone with the episode, as the home's edits are.

Adding an app is one :class:`ToolApp` in :data:`TOOL_APPS`; its app plugin names it as its
``launcher`` and its families' start windows name it as their ``app``. This module stays outside
the GUI layer (``_desktop`` needs mss and Pillow): the catalog reads the names of the desktop's
apps without importing it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Literal

__all__ = ["DESKTOP_APP_NAMES", "OFFICE_APP_NAMES", "TOOL_APPS", "ToolApp", "write_config_files"]


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


# The file manager's preferences: a detailed list (names, sizes, dates readable in a screenshot),
# hidden files hidden, no thumbnails (their generation changes the screen for seconds), no
# volume automount, xterm as its terminal (Tools > Open Current Folder in Terminal, F4). Delete
# removes for good: the trash of an overlay home would be a folder inside the task's state
# (/home/user/.Trash-1000).
LIBFM_CONF = """[config]
single_click=0
use_trash=0
confirm_del=1
terminal=xterm %s
thumbnail_local=0

[ui]
show_thumbnail=0
"""
PCMANFM_CONF = """[config]
bm_open_method=0

[volume]
mount_on_startup=0
mount_removable=0
autorun=0

[ui]
always_show_tabs=0
side_pane_mode=places
view_mode=list
show_hidden=0
sort=name;ascending;
"""
PCMANFM = "/usr/bin/pcmanfm"
XTERM = "/usr/bin/xterm"
CHROMIUM = "/usr/bin/chromium"
#: the browser app's profile: inside the home, so it is the task's state (setup writes its
#: Bookmarks, Preferences and History; the overlay resets it with the home)
BROWSER_PROFILE = "/home/user/.config/chromium-task"


def _files_argv(folder: str | None) -> list[str]:
    # --new-win: a window of its own even if another instance of this desktop runs.
    return [PCMANFM, "--new-win", *([folder] if folder else [])]


def _terminal_argv(folder: str | None) -> list[str]:
    # A readable TrueType font, dark on light as the other apps, and a login-like shell at the
    # folder (the launcher changes into it before exec).
    title = f"Terminal - {folder}" if folder else "Terminal"
    return [XTERM, "-fa", "DejaVu Sans Mono", "-fs", "11", "-bg", "white", "-fg", "black",
            "-geometry", "120x40", "-title", title]  # fmt: skip


def _browser_argv(page: str | None) -> list[str]:
    # The project's browser flags (``_apps.chromium_argv``) but no DevTools port (nothing of
    # ours drives this one; the agent's screen is all there is) and a profile in the home.
    # Its own WM_CLASS: the desktop's kept browser (the web apps') is "chromium" too.
    url = f"file://{page}" if page else "about:blank"
    return [CHROMIUM,
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
            "--no-default-browser-check", f"--user-data-dir={BROWSER_PROFILE}",
            "--test-type", "--password-store=basic", "--disable-default-apps",
            "--hide-crash-restore-bubble",
            "--disable-features=Translate,MediaRouter,WebUIOmniboxAimPopup",
            "--disable-smooth-scrolling", "--class=cuagym-browser", "--ozone-platform=x11",
            "--window-position=0,0", "--start-maximized", url]  # fmt: skip


_APPS: tuple[ToolApp, ...] = (
    ToolApp(
        name="files", binary=PCMANFM, packages="pcmanfm", window_class="pcmanfm",
        target="folder", argv=_files_argv,
        config=MappingProxyType({"libfm/libfm.conf": LIBFM_CONF,
                                 "pcmanfm/default/pcmanfm.conf": PCMANFM_CONF}),
        ready_stable_s=0.3,
    ),
    ToolApp(
        name="terminal", binary=XTERM, packages="xterm", window_class="xterm",
        target="folder", argv=_terminal_argv, cwd_target=True, ready_stable_s=0.2,
    ),
    # The browser as an app (bookmarks, settings, downloads, history of its own profile) on a
    # local page of the home; no network in its jail (the pages are files).
    ToolApp(
        name="browser", binary=CHROMIUM, packages="chromium", window_class="cuagym-browser",
        target="file", argv=_browser_argv, ready_stable_s=0.4,
        app_browser_policy=True,
    ),
)  # fmt: skip

#: every app of this kind, by the name a start window and an app plugin's ``launcher`` use
TOOL_APPS: Mapping[str, ToolApp] = MappingProxyType({app.name: app for app in _APPS})

#: the LibreOffice apps a desktop opens on a file (``_desktop._apps`` starts them)
OFFICE_APP_NAMES: tuple[str, ...] = ("calc", "writer", "impress")
#: every app a desktop opens: on a file, a folder, or (``chromium``) a page URL
DESKTOP_APP_NAMES: tuple[str, ...] = (*OFFICE_APP_NAMES, "chromium", *TOOL_APPS)
