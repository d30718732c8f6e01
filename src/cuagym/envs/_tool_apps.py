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

__all__ = [
    "DESKTOP_APP_NAMES",
    "OFFICE_APP_NAMES",
    "TOOL_APPS",
    "ToolApp",
    "write_config_files",
]


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


def _files_argv(folder: str | None) -> list[str]:
    # --new-win: a window of its own even if another instance of this desktop runs.
    return [PCMANFM, "--new-win", *([folder] if folder else [])]


def _terminal_argv(folder: str | None) -> list[str]:
    # A readable TrueType font, dark on light as the other apps, and a login-like shell at the
    # folder (the launcher changes into it before exec).
    title = f"Terminal - {folder}" if folder else "Terminal"
    return [XTERM, "-fa", "DejaVu Sans Mono", "-fs", "11", "-bg", "white", "-fg", "black",
            "-geometry", "120x40", "-title", title]  # fmt: skip


def ini_text(sections: Mapping[str, Mapping[str, str]]) -> str:
    """A GKeyFile / INI text of ``sections`` (section -> key -> value), in their order."""
    return "".join(
        f"[{name}]\n" + "".join(f"{k}={v}\n" for k, v in keys.items()) + "\n"
        for name, keys in sections.items()
    )


# The code editor (Geany 1.38): its geany.conf, key by key.
GEANY_PREFS: Mapping[str, Mapping[str, str]] = {
    "geany": {
        # no session restore: only the start window's file opens, never an earlier start's
        "pref_main_load_session": "false",
        "pref_main_project_session": "false",
        # maximized at the screen's size, no window position from an earlier start
        "pref_main_save_winpos": "false",
        "pref_main_save_wingeom": "true",
        "geometry": "0;0;1280;800;1;",
        # no quit confirmation of its own (unsaved edits still ask), no beeps
        "pref_main_confirm_exit": "false",
        "beep_on_errors": "false",
        # a readable font and line numbers (go-to-line, a test's message names lines); no
        # folding (a folded block hides lines from a screenshot), no markers margin
        "editor_font": "DejaVu Sans Mono 12",
        "show_linenumber_margin": "true",
        "show_markers_margin": "false",
        "use_folding": "false",
        "line_wrapping": "false",
        # what is typed is what is written: no auto-indent on Return, no closing brackets or
        # quotes, no completion pop-up or snippet taking a Return or Tab, Home to column 0
        "indent_mode": "0",
        "check_detect_indent": "false",
        "autoclose_chars": "0",
        "auto_close_xml_tags": "false",
        "auto_complete_symbols": "false",
        "autocomplete_doc_words": "false",
        "complete_snippets": "false",
        "auto_continue_multiline": "false",
        "pref_editor_smart_home_key": "false",
        # saving writes the buffer as it is (no trailing-space strip, tab or line-ending
        # conversion); only a missing final newline is added; new files get LF endings
        "pref_editor_trail_space": "false",
        "pref_editor_replace_tabs": "false",
        "pref_editor_ensure_convert_line_endings": "false",
        "pref_editor_new_line": "true",
        "default_eol_character": "2",
        # spaces for indentation, four per level (Tab types them), as the projects indent
        "indent_type": "0",
        "pref_editor_tab_width": "4",
        # the sidebar, wide enough for its tabs, lists the open documents as a tree of
        # folders; no message window
        "sidebar_visible": "true",
        "treeview_position": "300",
        "documents_show_paths": "true",
        "msgwindow_visible": "false",
        # the Find entry keeps what was typed, not the word under the cursor
        "pref_main_search_use_current_word": "false",
    },
    # Find and Replace start case-sensitive and literal, close after their action, and
    # Replace shows its Replace All buttons (In Session / In Document / In Selection)
    "search": {
        "replace_all_expanded": "true",
        "find_case_sensitive": "true",
        "replace_case_sensitive": "true",
        "find_regexp": "false",
        "replace_regexp": "false",
        "find_close_dialog": "true",
        "replace_close_dialog": "true",
    },
    # only the file browser (the project tree of the sidebar): no auto-save plugin
    "plugins": {
        "load_plugins": "true",
        "active_plugins": "/usr/lib/x86_64-linux-gnu/geany/filebrowser.so;",
    },
    # no terminal for Build > Execute, no web browser for Help > Website
    "tools": {"terminal_cmd": "", "browser_cmd": ""},
    # no embedded terminal tab (the package's libvte is absent as well)
    "VTE": {"load_vte": "false"},
}
# The build commands (compile, build, execute) unbound: F5, F8 and F9 run nothing; the Build
# menu still offers them, and what they run stays in the app's jail (tests/envs/desktop).
GEANY_KEYS: Mapping[str, Mapping[str, str]] = {
    "Bindings": {
        name: ""
        for name in ("build_compile", "build_link", "build_make", "build_makeowntarget",
                     "build_makeobject", "build_run", "build_options")
    },
}  # fmt: skip
# The file browser follows the open file's folder; hidden files and bytecode stay hidden;
# "Open Externally" has no command to run.
GEANY_FILEBROWSER: Mapping[str, Mapping[str, str]] = {
    "filebrowser": {
        "open_command": "",
        "show_hidden_files": "false",
        "hide_object_files": "true",
        "hidden_file_extensions": ".o .obj .so .pyc",
        "fb_follow_path": "true",
        "fb_set_project_base_path": "false",
    },
}
GEANY = "/usr/bin/geany"


def _code_editor_argv(path: str | None) -> list[str]:
    # --new-instance: no socket shared with another desktop's editor; --no-terminal: no VTE;
    # --no-session: no files of an earlier start; --no-ctags: no global tag files loaded
    # (the symbol list comes from the open files alone).
    flags = ["--new-instance", "--no-terminal", "--no-session", "--no-ctags"]
    return [GEANY, *flags, *([path] if path else [])]


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
    # "code-editor", not "geany": tasks name the role, as "files" and "terminal" do, so the
    # editor behind it can change without renaming a task's start window.
    ToolApp(
        name="code-editor", binary=GEANY, packages="geany", window_class="geany",
        target="file", argv=_code_editor_argv,
        config=MappingProxyType({
            "geany/geany.conf": ini_text(GEANY_PREFS),
            "geany/keybindings.conf": ini_text(GEANY_KEYS),
            "geany/plugins/filebrowser/filebrowser.conf": ini_text(GEANY_FILEBROWSER)}),
        ready_stable_s=0.4,
    ),
)  # fmt: skip

#: every app of this kind, by the name a start window and an app plugin's ``launcher`` use
TOOL_APPS: Mapping[str, ToolApp] = MappingProxyType({app.name: app for app in _APPS})

#: the LibreOffice apps a desktop opens on a file (``_desktop._apps`` starts them)
OFFICE_APP_NAMES: tuple[str, ...] = ("calc", "writer", "impress")
#: every app a desktop opens: on a file, a folder, or (``chromium``) a page URL
DESKTOP_APP_NAMES: tuple[str, ...] = (*OFFICE_APP_NAMES, "chromium", *TOOL_APPS)
