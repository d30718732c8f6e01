"""What an agent may open in the environment's Chromium: Chromium's own managed policies.

An agent drives the browser only through the screen, but the address bar takes any URL. Out of
its reach (DESIGN.md §4), through Chromium's enterprise policies (not flags: a flag is as easy
to lift as to set, and none of these exist as flags):

* ``file://`` (all of it): the host's files, and every other process's through ``/proc``;
* ``view-source:``, ``devtools://`` and ``chrome-devtools://``: the page's source and the
  DevTools front end (F12 and "Inspect" open a devtools:// page, which is blocked);
* ``chrome://`` and its ``about:`` aliases, but for ``about:blank`` and the few pages a person
  browsing needs that show nothing of the machine (new tab, history, downloads, bookmarks, the
  error page). Blocked among them: chrome://version (command line and paths), settings, inspect,
  net-internals, process-internals, gpu, system, policy, sandbox, flags…;
* the DevTools HTTP endpoint (``/json``, ``/json/version``, ``/devtools/…``) on any host: the
  desktop's own DevTools port listens on 127.0.0.1, and a page there would hand out a
  WebSocket that drives every window;
* extensions (none may be installed).

``javascript:`` URLs typed in the address bar run as the page, with its own session only: they
are left alone, as are ``data:`` pages.

``DeveloperToolsAvailability`` is *not* set to 2: from Chromium 99 it also closes the DevTools
protocol the desktop itself uses (windows, element boxes for oracles). The DevTools UI is closed
by the URL blocklist instead, and the test drives F12 and the URLs through the screen.

Chromium on Linux reads managed policies from ``/etc/chromium/policies/managed/*.json`` only.
:func:`write_chromium_etc` builds a replacement ``/etc/chromium`` folder (the host's own files
kept, our policy added) that a launcher puts at ``/etc/chromium`` in the browser's mount
namespace: bwrap binds it (:func:`jail_binds`), a root launcher without bwrap wraps the browser
in a private mount namespace that binds it (:func:`root_prefix`). Nothing on the host changes.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

__all__ = [
    "CHROMIUM_ETC",
    "POLICY_FILE",
    "app_browser_policy",
    "browser_policy",
    "jail_binds",
    "root_prefix",
    "write_chromium_etc",
]

CHROMIUM_ETC = "/etc/chromium"
POLICY_FILE = "policies/managed/cuagym.json"

#: pages a person browsing needs that show nothing of the machine (an allowlist entry wins
#: over a blocklist entry). Settings is not among them: an agent's tasks never need it, and it
#: opens file pickers and the browser's own paths (its "About" page).
_ALLOWED_PAGES = (
    "about:blank",
    "chrome://newtab",
    "chrome://new-tab-page",
    "chrome://new-tab-page-third-party",
    "chrome://downloads",
    "chrome://history",
    "chrome://bookmarks",
    "chrome-error://chromewebdata",
)

_BLOCKED = (
    "file://*",
    "view-source:*",
    "view-source://*",
    "devtools://*",
    "chrome-devtools://*",
    "chrome://*",
    "chrome-untrusted://*",
    "chrome-extension://*",
    "about:*",
    # The DevTools HTTP endpoint, whatever its host and port ('*' is every host; a path is a
    # prefix). Web apps of the hub live under /<app>/, never at /json or /devtools.
    "*/json",
    "*/devtools",
)


def browser_policy() -> dict[str, Any]:
    """The managed policy every environment's Chromium runs with (see the module docstring)."""
    return {
        "URLBlocklist": list(_BLOCKED),
        "URLAllowlist": list(_ALLOWED_PAGES),
        # No extension could be installed to reach what the blocklist closes.
        "ExtensionInstallBlocklist": ["*"],
    }


#: what the browser *as an app* (``_tool_apps``: bookmarks, settings, downloads of a task's
#: local pages) may open besides the pages above: the home's files and the settings page.
_APP_ALLOWED_PAGES = (*_ALLOWED_PAGES, "file:///home/user/", "chrome://settings")


def app_browser_policy() -> dict[str, Any]:
    """The managed policy of the browser a desktop domain drives as an app (its own profile in
    the home, no network). As :func:`browser_policy`, but the home's files (its intranet pages)
    and chrome://settings are open; the rest of file:// stays closed (nothing outside the home
    is shown), and nothing of the browser talks to a server (there is none to reach)."""
    return {
        **browser_policy(),
        "URLAllowlist": list(_APP_ALLOWED_PAGES),
        # The DevTools UI: a console on a file:// page is a way to script the browser.
        "DeveloperToolsAvailability": 2,
        # No sign-in, sync, password or address prompts covering the page.
        "BrowserSignin": 0,
        "SyncDisabled": True,
        "PasswordManagerEnabled": False,
        "AutofillAddressEnabled": False,
        "AutofillCreditCardEnabled": False,
        "MetricsReportingEnabled": False,
        "PromotionalTabsEnabled": False,
        "DefaultBrowserSettingEnabled": False,
        "SafeBrowsingProtectionLevel": 0,
    }


def write_chromium_etc(
    folder: Path, host_etc: Path = Path(CHROMIUM_ETC), policy: dict[str, Any] | None = None
) -> Path:
    """A replacement for ``/etc/chromium``: the host's files (its master_preferences, its own
    policies) copied, our policy (``policy``, else :func:`browser_policy`) added as
    ``policies/managed/cuagym.json``. Returns ``folder``.

    Readable by every uid (the browser runs as the environment's), writable by none but root.
    """
    if folder.exists():
        shutil.rmtree(folder)
    if host_etc.is_dir():
        shutil.copytree(host_etc, folder, symlinks=True)
    else:
        folder.mkdir(parents=True)
    target = folder / POLICY_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    chosen = policy if policy is not None else browser_policy()
    target.write_text(json.dumps(chosen, indent=2) + "\n", encoding="utf-8")
    for dirpath, dirnames, filenames in os.walk(folder):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), 0o644)
        del dirnames  # walked by os.walk itself
    return folder


def jail_binds(folder: Path) -> list[tuple[str, str, bool]]:
    """bwrap binds (host path, path inside, read-only) that give a jailed browser the policy."""
    return [(str(folder), CHROMIUM_ETC, True)]


def root_prefix(folder: Path) -> list[str]:
    """For a launcher running as root, before it drops to the app's uid: a private mount
    namespace in which ``folder`` is ``/etc/chromium`` (the host's stays as it is).

    Needs ``/etc/chromium`` to exist on the host as a mount point (Debian's chromium package
    ships it); when it does not, a tmpfs over ``/etc`` would hide the system's files, so the
    caller must use :func:`jail_binds` under bwrap instead.
    """
    script = 'mount --bind "$0" ' + CHROMIUM_ETC + ' && mount -o remount,bind,ro "$0" '
    script += CHROMIUM_ETC + ' && exec "$@"'
    return [
        "/usr/bin/unshare",
        "--mount",
        "--propagation",
        "private",
        "--",
        "/bin/sh",
        "-c",
        script,
        str(folder),
    ]
