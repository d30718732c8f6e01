"""The web script composer (``cuagym.scripts.hub_script``) and mail's scripts built with it."""

from __future__ import annotations

import ast
import json

import pytest

from cuagym.scripts import HUB_CLIENT, hub_json_literal, hub_script


@pytest.mark.parametrize("style", ["json", "repr"])
def test_json_literal_evaluates_to_the_value(style: str) -> None:
    value = {"b": ['quote " and \\ backslash', "naïve"], "a": None, "n": 3}
    expr = hub_json_literal(value, style)
    assert eval(expr, {"json": json}) == value  # our own literal, evaluated as the script would


def test_hub_script_layout() -> None:
    text = hub_script("# initial_setup.py - t1", "STATE = 1\n", "\nprint(STATE)\n\n")
    assert text == "# initial_setup.py - t1\n" + HUB_CLIENT + "\nSTATE = 1\n\nprint(STATE)\n"
    ast.parse(text)


def test_hub_script_takes_another_preamble() -> None:
    text = hub_script('"""doc"""', "X = 1", preamble=HUB_CLIENT + 'APP = HUB + "/app"\n')
    assert text.startswith('"""doc"""\n' + HUB_CLIENT + 'APP = HUB + "/app"\n\nX = 1\n')


def test_hub_script_refuses_a_header_that_is_not_a_comment() -> None:
    with pytest.raises(ValueError, match="header"):
        hub_script("print(1)", "X = 1")


def test_the_hub_client_defines_what_the_blocks_use() -> None:
    names = {
        target.id
        for node in ast.parse(HUB_CLIENT).body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    assert names == {"HUB", "SID", "AUTH"}
