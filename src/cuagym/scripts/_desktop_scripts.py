"""Compose a desktop task's three scripts: one composer per script kind, shared by every
desktop app (calc, files, writer, impress).

``initial_setup.py`` and ``golden_patch.py`` have one shape, whatever the app::

    <header: a one-line docstring (or comment) naming the task and the script>
    <imports>
    <parts, in order, each after its own number of blank lines: the script's constants
     (PATH = ..., FILES = [...]), inlined libraries (content writers, builders, edit helpers)
     and the script's own statements (write the files, replay the operations, save)>

:func:`desktop_script` assembles that; :func:`desktop_reward` is the reward frame
(:func:`cuagym.scripts.reward_script`) with what every desktop reward shares: the header
quoting the instruction, the task's params as ``P`` and the desktop libraries that compare the
home with the initial one (:data:`cuagym.scripts.DESKTOP_LIBRARIES`), first.

Parts longer than a line or two are real code (linted, type-checked), pasted verbatim: a
module's text below the inline marker (:func:`cuagym.scripts.inlined`; a statement module sets
the script's constants it reads, empty, above the marker), or the statements of a function
(:func:`statements_of`: a family's check block, written as the body of a function that is never
called, over the names the reward's read block defines). Only the constants, made from the
task, are generated here.
"""

from __future__ import annotations

import ast
import inspect
import json
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cuagym.core._pyparse import parse_python
from cuagym.scripts import _globs, _home
from cuagym.scripts._compose import doc_line, inlined, reward_script

__all__ = [
    "DESKTOP_LIBRARIES",
    "Part",
    "desktop_reward",
    "desktop_script",
    "json_literal",
    "statements_of",
]

#: What a desktop reward inlines to compare the home (files, office views) with the initial one.
DESKTOP_LIBRARIES: tuple[str, ...] = (inlined(_globs), inlined(_home))


@dataclass(frozen=True)
class Part:
    """A piece of a script: ``code`` (dedented, stripped of blank edges) after ``gap`` blank
    lines; ``gap=0`` continues the part before. An empty part is left out, gap and all."""

    code: str
    gap: int = 1


def json_literal(value: Any) -> str:
    """A Python expression that evaluates to ``value``: readable JSON in a raw string."""
    text = json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True)
    if "'''" in text or text.endswith("\\"):
        return f"json.loads({text!r})"
    return f"json.loads(r'''{text}''')"


def _header(header: str) -> str:
    if header.startswith(("#", '"""')):
        return header.rstrip("\n") + "\n"
    raise ValueError("header must be a comment or a docstring")


def desktop_script(*, header: str, imports: str, parts: Sequence[Part | str]) -> str:
    """An ``initial_setup.py`` or ``golden_patch.py``: ``header``, ``imports``, then each part
    (a plain string is a part after one blank line), ending in one newline."""
    out = [_header(header), textwrap.dedent(imports).strip("\n") + "\n"]
    for part in parts:
        piece = part if isinstance(part, Part) else Part(part)
        code = textwrap.dedent(piece.code).strip("\n")
        if code:
            out += ["\n" * piece.gap, code + "\n"]
    return "".join(out)


def desktop_reward(
    *,
    task_id: str,
    instruction: str,
    params: Mapping[str, Any],
    imports: str,
    libraries: Sequence[str] = (),
    read: str = "",
    body: str,
) -> str:
    """A desktop ``reward.py``: the reward frame with the task named in its docstring, the
    desktop libraries then ``libraries`` (the app's readers, the family's helpers), ``P`` =
    ``params``, the ``read`` block (a state that cannot be read scores 0) and the checks."""
    return reward_script(
        header=f'"""reward.py for {task_id}.\n\nTask: {doc_line(instruction)}\n"""',
        imports=imports,
        libraries=[*DESKTOP_LIBRARIES, *libraries],
        constants=f"P = {json_literal(params)}",
        read=read,
        body=body,
    )


def statements_of(function: Callable[..., object]) -> str:
    """The body of ``function`` below its docstring, dedented, as script text ending in one
    newline: a block of a script's ``main`` kept as real code. The function is never called:
    the names it reads are the script's (its module imports them for the type checker only),
    and its docstring, which it must have, says what the block does."""
    lines, _ = inspect.getsourcelines(function)
    node = parse_python(textwrap.dedent("".join(lines))).body[0]
    if not (
        isinstance(node, ast.FunctionDef)
        and len(node.body) > 1
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    ):
        raise ValueError(f"{function.__qualname__}: a docstring, then statements")
    start = node.body[0].end_lineno or node.body[0].lineno
    body = "".join(lines[start : node.end_lineno])
    return textwrap.dedent(body).strip("\n") + "\n"
