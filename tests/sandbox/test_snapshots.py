"""Copy-on-write homes: restores give back exactly the snapshot; the base is never modified."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from cuagym.sandbox import Sandbox
from tests.sandbox.helpers import tree_manifest

EDITS = """
import os, shutil
open("docs/a.txt", "w").write("changed")          # edit a base file (copy-up)
os.remove("docs/b.txt")                           # delete a base file (whiteout)
shutil.rmtree("data")                             # delete a base folder (opaque dir)
os.mkdir("new")
open("new/c.bin", "wb").write(os.urandom(4096))   # new files
os.rename("docs/keep.txt", "docs/moved.txt")      # rename
os.chmod("docs/mode.txt", 0o600)                  # metadata only
os.symlink("docs/a.txt", "link")
os.rename("tree/sub", "moved-sub")                # rename a base folder (redirect, no EXDEV)
"""


def _make_base(root: Path, owner: int | None) -> Path:
    base = root / "base"
    (base / "docs").mkdir(parents=True)
    (base / "data" / "deep").mkdir(parents=True)
    (base / "docs" / "a.txt").write_text("alpha")
    (base / "docs" / "b.txt").write_text("beta")
    (base / "docs" / "keep.txt").write_text("keep")
    (base / "docs" / "mode.txt").write_text("mode")
    (base / "data" / "deep" / "x.csv").write_text("1,2\n")
    (base / "tree" / "sub" / "inner").mkdir(parents=True)
    (base / "tree" / "sub" / "inner" / "y.txt").write_text("why")
    if owner is not None:
        for dirpath, dirnames, filenames in os.walk(base):
            for name in (*dirnames, *filenames):
                os.lchown(Path(dirpath, name), owner, owner)
        os.chown(base, owner, owner)
    return base


@pytest.mark.parametrize("owner", [1000, None], ids=["base-owned-by-uid", "base-imported"])
async def test_restore_gives_back_the_snapshot_exactly(
    tmp_path: Path, state_root: Path, owner: int | None
) -> None:
    base = _make_base(tmp_path, owner)
    base_before = tree_manifest(base)
    base_mtimes = {p: p.stat().st_mtime_ns for p in base.rglob("*")}
    async with Sandbox(base=base, state_root=state_root) as box:
        initial = tree_manifest(box.home)
        assert initial == base_before

        result = await box.run_python(EDITS)
        assert result.exit_code == 0, result.stderr
        edited = tree_manifest(box.home)
        assert edited != initial and "docs/b.txt" not in edited and "link" in edited
        assert "moved-sub/inner/y.txt" in edited and "tree/sub" not in edited

        snap = await box.snapshot("edited")
        assert tree_manifest(box.home) == edited  # freezing changes nothing visible

        more = await box.run_python(
            "import os, shutil\nshutil.rmtree('new')\nopen('docs/a.txt','w').write('again')\n"
            "os.mkdir('data')\nopen('data/z', 'w').write('z')"
        )
        assert more.exit_code == 0, more.stderr
        assert tree_manifest(box.home) != edited

        started = time.perf_counter()
        await box.restore(snap)
        assert time.perf_counter() - started < 0.5
        assert tree_manifest(box.home) == edited

        await box.restore("initial")
        assert tree_manifest(box.home) == initial
        await box.restore(snap)  # snapshots survive restoring to an older one
        assert tree_manifest(box.home) == edited

        # The jail sees what the host sees.
        seen = await box.run_python("import os; print(sorted(os.listdir('docs')))")
        assert seen.stdout.strip() == "['a.txt', 'mode.txt', 'moved.txt']"
    assert tree_manifest(base) == base_before
    assert {p: p.stat().st_mtime_ns for p in base.rglob("*")} == base_mtimes


async def test_snapshot_chain_and_default_restore(state_root: Path) -> None:
    async with Sandbox(state_root=state_root) as box:
        states = []
        for i in range(6):
            await box.run_python(f"open('step', 'w').write('{i}')\nopen('f{i}', 'w').write('x')")
            await box.snapshot(f"s{i}")
            states.append(tree_manifest(box.home))
        await box.run_python("import os\nfor f in os.listdir('.'): os.remove(f)")
        assert tree_manifest(box.home) == {}
        await box.restore()  # the latest snapshot
        assert tree_manifest(box.home) == states[-1]
        for i in (2, 0, 5, 3):
            await box.restore(f"s{i}")
            assert tree_manifest(box.home) == states[i]
            assert (box.home / "step").read_text() == str(i)
        # An unchanged home snapshots for free and restores all the same.
        await box.snapshot("same")
        await box.restore("same")
        assert tree_manifest(box.home) == states[3]


async def test_unknown_snapshot(box: Sandbox) -> None:
    from cuagym.sandbox import SandboxError

    with pytest.raises(SandboxError, match="no snapshot"):
        await box.restore("nope")
    assert (await box.run_python("print('still fine')")).stdout == "still fine\n"


async def test_readonly_home(box: Sandbox) -> None:
    await box.run_python("open('kept', 'w').write('1')")
    result = await box.run_python(
        "print(open('kept').read())\nopen('new', 'w').write('x')", readonly_home=True
    )
    assert result.stdout == "1\n" and "Read-only file system" in result.stderr
    assert not (box.home / "new").exists()


async def test_imported_base_does_not_eat_the_quota(tmp_path: Path, state_root: Path) -> None:
    from cuagym.sandbox import Limits

    base = tmp_path / "big-base"
    base.mkdir()
    (base / "blob").write_bytes(os.urandom(20 << 20))  # root-owned: imported, 20 MB
    async with Sandbox(base=base, state_root=state_root, limits=Limits(disk_mb=16)) as box:
        result = await box.run_python("open('more', 'wb').write(b'x' * (8 << 20))")
        assert result.exit_code == 0, result.stderr
        assert (box.home / "blob").stat().st_size == 20 << 20
        assert (box.home / "blob").stat().st_uid == 1000
    assert (base / "blob").stat().st_uid == 0
