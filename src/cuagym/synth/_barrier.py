"""The information barrier's filesystem half: one jail per role per round, holding only its
workspace.

A role runs in a :class:`~cuagym.sandbox.Sandbox` (bubblewrap, uid 1000, every namespace
unshared) whose ``/home/user`` is a copy-on-write overlay over a workspace folder the
orchestrator fills with exactly what the access matrix allows:

* Generator: ``task_config.json``, ``SKILL.md``, and from round 2 the last ``REVIEW.md``;
* Discriminator: ``task_config.json``, ``SKILL.md``.

Nothing else of the host is visible: the jail's root is read-only system folders, its /tmp and
/proc are private, and its only network is a relay to the orchestrator's role API (the
sandbox's hub link, pointed at that API instead of the hub, with the role's session token).
Each workspace lives in its own folder under the batch's private work root, which is never
bound into any jail, so neither role can reach the other's folder, the environments' homes,
the output folder or the host's /tmp.

So that ``python -m cuagym.synth.roles`` works in the jail, the installed package and its
dependencies are bound read-only at ``/opt/cuagym/py/<n>`` (code, not secrets: the families
are the same for every task; what the barrier hides is the other role's *output*). Outputs come
back through :func:`read_output`, which reads the overlay as root without following links and
with a size cap: a role can plant anything in its workspace.

With ``reuse`` (the procedural backend), a role's jail outlives its turn: each role keeps its
own pool of started jails (a Generator's jail never serves a Discriminator's turn, nor the
reverse), a turn gets one whose home was restored to empty and then filled with exactly its
workspace (the same files, owner and modes), and after the turn the home is restored again. A
turn's ``python -m`` run is forked from the jail's warm runner (``Sandbox(warm_scripts=True)``)
with ``warm_modules`` (cuagym's role module and families) imported once; no process, file,
``/tmp`` or module state of a turn outlives it (``cuagym.sandbox._warm_jail``). A jail whose
turn failed or whose restore failed is closed, never reused.
"""

from __future__ import annotations

import contextlib
import os
import site
import stat
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path

import cuagym
from cuagym.sandbox import Limits, Sandbox, SandboxError

__all__ = [
    "INNER_PY",
    "MAX_OUTPUT_BYTES",
    "BarrierError",
    "RoleJails",
    "package_binds",
    "read_output",
    "write_workspace",
]

INNER_PY = "/opt/cuagym/py"
MAX_OUTPUT_BYTES = 1 << 20
ROLE_UID = 1000


class BarrierError(RuntimeError):
    """The role jails cannot be set up as the barrier requires (a setup problem, not a role's)."""


def _reachable_by_other(path: Path) -> bool:
    # bwrap runs as the jail's uid: every folder down to a bound path must be o+x.
    for folder in (path, *path.parents):
        try:
            if not folder.stat().st_mode & stat.S_IXOTH:
                return False
        except OSError:
            return False
    return True


def package_binds() -> tuple[list[tuple[Path, str, bool]], str]:
    """Read-only binds that make ``import cuagym`` work in a jail, and the PYTHONPATH for them.

    The package root (``src/`` of an editable install, else site-packages) and the running
    interpreter's site-packages, in sys.path order.
    """
    roots: list[Path] = [Path(cuagym.__file__).resolve().parent.parent]
    roots += [Path(p).resolve() for p in site.getsitepackages()]
    seen: list[Path] = []
    for root in roots:
        if root.is_dir() and root not in seen:
            seen.append(root)
    binds: list[tuple[Path, str, bool]] = []
    for i, root in enumerate(seen):
        if not _reachable_by_other(root):
            raise BarrierError(
                f"{root} is not readable by the jail's uid {ROLE_UID} (every folder above it "
                "needs mode o+x): install cuagym where a non-root user can read it"
            )
        binds.append((root, f"{INNER_PY}/{i}", True))
    return binds, ":".join(inner for _host, inner, _ro in binds)


def check_outside(work_root: Path, binds: list[tuple[Path, str, bool]]) -> None:
    """Refuse a work root inside a bound folder: a role would see the other's workspace."""
    work = work_root.resolve()
    for host, _inner, _ro in binds:
        if work == host or host in work.parents:
            raise BarrierError(
                f"the synthesis work folder {work} lies inside {host}, which every role jail "
                "can read: choose an output folder outside the installed package"
            )


