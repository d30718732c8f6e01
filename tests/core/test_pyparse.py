"""`parse_python` serialises parses: CPython 3.11 fails concurrent `ast.parse` calls at random."""

from __future__ import annotations

import ast
from concurrent.futures import ThreadPoolExecutor

from cuagym.core._pyparse import parse_python

# Nested enough that the AST conversion recurses deeply, where the 3.11 race shows.
_SOURCE = "\n".join(
    f"def f{i}(x):\n    return " + "(" * 40 + "x + 1" + ")" * 40 + f" if x > {i} else [{{'k': x}}]"
    for i in range(60)
)


def _parse_many(_: int) -> int:
    return sum(len(parse_python(_SOURCE, "<reward>").body) for _ in range(15))


def test_parses_from_many_threads_all_succeed_and_agree() -> None:
    with ThreadPoolExecutor(max_workers=8) as pool:
        counts = list(pool.map(_parse_many, range(16)))
    assert counts == [60 * 15] * 16
    assert ast.dump(parse_python(_SOURCE)) == ast.dump(ast.parse(_SOURCE))


def test_a_syntax_error_names_the_file_and_releases_the_lock() -> None:
    try:
        parse_python("def broken(:\n", "reward.py")
    except SyntaxError as err:
        assert err.filename == "reward.py"
    else:
        raise AssertionError("a syntax error was not raised")
    assert parse_python("x = 1").body  # the lock was released
