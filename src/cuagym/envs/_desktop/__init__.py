"""The GUI layer of cuagym environments: an Xvfb display, real apps, XTEST input, screenshots.

    async with Desktop(home=Path("/srv/home"), uid=1000) as desktop:
        await desktop.open("calc", "budget.xlsx")
        await desktop.act({"action": "type", "text": "42\\n"})
        png = await desktop.screenshot()

Needs the Debian packages xvfb, xdotool, x11-utils, x11-xserver-utils, matchbox-window-manager
(or openbox), libreoffice-calc/-writer/-impress (not the -nogui variants), libreoffice-gtk3,
chromium, pcmanfm and xterm; and the PyPI packages mss and pillow.
"""

from cuagym.envs._desktop._apps import OFFICE_PREFS, App, AppName, office_template
from cuagym.envs._desktop._desktop import Desktop, DesktopConfig, default_cache_dir
from cuagym.envs._desktop._display import Display, WindowManager
from cuagym.envs._desktop._input import (
    KEYSYMS,
    PIXELS_PER_CLICK,
    CoordinateSpace,
    key_chord,
    keysym,
    wheel_clicks,
    xdotool_commands,
)
from cuagym.envs._desktop._proc import DesktopError, HostLauncher, Launcher, Proc
from cuagym.envs._desktop._screen import Frame, Screen

__all__ = [
    "KEYSYMS",
    "OFFICE_PREFS",
    "PIXELS_PER_CLICK",
    "App",
    "AppName",
    "CoordinateSpace",
    "Desktop",
    "DesktopConfig",
    "DesktopError",
    "Display",
    "Frame",
    "HostLauncher",
    "Launcher",
    "Proc",
    "Screen",
    "WindowManager",
    "default_cache_dir",
    "key_chord",
    "keysym",
    "office_template",
    "wheel_clicks",
    "xdotool_commands",
]
