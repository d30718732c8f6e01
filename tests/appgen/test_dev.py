"""The Dev backends' edges: the llm tools stay inside the project (docs read-only, no '..', no
links), and a jail's project comes back without its links, special files or caches."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cuagym.appgen import load_plan
from cuagym.appgen._dev import DevSession, SyncError, copy_tree_back
from cuagym.appgen._dev_llm import _Workspace
from cuagym.llm import ToolError
from tests.appgen.doubles import known_plan


@pytest.fixture
def ws(tmp_path: Path) -> _Workspace:
    project = tmp_path / "app"
    project.mkdir()
    (tmp_path / "secret.txt").write_text("outside")
    (project / "out").symlink_to(tmp_path)
    session = DevSession(1, project, load_plan(known_plan()), {"TODO.md": "- [ ] x"}, list)
    return _Workspace(session)


async def test_the_llm_tools_stay_inside_the_project(ws: _Workspace) -> None:
    assert await ws.write_file({"path": "src/a.py", "content": "X = 1\n"}) == (
        "wrote src/a.py (6 characters)"
    )
    assert await ws.read_file({"path": "src/a.py"}) == "X = 1\n"
    assert await ws.read_file({"path": "docs/TODO.md"}) == "- [ ] x"
    assert (await ws.list_files({})).splitlines() == ["docs/TODO.md", "src/a.py"]
    for bad, why in [
        ({"path": "../secret.txt"}, "without '..'"),
        ({"path": "/etc/passwd"}, "without '..'"),
        ({"path": "out/secret.txt"}, "links are not followed"),
        ({"path": "docs/TODO.md"}, "docs/ is read-only"),
    ]:
        with pytest.raises(ToolError, match=why):
            await ws.write_file({**bad, "content": "x"})
    with pytest.raises(ToolError, match=r"no document docs/AUDIT\.md"):
        await ws.read_file({"path": "docs/AUDIT.md"})
    assert await ws.check({}) == "clean: no static finding"


def test_the_project_comes_back_without_links_fifos_or_caches(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "src/pkg/__pycache__").mkdir(parents=True)
    (home / "src/pkg/a.py").write_text("A = 1\n")
    (home / "src/pkg/__pycache__/a.cpython-311.pyc").write_bytes(b"\0")
    (home / "src/pkg/escape").symlink_to("/etc/passwd")
    os.mkfifo(home / "pipe")
    skipped = copy_tree_back(home, tmp_path / "back")
    files = sorted(
        p.relative_to(tmp_path / "back").as_posix() for p in (tmp_path / "back").rglob("*")
    )
    assert files == ["src", "src/pkg", "src/pkg/a.py"]
    assert sorted(skipped) == ["pipe", "src/pkg/escape"]


def test_a_project_too_large_to_bring_back_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "home").mkdir()
    (tmp_path / "home/big.bin").write_bytes(b"\0" * 2048)
    monkeypatch.setattr("cuagym.appgen._dev.MAX_FILE_BYTES", 1024)
    with pytest.raises(SyncError, match=r"big\.bin"):
        copy_tree_back(tmp_path / "home", tmp_path / "back")
