"""Run the CLI as on a machine with only ``make demo``'s install (used by test_extras.py).

``python demo_install.py BLOCKED.json CASES.json`` hides every module named in BLOCKED.json (a
meta-path finder that raises ModuleNotFoundError for them and their submodules, as if their
distributions were never installed), then:

1. imports every ``cuagym.cli`` command module,
2. runs ``--help`` for every command and subcommand of the ``cuagym`` app,
3. runs each case of CASES.json (an argv list) through ``cuagym.cli.main`` as the ``cuagym``
   command would, capturing its exit code and stderr,

and prints one JSON object with what happened.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.util
import io
import json
import pkgutil
import sys
import traceback
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any


class BlockModules(importlib.abc.MetaPathFinder):
    """Find nothing for ``blocked`` top-level modules: they are not installed."""

    def __init__(self, blocked: set[str]) -> None:
        self.blocked = blocked

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name.split(".", 1)[0] in self.blocked:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


def hide_from_find_spec(blocked: set[str]) -> None:
    """``importlib.util.find_spec`` answers None for a hidden module, as for one never
    installed (commands probe extras with it before importing them)."""
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> ModuleSpec | None:
        if name.split(".", 1)[0] in blocked:
            return None
        return real(name, package)

    importlib.util.find_spec = find_spec


def _import_commands() -> dict[str, str]:
    import cuagym.cli

    failures: dict[str, str] = {}
    for info in pkgutil.iter_modules(cuagym.cli.__path__, "cuagym.cli."):
        if info.name.endswith("__main__"):
            continue  # running it is running the command
        try:
            importlib.import_module(info.name)
        except Exception:
            failures[info.name] = traceback.format_exc(limit=-3)
    return failures


def _command_paths(command: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = [prefix]
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        paths.extend(_command_paths(sub, (*prefix, name)))
    return paths


def _run_main(argv: list[str]) -> dict[str, Any]:
    from cuagym.cli import main

    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["cuagym", *argv]
    code: Any = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main()
        except SystemExit as exc:
            code = exc.code
        except BaseException:
            code = "raised"
            err.write(traceback.format_exc())
    if code is None:
        code = 0
    return {"argv": argv, "code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def main() -> None:
    blocked = set(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")))
    cases = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
    sys.meta_path.insert(0, BlockModules(blocked))
    hide_from_find_spec(blocked)
    report: dict[str, Any] = {"import_failures": _import_commands(), "help": [], "cases": []}
    if not report["import_failures"]:
        import typer.main

        from cuagym.cli import app

        for path in _command_paths(typer.main.get_command(app)):
            result = _run_main([*path, "--help"])
            report["help"].append({**result, "path": list(path)})
        report["cases"] = [_run_main(argv) for argv in cases]
    report["leaked"] = sorted(m for m in sys.modules if m.split(".", 1)[0] in blocked)
    sys.stdout.write(json.dumps(report))


if __name__ == "__main__":
    main()
