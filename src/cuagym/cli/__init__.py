"""The ``cuagym`` command. Thin: it parses arguments, calls the library and prints."""

from cuagym.cli._main import app, main

__all__ = ["app", "main"]
