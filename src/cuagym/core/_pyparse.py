"""Parse Python source safely from several threads at once.

CPython 3.11's AST-to-object conversion keeps its recursion depth in interpreter-wide state, so
two threads in `ast.parse` at once can fail with "SystemError: AST constructor recursion depth
mismatch" (python/cpython#106905, fixed in 3.12). Synthesis scans rewards inside
`asyncio.to_thread`, so every parse in cuagym goes through one lock; parsing is fast and the
lock is never held across anything else.
"""

from __future__ import annotations

import ast
import threading

_PARSE_LOCK = threading.Lock()


def parse_python(code: str, filename: str = "<string>") -> ast.Module:
    """`ast.parse(code, filename)`, serialised against other threads' parses."""
    with _PARSE_LOCK:
        return ast.parse(code, filename=filename)
