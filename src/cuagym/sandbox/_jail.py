"""The jail's policy: what bwrap is told, as which uid, under which limits.

Everything here is pure (argv in, argv out) so it can be read and tested apart from the
mechanics in ``_supervisor.py``. Why each piece:

* ``setpriv`` drops to the sandbox uid *before* bwrap runs: bwrap started as root keeps
  capabilities over the host and its sandbox can be escaped even with every namespace
  unshared. It also empties the bounding and inheritable sets and sets no_new_privs, so no
  setuid binary can raise privileges.
* ``prlimit`` sets CPU, address-space, file-size and descriptor limits on the whole tree; the
  process limit is set *inside* (see ``_boot.py``): set outside, it would cap the host uid's
  total, shared by every sandbox of that uid. Outside, the inherited (large) limit stays: it
  becomes the cap on the host uid's total across sandboxes (raising it needs
  CAP_SYS_RESOURCE, which containers often lack).
* bwrap: every namespace unshared (user, pid, net, ipc, uts, cgroup), nested user namespaces
  disabled, a read-only root built from /usr and a few /etc files, a fresh /proc and /dev,
  private /tmp and /dev/shm on the environment's capped tmpfs, the home, the scripts read-only
  at /opt/task, the image read-only at /opt/cuagym/venv. bwrap itself starts with an empty
  environment (it is PID 1 inside; its /proc/1/environ is readable there).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from cuagym.sandbox._models import HubLink, LimitName, Limits
from cuagym.sandbox._relay import TOKEN_PLACEHOLDER

INNER_HOME = "/home/user"
INNER_TASK = "/opt/task"
INNER_VENV = "/opt/cuagym/venv"
INNER_BOOT = "/opt/cuagym/boot.py"
INNER_INITIAL_HOME = "/opt/cuagym/initial/home"
INNER_HUB_SOCK = "/run/cuagym/hub.sock"
SYSTEM_PYTHON = "/usr/bin/python3"
HOSTNAME = "cuagym"
TIMEOUT_EXIT = 124

# Host /etc files the jail may read: the dynamic loader, Python's own config, time zone, MIME
# types, fonts (for rendering libraries). Nothing with accounts, keys or host names.
ETC_PIECES = (
    "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime", "timezone",
    "mime.types", "fonts", "ssl", "ca-certificates", "python3", "python3.11", "xdg",
)  # fmt: skip
ROOT_DIRS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")


def system_dir_args() -> list[str]:
    """bwrap's options for the system folders beside /usr: read-only binds, or the symlinks
    a merged-/usr system has in their place (shared by the scripts' and the apps' jails)."""
    args: list[str] = []
    for name in ROOT_DIRS:
        host = Path("/", name)
        if host.is_symlink():
            args += ["--symlink", os.readlink(host), f"/{name}"]
        elif host.is_dir():
            args += ["--ro-bind", str(host), f"/{name}"]
    return args


def etc_files(inner_uid: int, inner_gid: int) -> dict[str, str]:
    """Generated /etc files: the jail's only accounts are root, user and nobody."""
    return {
        "etc/passwd": (
            "root:x:0:0:root:/root:/usr/sbin/nologin\n"
            f"user:x:{inner_uid}:{inner_gid}:user:{INNER_HOME}:/bin/bash\n"
            "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
        ),
        "etc/group": f"root:x:0:\nuser:x:{inner_gid}:\nnogroup:x:65534:\n",
        "etc/hosts": f"127.0.0.1\tlocalhost {HOSTNAME}\n::1\tlocalhost\n",
        "etc/hostname": f"{HOSTNAME}\n",
        "etc/nsswitch.conf": "passwd: files\ngroup: files\nshadow: files\nhosts: files\n",
    }


def prefix_argv(uid: int, gid: int, limits: Limits) -> list[str]:
    """prlimit and setpriv, ending with ``bwrap`` (its arguments come from a pipe)."""
    fsize = limits.file_size_mb << 20
    return [
        "/usr/bin/prlimit",
        f"--cpu={limits.cpu_s}:{limits.cpu_s + 1}",
        f"--as={limits.memory_mb << 20}",
        f"--fsize={fsize}",
        f"--nofile={limits.open_files}",
        "--core=0",
        "--",
        "/usr/bin/setpriv",
        f"--reuid={uid}",
        f"--regid={gid}",
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
        "/usr/bin/bwrap",
    ]


def inner_env(
    extra: Mapping[str, str], hub: HubLink | None, sid: str | None, use_image: bool
) -> dict[str, str]:
    path = "/usr/local/bin:/usr/bin:/bin"
    env = {
        "PATH": f"{INNER_VENV}/bin:{path}" if use_image else path,
        "HOME": INNER_HOME,
        "USER": "user",
        "LOGNAME": "user",
        "SHELL": "/bin/bash",
        "LANG": "C.UTF-8",
        "TMPDIR": "/tmp",
        "PYTHONDONTWRITEBYTECODE": "1",
        # Numeric libraries start one thread per host core otherwise; threads count as processes.
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }
    if hub is not None:
        _host, port, prefix = hub.target()
        env["CUAGYM_HUB"] = f"http://127.0.0.1:{port}{prefix}"
        # No secret: the relay outside the jail authorizes this environment's own session
        # and ignores what a script sends (DESIGN.md §2 still lists the variable).
        env["CUAGYM_HUB_TOKEN"] = TOKEN_PLACEHOLDER
    if sid is not None:
        env["CUAGYM_SID"] = sid
    env.update(extra)
    return env


