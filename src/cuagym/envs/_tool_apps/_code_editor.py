"""The code editor: Geany."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cuagym.envs._tool_apps._spec import ToolApp, ini_text

__all__ = ["CODE_EDITOR", "GEANY_PREFS"]


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


# "code-editor", not "geany": tasks name the role, as "files" and "terminal" do, so the
# editor behind it can change without renaming a task's start window.
CODE_EDITOR = ToolApp(
    name="code-editor", binary=GEANY, packages="geany", window_class="geany",
    target="file", argv=_code_editor_argv,
    config=MappingProxyType({
        "geany/geany.conf": ini_text(GEANY_PREFS),
        "geany/keybindings.conf": ini_text(GEANY_KEYS),
        "geany/plugins/filebrowser/filebrowser.conf": ini_text(GEANY_FILEBROWSER)}),
    ready_stable_s=0.4,
)  # fmt: skip
