"""The browser app's launcher: Chromium on its own profile in the home, with the project's
quiet flags, no DevTools port, under a policy that opens the home's pages and settings only."""

from __future__ import annotations

from cuagym.apps.browser import PROFILE, app
from cuagym.envs._desktop._browser_policy import app_browser_policy, browser_policy
from cuagym.envs._tool_apps import TOOL_APPS


def test_the_launcher_starts_chromium_on_the_profile_in_the_home() -> None:
    tool = TOOL_APPS[app.launcher or ""]
    argv = tool.argv("/home/user/intranet/index.html")
    assert argv[0] == "/usr/bin/chromium" and argv[-1] == "file:///home/user/intranet/index.html"
    assert f"--user-data-dir={PROFILE}" in argv and PROFILE.startswith("/home/user/")
    for flag in ("--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--password-store=basic"):  # fmt: skip
        assert flag in argv
    assert not [a for a in argv if a.startswith("--remote-debugging")]
    assert tool.app_browser_policy and tool.window_class != "chromium"


def test_the_apps_policy_opens_the_home_and_settings_only() -> None:
    policy, kept = app_browser_policy(), browser_policy()
    assert "file://*" in policy["URLBlocklist"] and "chrome://*" in policy["URLBlocklist"]
    assert "file:///home/user/" in policy["URLAllowlist"]
    assert "chrome://settings" in policy["URLAllowlist"]
    assert policy["DeveloperToolsAvailability"] == 2
    # The kept browser of the web apps keeps its own, stricter policy.
    assert "file:///home/user/" not in kept["URLAllowlist"]
    assert "chrome://settings" not in kept["URLAllowlist"]