def bwrap_args(
    *,
    state_root: str,
    run_dir: str,
    image_venv: Path | None,
    inner_uid: int,
    inner_gid: int,
    env: Mapping[str, str],
    command: Sequence[str],
    limits: Limits,
    hub: HubLink | None,
    readonly_home: bool,
    interactive: bool = False,
    binds: Sequence[tuple[str, str, bool]] = (),
    home_source: str | None = None,
    start_wrapper: bool = True,
) -> list[str]:
    """bwrap's options and command. ``home_source``: the host folder bound at /home/user
    (default: the environment's live home); ``start_wrapper=False``: the command itself lowers
    RLIMIT_NPROC and starts the hub relay (the warm runner) instead of boot.py / prlimit."""
    root = state_root.rstrip("/")
    run = f"{root}/{run_dir}"
    args = [
        "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
        "--uid", str(inner_uid), "--gid", str(inner_gid), "--hostname", HOSTNAME,
        "--ro-bind", "/usr", "/usr",
    ]  # fmt: skip
    if not interactive:
        args.append("--new-session")  # no controlling terminal to push keystrokes into
    args += system_dir_args()
    args += ["--dir", "/etc"]
    for piece in ETC_PIECES:
        args += ["--ro-bind-try", f"/etc/{piece}", f"/etc/{piece}"]
    for rel in etc_files(inner_uid, inner_gid):
        args += ["--ro-bind", f"{root}/{rel}", f"/{rel}"]
    args += [
        "--proc", "/proc", "--dev", "/dev",
        "--bind", f"{run}/shm", "/dev/shm",
        "--bind", f"{run}/tmp", "/tmp",
        "--dir", "/var", "--symlink", "../tmp", "/var/tmp",
        "--ro-bind" if readonly_home else "--bind", home_source or f"{root}/m", INNER_HOME,
        "--ro-bind", f"{run}/task", INNER_TASK,
    ]  # fmt: skip
    if image_venv is not None:
        args += ["--ro-bind", str(image_venv), INNER_VENV]
    for host_path, inner_path, readonly in binds:  # e.g. the GUI layer's X socket
        args += ["--ro-bind" if readonly else "--bind", host_path, inner_path]
    if hub is not None:
        args += ["--ro-bind", f"{root}/lib/boot.py", INNER_BOOT]
        args += ["--ro-bind", f"{root}/hub.sock", INNER_HUB_SOCK]
    # bwrap's / and /dev are tmpfs without a size limit: read-only, so that no byte a script
    # writes escapes the environment's capped tmpfs (/dev/shm is bound there, so stays writable).
    args += ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", INNER_HOME, "--clearenv"]
    for key, value in env.items():
        args += ["--setenv", key, value]
    args.append("--")
    nproc = str(limits.processes)
    if not start_wrapper:
        return [*args, *command]
    if hub is not None:
        _host, port, _prefix = hub.target()
        args += [SYSTEM_PYTHON, "-I", "-S", INNER_BOOT, nproc, str(port), INNER_HUB_SOCK, "--"]
    else:
        args += ["/usr/bin/prlimit", f"--nproc={nproc}:{nproc}", "--"]
    return [*args, *command]


# -- which limit stopped a run ---------------------------------------------------------------
_SIGXCPU, _SIGXFSZ, _SIGKILL = 24, 25, 9
_PATTERNS: tuple[tuple[LimitName, tuple[str, ...]], ...] = (
    ("memory", ("MemoryError", "Cannot allocate memory", "std::bad_alloc", "out of memory")),
    (
        "processes",
        (
            "can't start new thread",
            "fork: retry",
            "fork: Resource temporarily unavailable",
            "BlockingIOError: [Errno 11]",
        ),
    ),
    ("file_size", ("File too large", "[Errno 27]")),
    ("disk", ("No space left on device", "[Errno 28]", "Disk quota exceeded")),
)


def detect_limit(exit_code: int, timed_out: bool, stderr: str, truncated: bool) -> LimitName | None:
    """Name the limit a run hit, from its status and the tail of its stderr."""
    if timed_out:
        return "timeout"
    if exit_code in (128 + _SIGXCPU, -_SIGXCPU):
        return "cpu"
    if exit_code in (128 + _SIGXFSZ, -_SIGXFSZ):
        return "file_size"
    if exit_code != 0:
        tail = stderr[-8192:]
        for name, needles in _PATTERNS:
            if any(needle in tail for needle in needles):
                return name
    return "output" if truncated else None


LIMIT_HELP: dict[LimitName, str] = {
    "timeout": "the wall-clock timeout ({timeout:g} s) expired; every process was killed",
    "cpu": "the CPU-time limit ({cpu_s} s per process) was reached",
    "memory": "the memory limit ({memory_mb} MiB of address space per process, or"
    " {total_memory_mb} MiB for the environment) was reached",
    "processes": "the process limit ({processes} processes and threads) was reached",
    "file_size": "the file-size limit ({file_size_mb} MiB per file) was reached",
    "disk": "the environment's disk quota ({disk_mb} MiB) is full",
    "output": "output beyond {output_kb} KiB per stream was dropped",
}


def limit_note(limit: LimitName, limits: Limits, timeout: float | None) -> str:
    text = LIMIT_HELP[limit].format(timeout=timeout or 0.0, **limits.model_dump())
    return f"[cuagym sandbox] limit hit: {limit}: {text}\n"
