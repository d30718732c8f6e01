"""Per-environment supervisor: a root process in a private mount namespace.

Run as ``python3 -I -S _supervisor.py CONTROL_FD`` (standard library only: it is started as a
file, not imported from the package, so it starts in a few milliseconds and needs no venv).
One supervisor holds one environment, the analogue of the paper's VM:

* its own mount namespace, made private at once, so nothing it mounts is ever seen by the host;
  when the last process in it dies (the supervisor and the sandboxes it started), the kernel
  unmounts everything: a killed environment leaves no mount behind;
* a tmpfs at the state root holding every byte the environment owns (overlay upper and frozen
  layers, per-run /tmp, scripts, generated /etc files): gone with the namespace, so a killed
  environment leaves no temp folder behind either, and its size caps what scripts can write;
* ``/home/user`` as overlayfs over a read-only base; a snapshot freezes the current upper into
  a new lower layer, a restore mounts a fresh upper over a snapshot's stack: both are a couple
  of mount calls, never a copy; a *view* of a snapshot is a read-only overlay of its stack
  alone (no upper), which runs can bind read-only (a reward's initial home);
* the hub relay's host side: a Unix socket the jail sees; each request is checked and
  authorized for this environment's session only (``_relay.py``, loaded from beside this file),
  so the hub's token never enters the environment;
* the jailed runs: bwrap started by the caller's argv, timed out, output captured (capped);
* the reward's own view of the home: the environment's apps and scripts run as one uid, its
  reward as another (so that nothing of the agent can touch the reward's processes), yet the
  reward must read every file, also those the agent made private (``chmod 600``). So a
  reward run binds a read-only overlay of *idmapped* clones of the home's layers, where the
  apps' uid shows as the reward's: it reads what the owner may read, and the home itself is
  not touched (no chmod, no copy). Mounted afresh for each reward run: a fraction of a ms.

Commands come as JSON lines on CONTROL_FD (a socketpair with the orchestrator) and are handled
one at a time; end of file on it means the orchestrator is gone: the supervisor kills its runs
and exits, which tears the namespace down.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import importlib.util
import json
import os
import shutil
import signal
import socket
import stat
import sys
import time
from typing import Any

CLONE_NEWNS = 0x00020000
MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_REMOUNT = 0x20
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 0x40000
MS_SHARED = 0x100000
MNT_DETACH = 0x2
CLONE_NEWUSER = 0x10000000
# New mount API (x86_64 and aarch64 share these numbers), for the reward's idmapped view.
SYS_OPEN_TREE, SYS_MOVE_MOUNT, SYS_MOUNT_SETATTR = 428, 429, 442
OPEN_TREE_CLONE, OPEN_TREE_CLOEXEC = 0x1, 0o2000000
AT_FDCWD, AT_EMPTY_PATH = -100, 0x1000
MOUNT_ATTR_RDONLY, MOUNT_ATTR_IDMAP = 0x1, 0x100000
MOVE_MOUNT_F_EMPTY_PATH = 0x4
PR_SET_CHILD_SUBREAPER = 36
RELAY_MAX_CONNECTIONS = 64
# Where the home also appears in this namespace, for the desktop apps that enter it: a file
# manager's path bar, a terminal's pwd and a save dialog then show the path the task speaks of.
HOME_VIEW = "/home/user"
#: The warm runners' slots: what a runner's jail binds, what each run mounts there; one folder
#: per kind of runner (``_warm.WARM_DIRS``): the reward's and the environment's own scripts'.
WARM_DIRS = {"reward": "wr", "script": "ws"}
WARM_SLOTS = ("home", "tmp", "shm", "task", *(f"v{i}" for i in range(4)))
WARM_MAX_FAILURES = 2

_libc = ctypes.CDLL(None, use_errno=True)


def _load_relay() -> Any:
    return _load_sibling("_relay")


def _load_sibling(name: str) -> Any:
    # Started as a file with -I: the package is not importable, its sibling is loaded by path.
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"cuagym_supervisor{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def _check(ret: int, what: str) -> None:
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def mount(source: str, target: str, fstype: str | None, flags: int, data: str | None) -> None:
    _check(
        _libc.mount(
            source.encode(),
            target.encode(),
            fstype.encode() if fstype else None,
            ctypes.c_ulong(flags),
            data.encode() if data else None,
        ),
        f"mount {fstype or ''} on {target}",
    )


def umount(target: str) -> None:
    if _libc.umount2(target.encode(), 0) != 0:
        # Busy only if a sandbox still holds it; detach so the next mount can proceed.
        _check(_libc.umount2(target.encode(), MNT_DETACH), f"umount {target}")


class _MountAttr(ctypes.Structure):
    _fields_ = (
        ("attr_set", ctypes.c_uint64),
        ("attr_clr", ctypes.c_uint64),
        ("propagation", ctypes.c_uint64),
        ("userns_fd", ctypes.c_uint64),
    )


def _sys(ret: int, what: str) -> int:
    if ret < 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")
    return ret


def idmap_userns(uid: int, to_uid: int, gid: int) -> int:
    """A user namespace mapping ``uid`` to ``to_uid`` (and ``gid`` to itself), as an fd:
    what an idmapped mount is given. A child enters a new one; we write its maps and keep a
    handle on the namespace, which outlives the child."""
    ready_r, ready_w = os.pipe()
    hold_r, hold_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        try:
            os.close(ready_r)
            os.close(hold_w)
            ok = _libc.unshare(CLONE_NEWUSER) == 0
            os.write(ready_w, b"1" if ok else b"0")
            os.read(hold_r, 1)
        finally:
            os._exit(0)
    os.close(ready_w)
    os.close(hold_r)
    try:
        if os.read(ready_r, 1) != b"1":
            raise OSError("cannot create a user namespace for the reward's view")
        with open(f"/proc/{pid}/uid_map", "w") as fh:
            fh.write(f"{uid} {to_uid} 1\n")
        with open(f"/proc/{pid}/setgroups", "w") as fh:
            fh.write("deny")
        with open(f"/proc/{pid}/gid_map", "w") as fh:
            fh.write(f"{gid} {gid} 1\n")
        return os.open(f"/proc/{pid}/ns/user", os.O_RDONLY | os.O_CLOEXEC)
    finally:
        os.close(ready_r)
        os.close(hold_w)
        os.waitpid(pid, 0)


def mount_idmapped(source: str, target: str, userns_fd: int) -> None:
    """A read-only clone of the mount at (or the folder) ``source`` at ``target``, its owners
    seen through ``userns_fd``'s mapping."""
    fd = _sys(
        _libc.syscall(
            SYS_OPEN_TREE, AT_FDCWD, source.encode(), OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC
        ),
        f"open_tree {source}",
    )
    try:
        attr = _MountAttr(MOUNT_ATTR_IDMAP | MOUNT_ATTR_RDONLY, 0, 0, userns_fd)
        _sys(
            _libc.syscall(
                SYS_MOUNT_SETATTR, fd, b"", AT_EMPTY_PATH, ctypes.byref(attr), ctypes.sizeof(attr)
            ),
            f"mount_setattr {source}",
        )
        _sys(
            _libc.syscall(
                SYS_MOVE_MOUNT, fd, b"", AT_FDCWD, target.encode(), MOVE_MOUNT_F_EMPTY_PATH
            ),
            f"move_mount {target}",
        )
    finally:
        os.close(fd)


