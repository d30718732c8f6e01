"""The browser as an app: Chromium on a profile of the home (not the desktop's kept browser)."""

from __future__ import annotations

from cuagym.envs._tool_apps._spec import ToolApp

__all__ = ["BROWSER", "BROWSER_PROFILE"]

CHROMIUM = "/usr/bin/chromium"
#: the browser app's profile: inside the home, so it is the task's state (setup writes its
#: Bookmarks, Preferences and History; the overlay resets it with the home)
BROWSER_PROFILE = "/home/user/.config/chromium-task"


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


# The browser as an app (bookmarks, settings, downloads, history of its own profile) on a
# local page of the home; no network in its jail (the pages are files).
BROWSER = ToolApp(
    name="browser", binary=CHROMIUM, packages="chromium", window_class="cuagym-browser",
    target="file", argv=_browser_argv, ready_stable_s=0.4,
    app_browser_policy=True,
)  # fmt: skip
