"""Assemble a reward.py from the shared frame, inlined libraries and a domain's checks.

Every reward has the same shape, whatever its domain::

    <header: a docstring or comment naming the task>
    <imports the domain's read code needs>
    <the frame (``_frame.py`` below its marker): clean, describe, report>
    <inlined libraries: the shared guards a domain uses, the domain's own helpers>
    <constants: P = the task's params, ...>

    def main():
        checks = []  # (name, points, passed, detail); 0 points = a guard that must hold
        <read: open the state (files, the hub's /go); any exception scores 0>
        <body: flat checks appended to ``checks``>
        return checks


    <RUN_MAIN: call main; an exception becomes a failed ``evaluate`` check; report()>

Libraries are real modules (linted, type-checked, tested on the host) whose text below their
marker line is pasted verbatim; :func:`inlined` reads it.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from types import ModuleType

from cuagym.core._pyparse import parse_python

__all__ = ["INLINE_MARKER", "RUN_MAIN", "doc_line", "inlined", "inlined_file", "reward_script"]

INLINE_MARKER = "# -- inlined into reward.py --\n"

#: The script's last lines: the never-raise wrapper around ``main``. Kept as plain statements
#: (not a helper taking ``main``) so the scanner sees the checks flow from ``main`` into the
#: REWARD line; the literal ``False`` keeps the handler from ever looking like an award.
RUN_MAIN = """
try:
    CHECKS = main()
except (Exception, SystemExit) as exc:  # a state too broken to read or inspect scores nothing
    CHECKS = [("evaluate", 1, False, describe(exc))]
report(CHECKS)
"""


CHECKS_COMMENT = "(name, points, passed, detail); 0 points = a guard that must hold"


def inlined(module: ModuleType | str | Path) -> str:
    """The text of ``module`` (or of a source file) below its inline marker, ending in one
    newline. Raises ValueError when the marker is missing: pasting a whole module (its
    docstring, ``from __future__``) into a script would break it.

    Imports from ``cuagym`` are host-side wiring between inlined modules (``_hub`` uses
    ``_globs``'s functions, which the script gets from the text inlined before it): they are
    dropped."""
    if isinstance(module, ModuleType):
        if module.__file__ is None:
            raise ValueError(f"module {module.__name__} has no source file")
        path = Path(module.__file__)
    else:
        path = Path(module)
    text = path.read_text(encoding="utf-8")
    at = text.find(INLINE_MARKER)
    if at < 0:
        raise ValueError(f"{path} has no line {INLINE_MARKER.strip()!r} to inline from")
    return _drop_own_imports(text[at + len(INLINE_MARKER) :]).strip("\n") + "\n"


def inlined_file(package: str, filename: str) -> str:
    """:func:`inlined` for a source file of ``package`` read as text, not imported (an app's
    reward library may import what the environment image has and the host does not)."""
    return inlined(Path(str(resources.files(package).joinpath(filename))))


def _drop_own_imports(code: str) -> str:
    lines = code.splitlines(keepends=True)
    drop: set[int] = set()
    for node in parse_python(code).body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "cuagym":
            drop.update(range(node.lineno - 1, (node.end_lineno or node.lineno)))
    return "".join(line for i, line in enumerate(lines) if i not in drop)


def _frame_text() -> str:
    from cuagym.scripts import _frame

    return inlined(_frame)


def _header(header: str) -> str:
    if header.startswith(("#", '"""')):
        return header.rstrip("\n") + "\n"
    raise ValueError("header must be a comment or a docstring")


def doc_line(text: str) -> str:
    """``text`` made safe inside a triple-quoted docstring: one line, no quotes run, no
    backslashes (an instruction is user text)."""
    return " ".join(text.split()).replace('"""', "'''").replace("\\", "/")


def reward_script(
    *,
    header: str,
    imports: str,
    libraries: Sequence[str] = (),
    constants: str = "",
    read: str = "",
    body: str,
) -> str:
    """The reward.py text: see the module docstring for the layout.

    ``imports``: import lines (what the read block and libraries need beyond the frame's own).
    ``libraries``: inlined source texts, in order. ``constants``: module-level assignments
    (``P = ...``). ``read`` and ``body``: statements of ``main`` (any indentation; dedented and
    re-indented here); ``body`` appends to ``checks``.
    """
    parts = [_header(header), textwrap.dedent(imports).strip("\n") + "\n", "\n", _frame_text()]
    for lib in libraries:
        parts += ["\n\n", textwrap.dedent(lib).strip("\n") + "\n"]
    if constants.strip():
        parts += ["\n\n", textwrap.dedent(constants).strip("\n") + "\n"]
    main = [f"    checks = []  # {CHECKS_COMMENT}\n"]
    for block in (read, body):
        code = textwrap.dedent(block).strip("\n")
        if code:
            main.append(textwrap.indent(code, "    ") + "\n")
    main.append("    return checks\n")
    parts += ["\n\ndef main():\n", *main, "\n", RUN_MAIN]
    return "".join(parts)
