"""The jail every app of a desktop runs in: the environment's own, as its scripts have.

An agent drives the apps only through the screen, but an app may hand it a shell (the file
manager's "open terminal", an office macro, the window manager's terminal key). So each app
runs under bubblewrap, started *as* the environment's uid (``setpriv`` first: bwrap started
as root can be escaped), with (DESIGN §4, "What an agent can reach"):

* its own user, PID, IPC, UTS and cgroup namespaces (nothing of the host's or another
  environment's processes is visible or signallable; ``/proc`` is the jail's own), and no
  network at all unless the app needs one (the browser shares the host's, to reach the hub);
* its own mount view: a read-only system (/usr, the /lib dirs, a short list of /etc pieces
  with generated accounts), the environment's overlay home at /home/user, a ``/tmp`` and
  ``/dev/shm`` of the desktop's own (emptied at every restore), the desktop's per-app folder
  (XDG folders, profiles, the Xauthority) and the display's socket: nothing else of the host
  (no /root, no project source, no /run/cuagym of other environments, no other runtime folder);
* the app's reaper (``_reaper.py``) as the jail's PID 1: when it dies the kernel kills every
  process of the jail, and it dies with the orchestrator (``--die-with-parent`` on bwrap, a
  SIGKILL parent-death signal on the reaper), so a killed orchestrator leaves no app behind.

Pure argv building here; ``JailLauncher`` in ``_proc`` runs it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cuagym.sandbox import INNER_HOME
from cuagym.sandbox._jail import ETC_PIECES, HOSTNAME, system_dir_args

#: /etc pieces the apps read besides the scripts' (toolkits, fonts, the apps' own config).
#: Nothing with accounts, keys, host names, proxies or package-manager credentials.
APP_ETC_PIECES = (
    *ETC_PIECES, "X11", "gtk-2.0", "gtk-3.0", "dconf", "libreoffice", "chromium", "chromium.d",
    "matchbox", "openbox", "bash.bashrc", "inputrc", "terminfo", "shells", "magic",
    "magic.mime", "locale.alias", "services", "protocols", "xml", "sgml", "papersize",
    "mailcap", "os-release", "gimp",
)  # fmt: skip
#: generated at the sandbox's state root (``sandbox._jail.etc_files``): the jail's accounts
GENERATED_ETC = ("passwd", "group", "hosts", "hostname", "nsswitch.conf")
X11_DIR = "/tmp/.X11-unix"


@dataclass(frozen=True)
class AppJail:
    """Where one environment's apps live, as paths of the mount namespace bwrap starts in
    (the sandbox supervisor's, entered with ``nsenter``; ``mount_ns`` names it).

    ``home_mount``: a folder whose mount is shared and holds the home at ``user`` (the
    supervisor's /home): bound as the jail's /home, so a restore's new home shows in apps
    that outlive it. ``None``: ``home`` itself is bound at /home/user (a restore then is not
    seen by running apps). ``tmp``/``shm``: the desktop's /tmp and /dev/shm; ``etc``: the
    folder with the generated account files; ``inner_uid``: the apps' uid as seen inside.
    """

    uid: int
    gid: int
    mount_ns: str | None
    home: str
    home_mount: str | None
    tmp: str
    shm: str
    etc: str
    inner_uid: int = 1000
    inner_gid: int = 1000


def app_bwrap_args(
    jail: AppJail,
    *,
    runtime: Path,
    display_number: int | None,
    network: bool,
    binds: Sequence[tuple[str, str, bool]] = (),
    info_fd: int | None = None,
) -> list[str]:
    """bwrap's options for one app (the command follows ``--``).

    ``runtime``: the desktop's per-app folder (XDG folders, profiles, Xauthority), bound at
    the same path, read-write. ``binds``: extra (path, path inside, read-only) mounts.
    """
    args = [
        "--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
        "--unshare-cgroup-try", "--disable-userns", "--die-with-parent", "--as-pid-1",
        "--new-session", "--uid", str(jail.inner_uid), "--gid", str(jail.inner_gid),
        "--hostname", HOSTNAME, "--ro-bind", "/usr", "/usr",
    ]  # fmt: skip
    if not network:
        args.append("--unshare-net")
    if info_fd is not None:
        args += ["--info-fd", str(info_fd)]
    args += system_dir_args()
    args += ["--dir", "/etc"]
    for piece in APP_ETC_PIECES:
        args += ["--ro-bind-try", f"/etc/{piece}", f"/etc/{piece}"]
    for name in GENERATED_ETC:
        args += ["--ro-bind", f"{jail.etc}/{name}", f"/etc/{name}"]
    args += [
        "--proc", "/proc", "--dev", "/dev",
        "--bind", jail.shm, "/dev/shm",
        "--bind", jail.tmp, "/tmp",
        "--dir", "/var", "--symlink", "../tmp", "/var/tmp",
        # Fontconfig's system cache: without it every app start rebuilds one (seconds).
        "--ro-bind-try", "/var/cache/fontconfig", "/var/cache/fontconfig",
        "--dir", "/run",
    ]  # fmt: skip
    if jail.home_mount is not None:
        args += ["--bind", jail.home_mount, os.path.dirname(INNER_HOME)]
    else:
        args += ["--bind", jail.home, INNER_HOME]
    args += ["--bind", str(runtime), str(runtime)]
    if display_number is not None:
        sock = f"{X11_DIR}/X{display_number}"
        args += ["--ro-bind", sock, sock]
    for host_path, inner_path, readonly in binds:
        args += ["--ro-bind" if readonly else "--bind", host_path, inner_path]
    # The jail's / and /dev are bwrap's own tmpfs: read-only, so that no byte escapes the
    # folders above (/dev/shm is bound, so stays writable).
    args += ["--remount-ro", "/dev", "--remount-ro", "/"]
    return args


def setpriv_argv(uid: int, gid: int) -> list[str]:
    """Drop to ``uid`` before bwrap: no capability, no privilege gain by a setuid binary."""
    return [
        "/usr/bin/setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups",
        "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--",
    ]  # fmt: skip