class RoleJails:
    """Makes role jails: a Sandbox over a workspace, linked only to the role API."""

    def __init__(
        self,
        *,
        api_url: str,
        limits: Limits | None = None,
        image: Path | None = None,
        use_image: bool = True,
        with_package: bool = True,
        state_root: Path | None = None,
        reuse: bool = False,
        warm_modules: Sequence[str] = (),
    ) -> None:
        self.api_url = api_url
        self.reuse = reuse
        self.warm_modules = tuple(warm_modules)
        self._idle: dict[str, list[Sandbox]] = {}  # reused jails by role, homes restored
        self.limits = limits or Limits(cpu_s=600, memory_mb=4096)
        self.image = image
        self.use_image = use_image
        self.state_root = state_root
        self.binds, self.pythonpath = package_binds() if with_package else ([], "")
        if with_package and sys.version_info[:2] != (3, 11):
            # The bound site-packages hold compiled extensions for this interpreter; the jail
            # runs Debian's python3 (3.11). A mismatch would fail on import, late and obscurely.
            raise BarrierError(
                f"the role jails run Python 3.11 but cuagym runs on {sys.version.split()[0]}"
            )

    @contextlib.asynccontextmanager
    async def open(
        self, workspace: Path, token: str, role: str | None = None
    ) -> AsyncIterator[Sandbox]:
        """A jail whose home holds exactly ``workspace``'s files: a new one, or with ``reuse``
        (and a ``role``) one of that role's pool."""
        if self.reuse and role is not None:
            async with self._reused(workspace, role) as box:
                yield box
            return
        from cuagym.envs import HubLink  # the role API speaks through the hub relay

        box = Sandbox(
            base=workspace,
            limits=self.limits,
            # The role API authorizes by the role's own token: its requests pass as they are.
            hub=HubLink(url=self.api_url, token=token, relay="passthrough"),
            image=self.image,
            use_image=self.use_image,
            state_root=self.state_root,
            binds=self.binds,
        )
        try:
            await box.start()
        except SandboxError as exc:
            raise BarrierError(f"cannot start a role jail: {exc}") from None
        try:
            yield box
        finally:
            await box.close()

    @contextlib.asynccontextmanager
    async def _reused(self, workspace: Path, role: str) -> AsyncIterator[Sandbox]:
        idle = self._idle.setdefault(role, [])
        box = idle.pop() if idle else None
        if box is not None and not box.alive:
            await box.close()
            box = None
        if box is not None:
            try:
                fill_home(box.home, workspace)
            except (OSError, BarrierError, SandboxError):  # its supervisor died while idle
                await box.close()
                box = None
        healthy = False
        try:
            if box is None:
                box = await self._start_reusable()
                fill_home(box.home, workspace)
            yield box
            await box.restore("initial")  # nothing of this turn is left for the next
            healthy = True
        finally:
            if box is not None and healthy and box.alive:
                idle.append(box)
            elif box is not None:
                await box.close()

    async def _start_reusable(self) -> Sandbox:
        from cuagym.envs import HubLink

        box = Sandbox(
            limits=self.limits,
            # Passthrough: each turn's requests carry that turn's own token (its environment).
            hub=HubLink(url=self.api_url, relay="passthrough"),
            image=self.image,
            use_image=self.use_image,
            state_root=self.state_root,
            binds=self.binds,
            warm_scripts=True,
            warm_modules=self.warm_modules,
        )
        try:
            await box.start()
        except SandboxError as exc:
            raise BarrierError(f"cannot start a role jail: {exc}") from None
        return box

    async def close(self) -> None:
        """Close every reused jail (a batch's end)."""
        boxes = [box for idle in self._idle.values() for box in idle]
        self._idle.clear()
        for box in boxes:
            await box.close()

    def role_env(self, base: Mapping[str, str]) -> dict[str, str]:
        env = dict(base)
        if self.pythonpath:
            env["PYTHONPATH"] = self.pythonpath
        # The sandbox names the relay CUAGYM_HUB; for a role it is the role API, not the hub.
        env["CUAGYM_HUB"] = ""
        env["CUAGYM_HUB_TOKEN"] = ""
        return env


def write_workspace(folder: Path, files: Mapping[str, str]) -> None:
    """Create a role's workspace folder holding exactly ``files`` (owned by the jail's uid,
    so the overlay uses it in place instead of importing a copy)."""
    folder.mkdir(mode=0o755, parents=True)
    for name, text in files.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        os.chown(path, ROLE_UID, ROLE_UID)
    os.chown(folder, ROLE_UID, ROLE_UID)


def fill_home(home: Path, workspace: Path) -> None:
    """Copy ``workspace``'s files (written by :func:`write_workspace`) into a reused jail's
    freshly restored, empty home, as root: same names, modes and owner, no link followed."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    dfd = os.open(home, flags)
    try:
        # What a new jail's home holds besides the workspace: the sandbox's .cuagym/sid.
        if set(os.listdir(dfd)) - {".cuagym"}:
            raise BarrierError("a reused role jail's home is not empty")
        for entry in sorted(os.listdir(workspace)):
            src = workspace / entry
            st = src.lstat()
            if not stat.S_ISREG(st.st_mode):
                raise BarrierError(f"workspace entry {entry!r} is not a regular file")
            fd = os.open(
                entry, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=dfd
            )
            with os.fdopen(fd, "wb") as fh:
                fh.write(src.read_bytes())
                os.fchown(fh.fileno(), st.st_uid, st.st_gid)
                os.fchmod(fh.fileno(), stat.S_IMODE(st.st_mode))
    finally:
        os.close(dfd)


def read_output(home: Path, name: str) -> tuple[str | None, str]:
    """Read ``name`` from a role's workspace as root: (text, "") or (None, why not)."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        dfd = os.open(home, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as exc:
        return None, f"workspace unreadable: {exc.strerror}"
    try:
        fd = os.open(name, flags, dir_fd=dfd)
    except FileNotFoundError:
        return None, f"{name} missing"
    except OSError as exc:
        return None, f"{name} unreadable: {exc.strerror}"
    finally:
        os.close(dfd)
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            return None, f"{name} is not a regular file"
        data = fh.read(MAX_OUTPUT_BYTES + 1)
    if len(data) > MAX_OUTPUT_BYTES:
        return None, f"{name} is larger than {MAX_OUTPUT_BYTES >> 20} MiB"
    try:
        return data.decode("utf-8"), ""
    except UnicodeDecodeError:
        return None, f"{name} is not UTF-8 text"
