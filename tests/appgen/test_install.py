"""``cuagym appgen install``: an editable install by entry point, written without network, that
a new interpreter finds (``load_apps``) and the hub serves; RECORD lists every file it wrote."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cuagym.appgen import install_app
from cuagym.appgen._build_models import BuildRecord, BuildSettings, RoundRecord
from cuagym.appgen._install import verify_install
from cuagym.cli import app as cli
from tests.appgen.doubles import KNOWN_APP, KNOWN_PLAN

SERVE = Path(__file__).with_name("serve_installed.py")


def _built(tmp_path: Path, status: str = "clean") -> Path:
    ws = tmp_path / "ws"
    shutil.copytree(KNOWN_APP, ws / "app")
    shutil.copyfile(KNOWN_PLAN, ws / "plan.json")
    rounds = [RoundRecord(round=1, status="clean" if status == "clean" else "findings")]
    record = BuildRecord(
        app_id="recipe-box",
        settings=BuildSettings(backend="command", command="x", rounds=1),
        status=status,  # type: ignore[arg-type]
        rounds=rounds,
    )
    (ws / "appgen.json").write_text(record.model_dump_json())
    return ws


def test_install_writes_a_recorded_editable_install_a_new_interpreter_finds(tmp_path: Path) -> None:
    ws = _built(tmp_path)
    installed = install_app(ws, tmp_path / "site")
    verify_install(installed)
    dist_info = installed.dist_info
    assert dist_info.name == "cuagym_mock_recipe_box-0.1.0.dist-info"
    assert (dist_info / "entry_points.txt").read_text() == (
        "[cuagym.apps]\nrecipe-box = recipe_box:app\n"
    )
    assert installed.pth.read_text().strip() == str((ws / "app/src").resolve())
    rows = [r.split(",") for r in (dist_info / "RECORD").read_text().splitlines()]
    listed = {rel for rel, _h, _s in rows}
    on_disk = {p.relative_to(installed.site).as_posix() for p in installed.site.rglob("*")}
    assert listed == {p for p in on_disk if not (installed.site / p).is_dir()}
    for rel, digest, size in rows:
        if digest:
            data = (installed.site / rel).read_bytes()
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={want}", len(data))
    # a new process with the site folder and the project's import root on PYTHONPATH (a
    # PYTHONPATH folder's .pth files are not read) finds the app, and the hub serves it
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            [str(installed.site), str(ws / "app/src"), os.environ.get("PYTHONPATH", "")]
        ),
    }
    done = subprocess.run([sys.executable, str(SERVE)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['recipes.flatbread.favorite']"
    again = install_app(ws, tmp_path / "site")  # a reinstall replaces, never duplicates
    assert sorted(p.name for p in again.site.iterdir()) == sorted(
        [again.dist_info.name, again.pth.name]
    )


def test_a_broken_entry_point_fails_the_verification(tmp_path: Path) -> None:
    ws = _built(tmp_path)
    pyproject = ws / "app/pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace("recipe_box:app", "recipe_box:nothing"))
    installed = install_app(ws, tmp_path / "site")
    try:
        verify_install(installed)
    except RuntimeError as exc:
        assert "does not find recipe-box" in str(exc)
    else:
        raise AssertionError("verify_install passed a broken entry point")


def test_install_command_refuses_an_unclean_build_and_installs_a_clean_one(tmp_path: Path) -> None:
    dirty = _built(tmp_path / "dirty", status="needs_review")
    refused = CliRunner().invoke(
        cli, ["appgen", "install", str(dirty), "--target", str(tmp_path / "s1")]
    )
    assert (
        refused.exit_code == 1
        and "recipe-box is needs_review (round 1 is findings)" in refused.output
    )
    assert not (tmp_path / "s1").exists()
    clean = _built(tmp_path / "clean")
    done = CliRunner().invoke(
        cli, ["appgen", "install", str(clean), "--target", str(tmp_path / "s2")]
    )
    assert done.exit_code == 0, done.output
    assert (
        "installed recipe-box into" in done.output and "a new interpreter finds it" in done.output
    )


def test_pip_uninstall_removes_every_file_it_wrote(tmp_path: Path) -> None:
    """pip uninstalls only inside its environment: a fresh venv that sees this one's packages
    (pip, cuagym) through a .pth, the app installed into the fresh venv's site-packages."""
    import venv

    ws = _built(tmp_path)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=True).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    here = [p for p in sys.path if p.endswith("site-packages")]
    (Path(purelib) / "parent.pth").write_text("\n".join([*here, str(Path.cwd() / "src")]) + "\n")
    installed = install_app(ws, Path(purelib))
    find = [
        str(python),
        "-c",
        "from cuagym.apps import load_apps; print('recipe-box' in load_apps())",
    ]
    assert subprocess.run(find, capture_output=True, text=True).stdout.strip() == "True"
    done = subprocess.run(
        [str(python), "-m", "pip", "uninstall", "-y", "cuagym-mock-recipe-box"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert not installed.dist_info.exists() and not installed.pth.exists()
    assert subprocess.run(find, capture_output=True, text=True).stdout.strip() == "False"
