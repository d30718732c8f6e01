"""The env image: built, current, and usable by the jail's uid (and only through the jail)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from cuagym.sandbox import Sandbox
from cuagym.sandbox._image import check_image, image_dir, is_current, spec_hash


def test_image_is_built_current_and_usable_by_uid_1000() -> None:
    root = image_dir()
    assert is_current(root), (
        f"the env image at {root} is missing or stale (want {spec_hash()}): "
        "run `.venv/bin/python -m cuagym.sandbox.image build`"
    )
    check_image(root, 1000)


async def test_task_libraries_import_in_the_jail(box: Sandbox) -> None:
    result = await box.run_python(
        "import openpyxl, docx, pptx, pymupdf, requests, PIL, lxml, bs4, odf\n"
        "import sys; print(sys.prefix)"
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "/opt/cuagym/venv"


async def test_extra_binds(state_root: Path) -> None:
    shared = Path(tempfile.mkdtemp(prefix="cuagym-test-bind-"))
    try:
        shared.chmod(0o755)
        (shared / "socket-stand-in").write_text("display")
        async with Sandbox(state_root=state_root, binds=[(shared, "/tmp/.X11-unix", True)]) as box:
            result = await box.run(
                ["/bin/sh", "-c", "cat /tmp/.X11-unix/socket-stand-in; touch /tmp/.X11-unix/x"]
            )
        assert result.stdout == "display" and "Read-only" in result.stderr
    finally:
        (shared / "socket-stand-in").unlink()
        shared.rmdir()
