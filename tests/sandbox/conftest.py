"""Fixtures for the real sandbox: real bwrap, real setpriv, real overlayfs (root only)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from cuagym.sandbox import Limits, Sandbox
from tests.sandbox.helpers import jail_processes, state_root_mounts

if os.geteuid() != 0:  # the jail drops from root to uid 1000; nothing here can run otherwise
    pytest.skip("the sandbox needs root", allow_module_level=True)
if shutil.which("bwrap") is None:
    pytest.fail("bubblewrap is not installed (apt-get install bubblewrap)", pytrace=False)


@pytest.fixture
def state_root() -> Iterator[Path]:
    """A private state root per test, checked empty and unmounted afterwards.

    Not under pytest's tmp_path: that is mode 700, and the jail's uid must traverse the root.
    """
    root = Path(tempfile.mkdtemp(prefix="cuagym-test-root-"))
    root.chmod(0o755)
    try:
        yield root
        assert not state_root_mounts(root), "a sandbox mount leaked into the host"
        assert list(root.iterdir()) == [], "a sandbox left files in its state root"
    finally:
        root.rmdir()


@pytest.fixture
async def box(state_root: Path) -> AsyncIterator[Sandbox]:
    sandbox = Sandbox(state_root=state_root, limits=Limits(cpu_s=10))
    await sandbox.start()
    try:
        yield sandbox
    finally:
        pid = sandbox.supervisor_pid
        await sandbox.close()
        assert pid is not None and not jail_processes(supervisor=pid)
