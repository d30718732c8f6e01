"""The file manager (PCManFM) and the terminal (xterm)."""

from __future__ import annotations

from types import MappingProxyType

from cuagym.envs._tool_apps._spec import ToolApp

__all__ = ["FILES", "LIBFM_CONF", "PCMANFM_CONF", "TERMINAL"]

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


def _files_argv(folder: str | None) -> list[str]:
    # --new-win: a window of its own even if another instance of this desktop runs.
    return [PCMANFM, "--new-win", *([folder] if folder else [])]


def _terminal_argv(folder: str | None) -> list[str]:
    # A readable TrueType font, dark on light as the other apps, and a login-like shell at the
    # folder (the launcher changes into it before exec).
    title = f"Terminal - {folder}" if folder else "Terminal"
    return [XTERM, "-fa", "DejaVu Sans Mono", "-fs", "11", "-bg", "white", "-fg", "black",
            "-geometry", "120x40", "-title", title]  # fmt: skip


FILES = ToolApp(
    name="files", binary=PCMANFM, packages="pcmanfm", window_class="pcmanfm",
    target="folder", argv=_files_argv,
    config=MappingProxyType({"libfm/libfm.conf": LIBFM_CONF,
                             "pcmanfm/default/pcmanfm.conf": PCMANFM_CONF}),
    ready_stable_s=0.3,
)  # fmt: skip
TERMINAL = ToolApp(
    name="terminal", binary=XTERM, packages="xterm", window_class="xterm",
    target="folder", argv=_terminal_argv, cwd_target=True, ready_stable_s=0.2,
)  # fmt: skip
