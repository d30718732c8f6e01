"""Desktop apps started on a path of the home with a plain command line: the file manager, the
terminal, and every app a desktop domain adds (an editor, a PDF annotator, a media player, an
image editor).

An office app needs a profile template and the browser is kept across restores; the apps here
need neither: a command line for the path, a window class to know their window by, and the
preference files that keep their first start quiet (no first-run dialog, no tip of the day, no
update check, no network), written under the desktop's private ``XDG_CONFIG_HOME`` before each
start. ``Desktop.reset_config`` empties that folder between episodes, so whatever an agent
changed in an app's settings is gone with the episode, as the home's edits are.

Adding an app is one :class:`ToolApp` in a module of this package (its preference files and
command line beside it), listed in :data:`TOOL_APPS`; its app plugin names it as its
``launcher`` and its families' start windows name it as their ``app``. This package stays outside
the GUI layer (``_desktop`` needs mss and Pillow): the catalog reads the names of the desktop's
apps without importing it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cuagym.envs._tool_apps._browser import BROWSER
from cuagym.envs._tool_apps._code_editor import CODE_EDITOR
from cuagym.envs._tool_apps._files import FILES, LIBFM_CONF, TERMINAL
from cuagym.envs._tool_apps._image_editor import IMAGE_EDITOR
from cuagym.envs._tool_apps._media import MEDIA_PLAYER
from cuagym.envs._tool_apps._pdf import PDF, XOURNALPP_SETTINGS
from cuagym.envs._tool_apps._spec import ToolApp, ini_text, write_config_files

__all__ = [
    "DESKTOP_APP_NAMES",
    "LIBFM_CONF",
    "OFFICE_APP_NAMES",
    "TOOL_APPS",
    "XOURNALPP_SETTINGS",
    "ToolApp",
    "ini_text",
    "write_config_files",
]

_APPS: tuple[ToolApp, ...] = (
    FILES,
    TERMINAL,
    CODE_EDITOR,
    PDF,
    MEDIA_PLAYER,
    IMAGE_EDITOR,
    BROWSER,
)

#: every app of this kind, by the name a start window and an app plugin's ``launcher`` use
TOOL_APPS: Mapping[str, ToolApp] = MappingProxyType({app.name: app for app in _APPS})

#: the LibreOffice apps a desktop opens on a file (``_desktop._apps`` starts them)
OFFICE_APP_NAMES: tuple[str, ...] = ("calc", "writer", "impress")
#: every app a desktop opens: on a file, a folder, or (``chromium``) a page URL
DESKTOP_APP_NAMES: tuple[str, ...] = (*OFFICE_APP_NAMES, "chromium", *TOOL_APPS)
