"""Every command works with only ``make demo``'s install, and a command that needs another extra
says which, in one line, with exit code 2 (DESIGN.md §14).

The test venv has every extra, so the demo's install is simulated: a subprocess hides every
module that only the other extras bring (worked out from the installed distributions' metadata:
what the full install needs minus what cuagym's base dependencies and the demo's extras need),
then imports every command module and runs ``--help`` for every command and subcommand.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement

from cuagym._extras import EXTRA_OF_MODULE, MissingExtra, extra_for_missing, needs_extra

REPO = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("demo_install.py")
BUNDLES = REPO / "tests" / "synth" / "bundles" / "final"
WEB_BUNDLE = BUNDLES / "team-chat--react-to-message--2"


#: What every fresh venv holds whatever it installs.
_VENV_OWN = frozenset({"pip", "setuptools"})


def _makefile_extras(variable: str) -> list[str]:
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    found = re.search(rf"^{variable} := (.+)$", text, re.MULTILINE)
    assert found, f"the Makefile defines no {variable}"
    return found.group(1).strip().split(",")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(roots: list[tuple[str, frozenset[str]]]) -> set[str]:
    """Names of the installed distributions ``roots`` (name, extras) need, transitively."""
    seen: set[tuple[str, frozenset[str]]] = set()
    names: set[str] = set()
    todo = list(roots)
    while todo:
        name, extras = todo.pop()
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement of another platform or Python
        names.add(_norm(name))
        for line in dist.requires or []:
            req = Requirement(line)
            wanted = {""} | set(extras)
            if req.marker and not any(req.marker.evaluate({"extra": e}) for e in wanted):
                continue
            todo.append((req.name, frozenset(req.extras)))
    return names


def blocked_modules() -> list[str]:
    """Top-level modules installed only for the extras ``make demo`` does not install."""
    demo = _closure([("cuagym", frozenset(_makefile_extras("DEMO_EXTRAS")))])
    full = _closure([("cuagym", frozenset(_makefile_extras("ALL_EXTRAS")))])
    only_full = full - demo - _VENV_OWN
    blocked = {
        module
        for module, dists in metadata.packages_distributions().items()
        if all(_norm(d) in only_full for d in dists)
    }
    return sorted(blocked)


def run_demo_install(
    tmp_path: Path, cases: list[list[str]], hide_also: tuple[str, ...] = ()
) -> dict[str, Any]:
    blocked, cases_file = tmp_path / "blocked.json", tmp_path / "cases.json"
    blocked.write_text(json.dumps([*blocked_modules(), *hide_also]), encoding="utf-8")
    cases_file.write_text(json.dumps(cases), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(DRIVER), str(blocked), str(cases_file)],
        capture_output=True, text=True, timeout=240, cwd=tmp_path,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin", "COLUMNS": "120",
             "HOME": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_the_simulated_demo_install_lacks_the_other_extras_and_keeps_the_demos() -> None:
    blocked = set(blocked_modules())
    # What the other extras bring is hidden ...
    assert {"httpx2", "openai", "anthropic", "ray", "torch", "verl", "datasets"} <= blocked
    assert {"pyarrow", "gymnasium", "playwright", "requests", "transformers"} <= blocked
    # ... what the demo installs is not (numpy comes with matplotlib, Pillow with office).
    assert not {"numpy", "PIL", "openpyxl", "redis", "matplotlib", "mss", "typer"} & blocked


@pytest.mark.slow
def test_every_command_runs_with_only_the_demo_install(tmp_path: Path) -> None:
    url = "http://127.0.0.1:9/v1"  # never reached: the extra is checked first
    cases = [
        ("llm", ["synth", "--backend", "llm", "--model", "openai:m", "--base-url", url,
                 "--n", "1", "--out", str(tmp_path / "synth")]),
        ("llm", ["rollout", str(WEB_BUNDLE), "--policy", "openai:m", "--base-url", url,
                 "--out", str(tmp_path / "runs")]),
        ("llm", ["rollout", str(WEB_BUNDLE), "--policy", "anthropic:m",
                 "--out", str(tmp_path / "runs")]),
        ("data", ["export", "hf", str(BUNDLES), "--out", str(tmp_path / "hf")]),
        ("data", ["export", "verl", str(BUNDLES), "--out", str(tmp_path / "verl")]),
        ("ray", ["verify", "--executor", "ray", str(WEB_BUNDLE)]),
        ("dedup", ["taskgen", "--domains", "all", "--n", "5", "--out", str(tmp_path / "t.json")]),
        ("train", ["train", "--model", str(tmp_path / "model"), "--data", str(tmp_path),
                   "--dry-run"]),
    ]  # fmt: skip
    report = run_demo_install(tmp_path, [argv for _, argv in cases])
    assert report["import_failures"] == {}
    paths = [tuple(h["path"]) for h in report["help"]]
    # Every command and subcommand, the root included, was asked for its help.
    assert {(), ("synth",), ("doctor",), ("export", "hf"), ("filter", "teacher")} <= set(paths)
    assert len(paths) >= 25
    for h in report["help"]:
        assert h["code"] == 0, (h["path"], h["stderr"][-2000:])
        assert "Usage" in h["stdout"], h["path"]
    for (extra, argv), case in zip(cases, report["cases"], strict=True):
        lines = case["stderr"].strip().splitlines()
        assert case["code"] == 2, (argv, case["stderr"][-2000:])
        assert len(lines) == 1, case["stderr"][-2000:]
        assert f"needs the {extra} extra" in lines[0]
        assert f"pip install 'cuagym[{extra}]'" in lines[0]
        assert "Traceback" not in case["stderr"] + case["stdout"]
    # Nothing an extra brings was imported on the way (a hidden module stays hidden).
    assert report["leaked"] == []


@pytest.mark.slow
def test_a_rollout_without_the_screen_says_to_install_the_gui_extra(tmp_path: Path) -> None:
    # pip install 'cuagym[office]' alone: a rollout (even the oracle's) watches a screen.
    argv = ["rollout", str(WEB_BUNDLE), "--policy", "oracle", "--out", str(tmp_path / "runs")]
    report = run_demo_install(tmp_path, [argv], hide_also=("mss",))
    (case,) = report["cases"]
    assert case["code"] == 2, case
    assert case["stderr"] == (
        "error: this command needs the gui extra (mss is not installed): "
        "pip install 'cuagym[gui]'\n"
    )
    assert not (tmp_path / "runs").exists()  # refused before any environment started


def test_a_missing_module_in_a_needs_extra_block_names_the_extra() -> None:
    with pytest.raises(MissingExtra) as caught, needs_extra("llm"):
        import cuagym_no_such_sdk  # type: ignore[import-not-found]  # noqa: F401
    assert str(caught.value) == (
        "this command needs the llm extra (cuagym_no_such_sdk is not installed): "
        "pip install 'cuagym[llm]'"
    )


def test_torch_extras_say_to_install_the_cpu_build_first() -> None:
    message = str(MissingExtra("train", "torch"))
    assert "pip install torch==" in message and "then pip install 'cuagym[train]'" in message


def test_only_modules_of_an_extra_become_a_missing_extra() -> None:
    assert str(extra_for_missing(ModuleNotFoundError("x", name="verl.trainer"))).startswith(
        "this command needs the train extra (verl is not installed)"
    )
    # A module no extra provides is a bug of cuagym's, not a missing install: it stays raised.
    assert extra_for_missing(ModuleNotFoundError("x", name="cuagym.nothing")) is None
    assert extra_for_missing(ValueError("x")) is None
    with pytest.raises(ModuleNotFoundError), needs_extra("llm"):
        import cuagym.no_such_module  # type: ignore[import-not-found]  # noqa: F401
    assert set(EXTRA_OF_MODULE.values()) <= set(_makefile_extras("ALL_EXTRAS"))


def test_the_extras_tables_match_pyproject_and_the_makefile() -> None:
    import tomllib

    from cuagym._extras import MODULES_OF_EXTRA

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extras = set(pyproject["project"]["optional-dependencies"])
    assert set(MODULES_OF_EXTRA) == extras == set(_makefile_extras("ALL_EXTRAS"))
    assert set(_makefile_extras("DEMO_EXTRAS")) < extras
    for module, extra in EXTRA_OF_MODULE.items():
        if extra in MODULES_OF_EXTRA and module in sum(MODULES_OF_EXTRA.values(), ()):
            assert module in MODULES_OF_EXTRA[extra], (module, extra)
