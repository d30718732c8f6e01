"""The one composer of web setup and golden scripts (``initial_setup.py``, ``golden_patch.py``).

Every web task script has the same shape, whatever its app::

    <header: a comment or docstring naming the script and the task>
    <preamble: the hub client (:data:`HUB_CLIENT`), and what an app adds to it>

    <constants: STATE = ..., EDITS = ...>

    <blocks: the script's statements, each a real module's text or a short template>

A block is a piece of script: the statements after the constants, kept in a module that ruff
and mypy check (its text below the inline marker, :func:`cuagym.scripts.inlined`) or, for a
few lines that vary with the task, formatted by the caller. Constants are JSON embedded with
:func:`hub_json_literal`, so a script needs nothing beyond the standard library and ``requests``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from cuagym.scripts._compose import inlined

__all__ = ["HUB_CLIENT", "hub_json_literal", "hub_script"]

#: The hub client's text (imports, ``HUB``, ``SID``, ``AUTH``); read as text, never imported.
HUB_CLIENT = inlined(Path(__file__).with_name("_hub_client.py"))


def hub_json_literal(value: Any, style: Literal["json", "repr"] = "json") -> str:
    """A Python expression that evaluates to ``value``: its JSON text inside ``json.loads``,
    quoted as a JSON string (``"json"``) or as Python's ``repr`` of it (``"repr"``)."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    quoted = json.dumps(text) if style == "json" else repr(text)
    return f"json.loads({quoted})"


def hub_script(header: str, *blocks: str, preamble: str = HUB_CLIENT) -> str:
    """The script: ``header`` (one line or more), ``preamble``, then each block after a blank
    line (a block's own leading and trailing blank lines do not count)."""
    if not header.startswith(("#", '"""')):
        raise ValueError("a script header must be a comment or a docstring")
    parts = [header.rstrip("\n") + "\n", preamble]
    for block in blocks:
        parts += ["\n", block.strip("\n") + "\n"]
    return "".join(parts)
