"""The desktop script composer, check blocks kept as code, the files app's script parts, and
the typed params of every calc and files family."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import cuagym.apps.calc as calc_app
import cuagym.apps.files as files_app
import cuagym.families.calc as calc_families
import cuagym.families.homes.calc as calc_home
import cuagym.families.homes.files as files_home
from cuagym.apps.files import _writers
from cuagym.apps.files._reward_lib import kind_of
from cuagym.scripts import Part, desktop_script, statements_of

FAMILIES_ROOT = Path(calc_families.__file__).parent.parent


def test_desktop_script_lays_out_header_imports_and_parts_with_their_gaps() -> None:
    text = desktop_script(
        header='"""initial_setup.py for t: demo."""',
        imports="\n    import os\n",
        parts=["X = 1", "def f():\n    return X", Part("", gap=3), Part("print(f())", gap=2)],
    )
    assert text == (
        '"""initial_setup.py for t: demo."""\n'
        "import os\n"
        "\nX = 1\n"
        "\ndef f():\n    return X\n"
        "\n\nprint(f())\n"
    )
    compile(text, "initial_setup.py", "exec")


def test_desktop_script_refuses_a_header_that_is_code() -> None:
    with pytest.raises(ValueError, match="header"):
        desktop_script(header="import os", imports="", parts=[])


def _block_with_comment() -> None:
    """A block: the docstring is not part of it."""
    # a comment kept with the block
    total = sum([1, 2])
    if total:
        print(total)


def _no_docstring() -> None:
    print("x")


def test_statements_of_is_the_body_below_the_docstring_dedented() -> None:
    assert statements_of(_block_with_comment) == (
        "# a comment kept with the block\ntotal = sum([1, 2])\nif total:\n    print(total)\n"
    )
    with pytest.raises(ValueError, match="docstring"):
        statements_of(_no_docstring)


def _checks_functions() -> list[object]:
    found = []
    for path in sorted(FAMILIES_ROOT.rglob("*_checks.py")):
        if "_fragments" in path.parts:  # the office's checks are text below a marker, not functions
            continue
        name = ".".join(path.relative_to(FAMILIES_ROOT.parent.parent).with_suffix("").parts)
        module = importlib.import_module(name)
        found += [
            fn for _, fn in inspect.getmembers(module, inspect.isfunction) if fn.__module__ == name
        ]
    return found


def test_every_check_block_kept_as_code_is_flat_python_that_appends_checks() -> None:
    functions = _checks_functions()
    assert len(functions) >= 17
    for fn in functions:
        block = statements_of(fn)
        tree = ast.parse(block)  # valid at the top level of main, as pasted
        appends = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend")  # extend: checks a helper made
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "checks"
        ]
        assert appends, f"{fn.__qualname__} appends no check"


@pytest.mark.parametrize(
    ("kind", "text", "detected"),
    [
        ("pdf", "Invoice 2291 (paid)", "pdf"),
        ("png", "diagram", "png"),
        ("jpg", "receipt", "jpg"),
        ("zip", "archive notes", "zip"),
        ("xlsx", "alpha beta gamma", "zip"),
        ("docx", "Minutes. We met.", "zip"),
        ("txt", "plain words", None),
    ],
)
def test_files_content_writers_are_deterministic_and_make_the_kind_asked(
    kind: str, text: str, detected: str | None
) -> None:
    spec = {"kind": kind, "text": text}
    first = _writers.make(kind, text)
    if kind not in ("xlsx", "docx"):  # office files carry their creation time: content() caches
        assert _writers.make(kind, text) == first
    assert _writers.content(spec) == _writers.content(dict(spec))  # one bytes per spec
    assert kind_of(first[:8]) == detected


def test_app_script_parts_are_pasteable_code_without_our_imports() -> None:
    parts = {
        "files.WRITERS": files_app.WRITERS,
        "files.WRITE_TREE": files_app.WRITE_TREE,
        "files.REPLAY": files_app.REPLAY,
        "files.READ_HOME": files_app.READ_HOME,
        "files.REWARD_LIBRARY": files_app.REWARD_LIBRARY,
        "calc.READ_WORKBOOK": calc_app.READ_WORKBOOK,
        "calc.REWARD_LIBRARY": calc_app.REWARD_LIBRARY,
    }
    for name, text in parts.items():
        assert text.endswith("\n") and not text.endswith("\n\n"), name
        tree = ast.parse(text)
        ours = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cuagym")
        ]
        assert not ours, name


@pytest.mark.parametrize(
    "family",
    [*calc_home.FAMILIES, *files_home.FAMILIES],
    ids=lambda fam: fam.id,
)
def test_every_calc_and_files_family_has_a_params_model_its_tasks_satisfy(family: object) -> None:
    params_type = getattr(family, "params_type", None)
    assert params_type is not None
    for seed in range(12):
        task = family.sample(seed)  # type: ignore[attr-defined]
        model = params_type.of(task)
        assert model.model_dump(mode="json") == task.params
