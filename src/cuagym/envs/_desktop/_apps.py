"""The apps a desktop runs: LibreOffice (Calc, Writer, Impress), Chromium, and the apps started
on a path with a plain command line (the file manager, the terminal, ...: see ``_tools``).

LibreOffice's first start is slow and noisy (profile creation, extension registration,
first-start wizard, tip of the day, "what's new" and donation bars). So a profile *template*
is made once per LibreOffice build and preference set (``--headless --terminate_after_init``,
then our preferences merged into ``registrymodifications.xcu``), cached, and every app instance
gets a private copy (~250 KiB: a copy is cheaper and simpler than an overlay mount here).
Preferences follow what OSWorld's VM images do: no wizard, no tips, no recovery, no autosave;
the "Keep current format" question stays on by default (agents trained on OSWorld expect it).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from cuagym.envs._desktop._proc import DesktopError, Proc
from cuagym.envs._tool_apps import DESKTOP_APP_NAMES

if TYPE_CHECKING:
    from cuagym.envs._desktop._browser import BrowserWindow

#: an app a desktop opens: an office app, ``chromium``, or one of ``_tool_apps.TOOL_APPS``
AppName = str
OFFICE_APPS: dict[str, str] = {"calc": "--calc", "writer": "--writer", "impress": "--impress"}
APP_NAMES: tuple[str, ...] = DESKTOP_APP_NAMES
SOFFICE = "/usr/bin/soffice"
CHROMIUM = "/usr/bin/chromium"
_SOFFICE_BIN = Path("/usr/lib/libreoffice/program/soffice.bin")

# (path, property, xs type, value): merged into the template's registrymodifications.xcu.
OFFICE_PREFS: tuple[tuple[str, str, str, str], ...] = (
    ("/org.openoffice.Office.Common/Misc", "FirstRun", "boolean", "false"),
    ("/org.openoffice.Office.Common/Misc", "ShowTipOfTheDay", "boolean", "false"),
    ("/org.openoffice.Office.Common/Misc", "UseOpenCL", "boolean", "false"),
    # A known "last version" and far-future timestamps: no what's-new/donate/get-involved bars.
    ("/org.openoffice.Setup/Product", "ooSetupLastVersion", "string", "99.0"),
    ("/org.openoffice.Setup/Product", "LastTimeGetInvolvedShown", "long", "9999999999"),
    ("/org.openoffice.Setup/Product", "LastTimeDonateShown", "long", "9999999999"),
    ("/org.openoffice.Office.Recovery/AutoSave", "Enabled", "boolean", "false"),
    ("/org.openoffice.Office.Recovery/RecoveryInfo", "Enabled", "boolean", "false"),
    # No JVM: faster start, and nothing of ours needs Java.
    ("/org.openoffice.Office.Java/VirtualMachine", "Enable", "boolean", "false"),
    ("/org.openoffice.Office.Common/Save/Document", "CreateBackup", "boolean", "false"),
    # No macro runs, from a document or from Tools > Macros (an agent's way to a shell):
    # execution off, and the highest security level should a task ever turn it back on.
    (
        "/org.openoffice.Office.Common/Security/Scripting",
        "DisableMacrosExecution",
        "boolean",
        "true",
    ),
    ("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "int", "3"),
)


def office_prefs(warn_alien_format: bool) -> tuple[tuple[str, str, str, str], ...]:
    warn = "true" if warn_alien_format else "false"
    return (
        *OFFICE_PREFS,
        ("/org.openoffice.Office.Common/Save/Document", "WarnAlienFormat", "boolean", warn),
    )


def _prefs_xml(prefs: tuple[tuple[str, str, str, str], ...]) -> str:
    return "".join(
        f'<item oor:path="{escape(path)}"><prop oor:name="{escape(name)}" oor:op="fuse">'
        f"<value>{escape(value)}</value></prop></item>\n"
        for path, name, _type, value in prefs
    )


def office_template(cache_dir: Path, warn_alien_format: bool = True) -> Path:
    """The prepared profile for this LibreOffice build and preference set (made if absent).

    Blocking (a few seconds the first time); safe when several processes race: each builds
    in its own temporary folder and the first rename wins.
    """
    prefs = office_prefs(warn_alien_format)
    try:
        build = _SOFFICE_BIN.stat()
    except FileNotFoundError:
        raise DesktopError(
            "LibreOffice is not installed (Debian: libreoffice-calc libreoffice-writer "
            "libreoffice-impress; the -nogui variants cannot show windows)"
        ) from None
    key = hashlib.sha256(f"{build.st_mtime_ns}:{build.st_size}:{prefs!r}".encode()).hexdigest()
    target = cache_dir / f"lo-profile-{key[:16]}"
    if (target / "user" / "registrymodifications.xcu").is_file():
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".lo-profile-", dir=cache_dir))
    try:
        proc = subprocess.run(
            [SOFFICE, "--headless", "--terminate_after_init", "--norestore",
             f"-env:UserInstallation={work.as_uri()}"],
            env={"PATH": "/usr/bin:/bin", "HOME": str(work), "LANG": "C.UTF-8"},
            capture_output=True, timeout=120, check=False,
        )  # fmt: skip
        registry = work / "user" / "registrymodifications.xcu"
        if not registry.is_file():
            raise DesktopError(
                f"LibreOffice did not create a profile (exit {proc.returncode}): "
                f"{proc.stderr.decode(errors='replace')[-500:]}"
            )
        text = registry.read_text(encoding="utf-8")
        registry.write_text(
            text.replace("</oor:items>", _prefs_xml(prefs) + "</oor:items>"), encoding="utf-8"
        )
        for lock in (work / ".lock", work / "user" / ".lock"):
            lock.unlink(missing_ok=True)
        # If another process won the race, its template is as good as ours.
        with contextlib.suppress(OSError):
            work.rename(target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def copy_profile(template: Path, dest: Path, uid: int | None, gid: int | None) -> None:
    """A private, writable copy of the template for one app instance."""
    shutil.copytree(template, dest, symlinks=True)
    if uid is not None and os.geteuid() == 0:
        chown_tree(dest, uid, gid if gid is not None else uid)


def chown_tree(top: Path, uid: int, gid: int) -> None:
    os.chown(top, uid, gid, follow_symlinks=False)
    for root, dirs, files in os.walk(top):
        for name in (*dirs, *files):
            os.chown(os.path.join(root, name), uid, gid, follow_symlinks=False)


def office_argv(app: str, profile: Path, target: str | None) -> list[str]:
    argv = [SOFFICE, OFFICE_APPS[app], f"-env:UserInstallation={profile.as_uri()}",
            "--norestore", "--nologo"]  # fmt: skip
    if target is not None:
        argv.append(target)
    return argv


def chromium_argv(user_data_dir: Path, url: str, size: tuple[int, int]) -> list[str]:
    width, height = size
    return [
        CHROMIUM,
        # Required by the brief (and by running without a setuid sandbox helper).
        "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
        "--no-default-browser-check", f"--user-data-dir={user_data_dir}",
        # --test-type hides the "unsupported command-line flag: --no-sandbox" bar.
        "--test-type", "--password-store=basic", "--disable-default-apps",
        # WebUIOmniboxAimPopup: the address bar's "AI mode" popup, a web page of its own
        # preloaded in every window (~0.15 s of CPU each) that this build never shows; the
        # address bar and its suggestions look the same without it (screenshots identical).
        "--hide-crash-restore-bubble",
        "--disable-features=Translate,MediaRouter,WebUIOmniboxAimPopup",
        # A screenshot right after a scroll shows where it ends, not a frame of an animation.
        "--disable-smooth-scrolling",
        # A read-only view of the page for trusted host code (see _devtools): a free port on
        # 127.0.0.1, written to DevToolsActivePort in the user-data folder.
        "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
        "--ozone-platform=x11", f"--window-size={width},{height}", "--window-position=0,0",
        "--start-maximized", url,
    ]  # fmt: skip


def kept_chromium_argv(user_data_dir: Path, size: tuple[int, int]) -> list[str]:
    """Chromium as a desktop keeps it (see ``_browser``): no window of its own, alive without
    one; its windows are opened through DevTools, each in a browser context of its own."""
    argv = chromium_argv(user_data_dir, "about:blank", size)
    return [*argv[:-1], "--no-startup-window"]


@dataclass
class App:
    """One running app of a desktop."""

    name: AppName
    proc: Proc
    target: str | None
    workdir: Path  # its private profile / user-data folder
    window: int | None = None
    #: a window of the desktop's kept browser (its context and page); ``proc`` is that
    #: browser's, shared with the other browser windows, and outlives the window
    page: BrowserWindow | None = None
    _closed: bool = field(default=False, repr=False)

    @property
    def running(self) -> bool:
        return self.proc.running

    @property
    def is_office(self) -> bool:
        return self.name in OFFICE_APPS


def office_lock_files(host_home: Path, max_entries: int = 20000) -> list[Path]:
    """``.~lock.<name>#`` files under the home (symlinks never followed)."""
    found: list[Path] = []
    seen = 0
    for root, dirs, files in os.walk(host_home, followlinks=False):
        for name in files:
            if name.startswith(".~lock.") and name.endswith("#"):
                found.append(Path(root, name))
        seen += len(dirs) + len(files)
        if seen > max_entries:
            break
    return found


def remove_lock_for(host_doc: Path) -> None:
    with contextlib.suppress(OSError):
        (host_doc.parent / f".~lock.{host_doc.name}#").unlink()