def mount_clone(source: str, target: str, *, readonly: bool) -> None:
    """A clone of the mount at (or the folder) ``source`` at ``target``, read-only if asked.
    Its flags are set before it is attached: into a shared mount it propagates as it is."""
    fd = _sys(
        _libc.syscall(
            SYS_OPEN_TREE, AT_FDCWD, source.encode(), OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC
        ),
        f"open_tree {source}",
    )
    try:
        if readonly:
            attr = _MountAttr(MOUNT_ATTR_RDONLY, 0, 0, 0)
            _sys(
                _libc.syscall(
                    SYS_MOUNT_SETATTR, fd, b"", AT_EMPTY_PATH, ctypes.byref(attr),
                    ctypes.sizeof(attr),
                ),
                f"mount_setattr {source}",
            )  # fmt: skip
        _sys(
            _libc.syscall(
                SYS_MOVE_MOUNT, fd, b"", AT_FDCWD, target.encode(), MOVE_MOUNT_F_EMPTY_PATH
            ),
            f"move_mount {target}",
        )
    finally:
        os.close(fd)


class Supervisor:
    def __init__(self, config: dict[str, Any]) -> None:
        self.root: str = config["root"]
        self.uid: int = int(config["uid"])
        self.gid: int = int(config["gid"])
        self.size: int = int(config["tmpfs_size"])
        self.base_src: str | None = config.get("base")
        self.hub: dict[str, Any] | None = config.get("hub")
        self.files: dict[str, str] = config.get("files", {})
        self.layer_count = 0
        self.run_count = 0
        self.upper_count = 0
        self.stack: list[str] = []  # lower layers, top first (relative to root)
        self.snapshots: dict[str, list[str]] = {}
        self.upper = ""
        self.work = ""
        self.views: dict[tuple[str, ...], str] = {}  # a snapshot's stack -> its mounted view
        self.procs: set[asyncio.subprocess.Process] = set()
        self.relay_server: asyncio.AbstractServer | None = None
        self.relay: Any = None  # the _relay module, loaded when a hub is linked
        self.relay_policy: Any = None
        self.relay_slots = asyncio.Semaphore(RELAY_MAX_CONNECTIONS)
        self.home_view: str | None = None
        # The reward's uid, when it differs from the apps': its views are idmapped.
        reward_uid = config.get("reward_uid")
        self.reward_uid: int | None = int(reward_uid) if reward_uid is not None else None
        self.reward_ns: int | None = None
        self.reward_views: dict[tuple[str, ...], str] = {}
        self.idmap_count = 0
        # The warm runners, by kind (_warm_host.WarmJail), once started; one run at a time each.
        self.warm: dict[str, Any] = {}
        self.warm_locks = {kind: asyncio.Lock() for kind in WARM_DIRS}
        self.warm_host: Any = None  # the _warm_host module
        self.warm_off: dict[str, str] = {}  # why a kind's runs go cold here (set once, kept)
        self.warm_failures = dict.fromkeys(WARM_DIRS, 0)  # runs in a row it could not answer

    # -- setup -------------------------------------------------------------------------------
    def setup(self) -> dict[str, Any]:
        mount("cuagym", self.root, "tmpfs", MS_NOSUID | MS_NODEV, f"size={self.size},mode=0755")
        os.chdir(self.root)  # overlay layer paths are relative: more layers fit in one page
        for name in ("l", "u", "r", "etc", "lib", "m", "trash", "v", "i", "i/probe"):
            os.mkdir(name, 0o755)
        if self.reward_uid is not None and self.reward_uid != self.uid:
            # Now, while this process has one thread (a fork is safe).
            self.reward_ns = idmap_userns(self.uid, self.reward_uid, self.gid)
        for rel, text in self.files.items():
            path = os.path.join(self.root, rel)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.chmod(path, 0o644)
        base = self._prepare_base()
        self._check_idmap(base)
        self.stack = [base]
        self.snapshots["initial"] = list(self.stack)
        self._new_upper()
        self._mount_overlay()
        self._make_home_view()
        self._make_warm_slots()
        return {
            "home": os.path.join(self.root, "m"),
            "pid": os.getpid(),
            "view": self.home_view,
            # The uid reward runs may take: the apps' own where no idmapped view can be made.
            "reward_uid": self.reward_uid if self.reward_ns is not None else self.uid,
        }

    def _check_idmap(self, base: str) -> None:
        """Can the layers be idmapped here (kernel >= 6.3 for tmpfs, a base's filesystem)?
        If not, rewards run as the apps' uid, as before the uid pairs (still in a PID
        namespace of their own)."""
        if self.reward_ns is None:
            return
        try:
            mount_idmapped(base, "i/probe", self.reward_ns)
            umount("i/probe")
        except OSError:
            os.close(self.reward_ns)
            self.reward_ns = None

    def _make_home_view(self) -> None:
        """Bind the home at /home/user over a private tmpfs on /home (best effort).

        Only in this namespace: the host's /home is hidden here, never touched. Skipped when
        the state root itself lives under /home (the tmpfs would hide it).

        The /home tmpfs is a *shared* mount: the desktop's app jails bind it (as slaves), so
        that a restore's new home, bound here at /home/user, appears at once in the jails of
        apps that outlive the restore (the kept browser, the window manager).
        """
        parent = os.path.dirname(HOME_VIEW)
        if os.path.abspath(self.root).startswith(parent + "/") or not os.path.isdir(parent):
            return
        try:
            mount("cuagym-home", parent, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=0755")
            mount("none", parent, None, MS_SHARED, None)
            os.mkdir(HOME_VIEW, 0o755)
        except OSError:
            return
        self.home_view = HOME_VIEW
        self._bind_home_view()

    def _make_warm_slots(self) -> None:
        """``wr/``, ``ws/``: the shared mounts whose folders a warm jail binds (``_warm_host``)."""
        for kind, folder in WARM_DIRS.items():
            try:
                os.mkdir(folder, 0o755)
                for slot in WARM_SLOTS:
                    os.mkdir(f"{folder}/{slot}", 0o755)
                mount(folder, folder, None, MS_BIND, None)
                mount("none", folder, None, MS_SHARED, None)
            except OSError as exc:
                self.warm_off[kind] = f"no shared mount for the warm runner: {exc}"

    def _bind_home_view(self) -> None:
        if self.home_view is not None:
            mount(os.path.join(self.root, "m"), self.home_view, None, MS_BIND, None)

    def _unmount_home(self) -> None:
        if self.home_view is not None:
            umount(self.home_view)
        umount("m")

    def _prepare_base(self) -> str:
        if self.base_src is None:
            os.mkdir("base", 0o755)
            os.chown("base", self.uid, self.gid)
            return "base"
        src = os.path.abspath(self.base_src)
        if _owned_by(src, self.uid):
            return src
        # Copy-up keeps a lower file's owner: files the sandbox uid does not own could not be
        # edited, so a foreign-owned base is imported once, owned by that uid. The import is
        # not the scripts' doing: the tmpfs grows by its size, the quota stays theirs.
        extra = _tree_bytes(src) + (1 << 20)
        mount(
            "cuagym",
            self.root,
            None,
            MS_REMOUNT | MS_NOSUID | MS_NODEV,
            f"size={self.size + extra}",
        )
        os.mkdir("base", 0o755)
        done = _run_quiet(["cp", "-a", "--no-preserve=ownership", f"{src}/.", "base/"])
        if done != 0:
            raise OSError(f"cannot import base {src}")
        for dirpath, dirnames, filenames in os.walk("base"):
            for name in (*dirnames, *filenames):
                os.lchown(os.path.join(dirpath, name), self.uid, self.gid)
        os.chown("base", self.uid, self.gid)
        return "base"

    def _new_upper(self) -> None:
        self.upper_count += 1
        self.upper = f"u/{self.upper_count}"
        self.work = f"u/{self.upper_count}w"
        os.mkdir(self.upper, 0o755)
        os.chown(self.upper, self.uid, self.gid)
        os.mkdir(self.work, 0o700)

    def _mount_overlay(self) -> None:
        lower = ":".join(self.stack)
        # redirect_dir: renaming a directory of a lower layer works (as on a plain disk) instead
        # of failing with EXDEV; the redirect xattrs are trusted.*, which no jailed uid can set.
        opts = f"lowerdir={lower},upperdir={self.upper},workdir={self.work},redirect_dir=on"
        mount("overlay", "m", "overlay", MS_NOSUID | MS_NODEV, opts)

    # -- snapshots ---------------------------------------------------------------------------
    def snapshot(self, name: str) -> dict[str, Any]:
        if os.listdir(self.upper):
            self._unmount_home()
            self.layer_count += 1
            layer = f"l/{self.layer_count}"
            os.rename(self.upper, layer)
            shutil.rmtree(self.work, ignore_errors=True)
            self.stack = [layer, *self.stack]
            self._new_upper()
            self._mount_overlay()
            self._bind_home_view()
        self.snapshots[name] = list(self.stack)
        return {"snapshot": name, "layers": len(self.stack)}

    def restore(self, name: str) -> dict[str, Any]:
        if name not in self.snapshots:
            raise KeyError(f"no snapshot {name!r}")
        self._unmount_home()
        old_upper, old_work = self.upper, self.work
        self.stack = list(self.snapshots[name])
        self._new_upper()
        self._mount_overlay()
        self._bind_home_view()
        # Out of the way first (a rename), deleted after the reply: restore stays O(1).
        for i, path in enumerate((old_upper, old_work)):
            os.rename(path, f"trash/{self.upper_count}-{i}")
        return {"snapshot": name}

    def view(self, name: str) -> dict[str, Any]:
        """A read-only tree showing snapshot ``name``; ``path`` is relative to the root (or
        absolute for a base used in place). Mounted once per stack and kept: layers never
        change once frozen, so a view stays true while the home moves on."""
        if name not in self.snapshots:
            raise KeyError(f"no snapshot {name!r}")
        stack = tuple(self.snapshots[name])
        if len(stack) == 1:  # the base alone: no overlay needed (nor allowed on old kernels)
            return {"path": stack[0]}
        if stack not in self.views:
            target = f"v/{len(self.views) + 1}"
            os.mkdir(target, 0o755)
            # No upperdir: overlayfs mounts the stack read-only; the flag makes it explicit.
            opts = f"lowerdir={':'.join(stack)},redirect_dir=follow"
            mount("overlay", target, "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV, opts)
            self.views[stack] = target
        return {"path": self.views[stack]}

    def _idmapped_stack(self, stack: list[str] | tuple[str, ...], target: str) -> None:
        """Mount at ``target`` a read-only overlay of idmapped clones of ``stack``'s layers
        (top first). Overlayfs keeps private clones of its layers: ours are detached at once."""
        assert self.reward_ns is not None
        if len(stack) == 1:  # one layer: its clone is the view (an overlay needs two)
            mount_idmapped(stack[0], target, self.reward_ns)
            return
        clones = []
        try:
            for layer in stack:
                self.idmap_count += 1
                clone = f"i/{self.idmap_count}"
                os.mkdir(clone, 0o755)
                mount_idmapped(layer, clone, self.reward_ns)
                clones.append(clone)
            opts = f"lowerdir={':'.join(clones)},redirect_dir=follow"
            mount("overlay", target, "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV, opts)
        finally:
            for clone in clones:
                with contextlib.suppress(OSError):
                    _check(_libc.umount2(clone.encode(), MNT_DETACH), f"umount {clone}")
                with contextlib.suppress(OSError):
                    os.rmdir(clone)

    def reward_view(self, name: str) -> dict[str, Any]:
        """Like ``view``, seen as the reward's uid (see the module docstring)."""
        if self.reward_ns is None:
            return self.view(name)
        if name not in self.snapshots:
            raise KeyError(f"no snapshot {name!r}")
        stack = tuple(self.snapshots[name])
        if stack not in self.reward_views:
            target = f"v/r{len(self.reward_views) + 1}"
            os.mkdir(target, 0o755)
            self._idmapped_stack(stack, target)
            self.reward_views[stack] = target
        return {"path": self.reward_views[stack]}

    def _reward_home(self, run_dir: str) -> str:
        """The current home, read-only and seen as the reward's uid, for one run."""
        target = f"{run_dir}/home"
        os.mkdir(target, 0o755)
        self._idmapped_stack([self.upper, *self.stack], target)
        return target

    def empty_trash(self) -> None:
        for name in os.listdir("trash"):
            shutil.rmtree(os.path.join("trash", name), ignore_errors=True)

    # -- runs --------------------------------------------------------------------------------
    async def run(self, req: dict[str, Any]) -> dict[str, Any]:
        self.run_count += 1
        run_dir = f"r/{req.get('run_id') or self.run_count}"
        os.mkdir(run_dir, 0o755)
        for sub, mode in (("tmp", 0o1777), ("shm", 0o1777), ("task", 0o755)):
            os.mkdir(f"{run_dir}/{sub}")
            os.chmod(f"{run_dir}/{sub}", mode)
        for name, text in req.get("files", {}).items():
            path = f"{run_dir}/task/{os.path.basename(name)}"
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.chmod(path, 0o644)
        home = None
        try:
            kind = self._warm_kind(req)
            if kind is not None:
                async with self.warm_locks[kind]:
                    warm = await self._run_warm(req, run_dir, kind)
                if warm is not None:
                    return warm
            if req.get("as_reward") and self.reward_ns is not None:
                # The run binds the home read-only: its idmapped view instead.
                home = self._reward_home(run_dir)
                live = os.path.join(self.root.rstrip("/"), "m")
                args = list(req["bwrap_args"])
                for i in range(len(args) - 2):
                    if args[i] == "--ro-bind" and args[i + 1] == live:
                        args[i + 1] = os.path.join(self.root, home)
                req = {**req, "bwrap_args": args}
            return await self._spawn(req)
        finally:
            if home is not None:
                with contextlib.suppress(OSError):
                    umount(home)
            shutil.rmtree(run_dir, ignore_errors=True)

    def _warm_kind(self, req: dict[str, Any]) -> str | None:
        """Which warm runner takes this run (None: a cold one). A reward run only the reward's
        (its uid and read-only view), any other run only the environment's own scripts'."""
        warm = req.get("warm")
        if not warm or req.get("interactive"):
            return None
        kind = "reward" if req.get("as_reward") else "script"
        if warm.get("kind", "reward") != kind or kind in self.warm_off:
            return None
        return kind

    async def _run_warm(
        self, req: dict[str, Any], run_dir: str, kind: str
    ) -> dict[str, Any] | None:
        """The run in the warm runner of ``kind`` (``_warm_host``), or None: run it cold."""
        if self.warm_host is None:
            self.warm_host = _load_sibling("_warm_host")
        host, warm = self.warm_host, req["warm"]
        cap = int(req.get("output_limit", 1 << 20))
        jail = await self._ensure_warm(req, kind)
        if jail is None:
            return None
        mounted: list[str] = []
        start = time.monotonic()
        try:
            expect = {}
            try:
                for slot, inner, source in warm["mounts"]:
                    target = f"{WARM_DIRS[kind]}/{slot}"
                    self._mount_warm_slot(slot, target, run_dir, source, req)
                    mounted.append(target)
                    st = os.stat(target)
                    expect[inner] = [st.st_dev, st.st_ino]
            except OSError as exc:  # a kernel without what the slots need: stay cold
                self.warm_off[kind] = f"cannot mount a warm run's folders: {exc}"
                await self._stop_warm(kind)
                return None
            request = {
                "argv": warm["argv"], "env": warm["env"], "cwd": warm["cwd"],
                "timeout": req.get("timeout"), "output_limit": cap, "expect": expect,
            }  # fmt: skip
            try:
                reply = await jail.run(request, req.get("timeout"))
            except host.WarmHung:
                await self._stop_warm(kind)
                reply = {
                    "exit_code": -signal.SIGKILL, "timed_out": True, "stdout": "", "stderr": "",
                    "stdout_truncated": False, "stderr_truncated": False,
                }  # fmt: skip
            except host.WarmFailed as exc:
                await self._stop_warm(kind)
                self.warm_failures[kind] += 1
                failures = self.warm_failures[kind]
                if failures >= WARM_MAX_FAILURES:  # it keeps dying: stop paying for it
                    self.warm_off[kind] = f"the warm runner failed {failures} times: {exc}"
                return None
            if "broken" in reply:
                await self._stop_warm(kind)
                if "mount" in str(reply["broken"]):  # propagation does not work here: stay cold
                    self.warm_off[kind] = str(reply["broken"])
                return None
            self.warm_failures[kind] = 0
            if reply.pop("retire", False):
                await self._stop_warm(kind)
        finally:
            for target in reversed(mounted):
                with contextlib.suppress(OSError):
                    umount(target)
        return {**reply, "duration_s": time.monotonic() - start, "output_hung": False,
                "warm": True}  # fmt: skip

    async def _ensure_warm(self, req: dict[str, Any], kind: str) -> Any:
        """The runner of ``kind`` for ``req``'s jail: the one alive with its key, or a new one;
        None if it cannot start here (the kind's runs then go cold)."""
        if self.warm_host is None:
            self.warm_host = _load_sibling("_warm_host")
        host, warm = self.warm_host, req["warm"]
        key = json.dumps([req["prefix"], warm["bwrap_args"]])
        jail = self.warm.get(kind)
        if jail is not None and (jail.key != key or not jail.alive):
            await self._stop_warm(kind)
            jail = None
        if jail is None:
            cap = int(req.get("output_limit", 1 << 20))
            try:
                jail = await host.WarmJail.start(req["prefix"], warm["bwrap_args"], cap, self.procs)
            except (host.WarmFailed, OSError) as exc:
                self.warm_off[kind] = f"the warm runner did not start: {exc}"
                return None
            self.warm[kind] = jail
        return jail

    async def warm_start(self, req: dict[str, Any]) -> dict[str, Any]:
        """Start the runner a later run like ``req`` will use (its bwrap arguments and
        preload), so that its start overlaps other work; runs nothing."""
        kind = self._warm_kind(req)
        if kind is None:
            return {"started": False}
        async with self.warm_locks[kind]:
            jail = await self._ensure_warm(req, kind)
        return {"started": jail is not None}

    def _mount_warm_slot(
        self, slot: str, target: str, run_dir: str, source: str | None, req: dict[str, Any]
    ) -> None:
        if slot == "home":
            if not req.get("as_reward"):  # the live home, as a cold run of the apps' uid binds it
                mount_clone("m", target, readonly=bool(req["warm"].get("readonly_home", True)))
            elif self.reward_ns is not None:  # the reward's idmapped view, as a cold run binds
                self._idmapped_stack([self.upper, *self.stack], target)
            else:
                mount_clone("m", target, readonly=True)
        elif slot in ("tmp", "shm"):
            mount_clone(f"{run_dir}/{slot}", target, readonly=False)
        elif slot == "task":
            mount_clone(f"{run_dir}/task", target, readonly=True)
        elif source is not None:  # a view (snapshot) bound read-only
            mount_clone(source, target, readonly=True)
        else:
            raise ValueError(f"warm slot {slot!r} without a source")

    async def _stop_warm(self, kind: str | None = None) -> None:
        """Stop the warm runner of ``kind`` (default: every one)."""
        for name in [kind] if kind is not None else list(self.warm):
            jail = self.warm.pop(name, None)
            if jail is not None:
                await jail.stop(self.procs)

    async def _spawn(self, req: dict[str, Any]) -> dict[str, Any]:
        prefix: list[str] = req["prefix"]  # prlimit/setpriv: everything before bwrap's own args
        bwrap_args: list[str] = req["bwrap_args"]
        interactive = bool(req.get("interactive"))
        cap = int(req.get("output_limit", 1 << 20))
        timeout = req.get("timeout")
        # bwrap reads its options from a pipe: the host's `ps` then shows no paths or values.
        # Written whole before the spawn (a pipe holds 64 KiB; arguments are a few KiB).
        # The command itself must stay on the command line (bwrap takes only options there).
        cut = bwrap_args.index("--")
        options, command = bwrap_args[:cut], bwrap_args[cut:]
        payload = b"".join(a.encode() + b"\0" for a in options)
        if len(payload) > 60000:
            raise ValueError("bwrap arguments too long")
        rfd, wfd = os.pipe()
        try:
            os.write(wfd, payload)
        finally:
            os.close(wfd)
        start = time.monotonic()
        try:
            proc = await asyncio.create_subprocess_exec(
                *prefix,
                "--args",
                str(rfd),
                *command,
                stdin=None if interactive else asyncio.subprocess.DEVNULL,
                stdout=None if interactive else asyncio.subprocess.PIPE,
                stderr=None if interactive else asyncio.subprocess.PIPE,
                pass_fds=(rfd,),
                env={},  # bwrap is PID 1 inside: its environ must hold nothing of ours
                cwd="/",
                start_new_session=not interactive,
            )
        finally:
            os.close(rfd)
        self.procs.add(proc)
        out = _Capture(cap)
        err = _Capture(cap)
        readers = [
            asyncio.ensure_future(out.drain(proc.stdout)),
            asyncio.ensure_future(err.drain(proc.stderr)),
        ]
        timed_out = False
        try:
            try:
                await asyncio.wait_for(proc.wait(), timeout)
            except TimeoutError:
                timed_out = True
                _kill(proc)
                await proc.wait()
            # The pipes close when the jail's PID namespace is gone; bound the wait anyway.
            _, pending = await asyncio.wait(readers, timeout=5)
            for task in pending:
                task.cancel()
        finally:
            self.procs.discard(proc)
        if timed_out:  # bwrap was killed: its PID 1 inside is ours to reap; do it before replying
            for _ in range(40):
                if not self.reap_orphans(retries=0):
                    break
                await asyncio.sleep(0.005)
        self.reap_orphans()
        return {
            "exit_code": proc.returncode,
            "timed_out": timed_out,
            "duration_s": time.monotonic() - start,
            "stdout": out.text(),
            "stderr": err.text(),
            "stdout_truncated": out.truncated,
            "stderr_truncated": err.truncated,
            "output_hung": bool(pending),
        }

    def reap_orphans(self, retries: int = 20) -> bool:
        """Reap jail processes orphaned to us (we are a subreaper) when bwrap was killed.

        bwrap's outer process can exit a moment before its PID 1 inside has: one still alive
        is looked at again shortly, so no zombie outlives the run by more than a few ticks.
        """
        tracked = {proc.pid for proc in self.procs}
        me = os.getpid()
        alive = False
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) in tracked:
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as fh:
                    fields = fh.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me:
                with contextlib.suppress(ChildProcessError):
                    alive |= os.waitpid(int(entry), os.WNOHANG)[0] == 0
        if alive and retries:
            asyncio.get_running_loop().call_later(0.05, self.reap_orphans, retries - 1)
        return alive

    # -- hub relay ---------------------------------------------------------------------------
    async def start_relay(self) -> None:
        if self.hub is None:
            return
        self.relay = _load_relay()
        self.relay_policy = self.relay.RelayPolicy(
            token=str(self.hub["token"]), sid=str(self.hub["sid"]), prefix=self.hub["prefix"]
        )
        path = os.path.join(self.root, "hub.sock")
        self.relay_server = await asyncio.start_unix_server(
            self._relay, path=path, limit=self.relay.MAX_HEAD
        )
        # Only the scripts' uid and group may connect (a reward may run as another uid of the
        # same group); no other environment's uid. What a connection may ask, the relay decides.
        os.chown(path, self.uid, self.gid)
        os.chmod(path, 0o660)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        assert self.hub is not None
        upstream = (self.hub["host"], self.hub["port"])
        async with self.relay_slots:
            if self.hub.get("relay") == "passthrough":
                await self.relay.pipe_connection(reader, writer, upstream)
            else:
                await self.relay.serve_connection(reader, writer, self.relay_policy, upstream)

    async def close(self) -> None:
        await self._stop_warm()
        for proc in list(self.procs):
            _kill(proc)
        for proc in list(self.procs):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(proc.wait(), 5)
        if self.relay_server is not None:
            self.relay_server.close()


class _Capture:
    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.buf = bytearray()
        self.truncated = False

    async def drain(self, stream: asyncio.StreamReader | None) -> None:
        if stream is None:
            return
        while chunk := await stream.read(65536):
            room = self.cap - len(self.buf)
            if room > 0:
                self.buf += chunk[:room]
            if len(chunk) > room:
                self.truncated = True  # keep reading: a blocked writer would hang the run

    def text(self) -> str:
        return self.buf.decode("utf-8", errors="replace")


def _kill(proc: asyncio.subprocess.Process) -> None:
    # bwrap's own process is the one we started; --die-with-parent makes its PID 1 inside die
    # with it, and the kernel then kills every process of that PID namespace.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        proc.kill()


def _owned_by(top: str, uid: int) -> bool:
    if os.lstat(top).st_uid != uid:
        return False
    for dirpath, dirnames, filenames in os.walk(top):
        for name in (*dirnames, *filenames):
            st = os.lstat(os.path.join(dirpath, name))
            if st.st_uid != uid or stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
                return False
    return True


def _tree_bytes(top: str) -> int:
    total = 0
    for dirpath, dirnames, filenames in os.walk(top):
        for name in (*dirnames, *filenames):
            total += os.lstat(os.path.join(dirpath, name)).st_blocks * 512 + 4096
    return total


def _run_quiet(argv: list[str]) -> int:
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        try:
            devnull = os.open(os.devnull, os.O_RDWR)
            os.dup2(devnull, 1)
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


class Server:
    """The control channel: requests run one at a time, except ``close``, which cuts in, and
    ``warm_start`` (a warm runner's start, under its own lock), which runs beside them."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.sup: Supervisor | None = None
        self.busy = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()

    async def reply(self, msg: dict[str, Any]) -> None:
        self.writer.write(json.dumps(msg).encode() + b"\n")
        with contextlib.suppress(OSError):
            await self.writer.drain()

    async def handle(self, req: dict[str, Any]) -> None:
        rid = req.get("id")
        op = req.get("op")
        if op == "warm_start" and self.sup is not None:
            try:
                result = await self.sup.warm_start(req)
            except Exception as exc:
                await self.reply({"id": rid, "ok": False, "error": f"{type(exc).__name__}: {exc}"})
                return
            await self.reply({"id": rid, "ok": True, **result})
            return
        async with self.busy:
            try:
                result = await self._dispatch(op, req)
            except Exception as exc:
                await self.reply({"id": rid, "ok": False, "error": f"{type(exc).__name__}: {exc}"})
                return
            await self.reply({"id": rid, "ok": True, **result})
            if op == "restore" and self.sup is not None:
                self.sup.empty_trash()

    async def _dispatch(self, op: Any, req: dict[str, Any]) -> dict[str, Any]:
        if op == "init":
            if self.sup is not None:
                raise RuntimeError("already initialised")
            self.sup = Supervisor(req["config"])
            result = self.sup.setup()
            await self.sup.start_relay()
            return result
        if self.sup is None:
            raise RuntimeError("not initialised")
        if op == "snapshot":
            return self.sup.snapshot(str(req["name"]))
        if op == "restore":
            return self.sup.restore(str(req["name"]))
        if op == "view":
            if req.get("as_reward"):
                return self.sup.reward_view(str(req["name"]))
            return self.sup.view(str(req["name"]))
        if op == "run":
            return await self.sup.run(req)
        raise ValueError(f"unknown op {op!r}")

    async def shutdown(self) -> None:
        if self.sup is not None:
            await self.sup.close()  # kills the runs: their handlers then finish promptly
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=10)


async def serve(control_fd: int) -> None:
    sock = socket.socket(fileno=control_fd)
    reader, writer = await asyncio.open_unix_connection(sock=sock, limit=1 << 26)
    server = Server(writer)
    try:
        while line := await reader.readline():
            req = json.loads(line)
            if req.get("op") == "close":
                await server.shutdown()
                await server.reply({"id": req.get("id"), "ok": True})
                return
            task = asyncio.ensure_future(server.handle(req))
            server.tasks.add(task)
            task.add_done_callback(server.tasks.discard)
    finally:
        await server.shutdown()


def main() -> None:
    if os.geteuid() != 0:
        sys.exit("cuagym supervisor: must run as root")
    # Orphans of a killed bwrap come to us, not to the host's init (which may never reap them).
    _check(_libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), "prctl(PR_SET_CHILD_SUBREAPER)")
    # Before the event loop exists (one thread): the namespace is the whole process's.
    _check(_libc.unshare(CLONE_NEWNS), "unshare(CLONE_NEWNS)")
    # Private at once: a mount made here must never propagate back to the host.
    mount("none", "/", None, MS_REC | MS_PRIVATE, None)
    asyncio.run(serve(int(sys.argv[1])))


if __name__ == "__main__":
    main()
