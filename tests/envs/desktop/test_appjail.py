"""What an app's jail is told (argv only; the GUI attack tests exercise it for real)."""

from __future__ import annotations

from pathlib import Path

from cuagym.envs._desktop._appjail import AppJail, app_bwrap_args

JAIL = AppJail(
    uid=20000, gid=20000, mount_ns="/proc/1/ns/mnt", home="/home/user", home_mount="/home",
    tmp="/run/cuagym/d/tmp", shm="/run/cuagym/d/shm", etc="/run/cuagym/etc",
)  # fmt: skip


def _pairs(args: list[str], flag: str) -> list[tuple[str, str]]:
    return [(args[i + 1], args[i + 2]) for i, a in enumerate(args) if a == flag]


def test_an_offline_app_gets_every_namespace_and_dies_with_its_parent() -> None:
    args = app_bwrap_args(JAIL, runtime=Path("/run/x/user"), display_number=7, network=False)
    flags = ("--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-net",
             "--die-with-parent", "--as-pid-1", "--disable-userns", "--new-session")  # fmt: skip
    for flag in flags:
        assert flag in args, flag
    binds = _pairs(args, "--bind")
    assert ("/home", "/home") in binds  # the supervisor's shared /home: restores show
    assert ("/run/cuagym/d/tmp", "/tmp") in binds and ("/run/cuagym/d/shm", "/dev/shm") in binds
    assert ("/run/x/user", "/run/x/user") in binds
    ro = _pairs(args, "--ro-bind")
    assert ("/tmp/.X11-unix/X7", "/tmp/.X11-unix/X7") in ro  # its own display only
    assert ("/run/cuagym/etc/passwd", "/etc/passwd") in ro
    sources = {src for src, _ in [*binds, *ro, *_pairs(args, "--ro-bind-try")]}
    for host in ("/", "/root", "/work", "/run", "/run/cuagym", "/tmp", "/etc", "/proc"):
        assert host not in sources, host  # nothing else of the host
    assert not any(
        s.startswith(("/etc/ssh", "/etc/shadow", "/etc/pip", "/etc/npm")) for s in sources
    )
    assert args[-4:] == ["--remount-ro", "/dev", "--remount-ro", "/"]


def test_the_browser_shares_the_network_and_a_home_without_a_shared_mount_is_bound() -> None:
    jail = AppJail(**{**JAIL.__dict__, "home": "/run/cuagym/m", "home_mount": None})
    args = app_bwrap_args(jail, runtime=Path("/r"), display_number=None, network=True)
    assert "--unshare-net" not in args and "--unshare-pid" in args
    assert ("/run/cuagym/m", "/home/user") in _pairs(args, "--bind")
    assert not any(a.startswith("/tmp/.X11-unix/") for a in args)
