"""Third-party progress bars off while cuagym works (DESIGN.md §14).

``datasets`` ("Creating parquet from Arrow format"), ``transformers`` ("Loading weights") and
``huggingface_hub`` draw tqdm bars of their own. A command shows its own progress (and keeps
stdout machine-readable with ``--json``), so theirs are switched off for the duration of the
work and their previous setting is restored afterwards (a library caller's choice stands).
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator

__all__ = ["third_party_bars_off"]

# module -> (its query, whether the query answers "on" rather than "off", turn off, turn on)
_SWITCHES: dict[str, tuple[str, bool, str, str]] = {
    "datasets": (
        "are_progress_bars_disabled",
        False,
        "disable_progress_bars",
        "enable_progress_bars",
    ),
    "huggingface_hub.utils": (
        "are_progress_bars_disabled",
        False,
        "disable_progress_bars",
        "enable_progress_bars",
    ),
    "transformers.utils.logging": (
        "is_progress_bar_enabled",
        True,
        "disable_progress_bar",
        "enable_progress_bar",
    ),
}
_MODULES = {
    "datasets": ("datasets",),
    "huggingface_hub": ("huggingface_hub.utils",),
    "transformers": ("transformers.utils.logging", "huggingface_hub.utils"),
}


@contextlib.contextmanager
def third_party_bars_off(*packages: str) -> Iterator[None]:
    """Turn off the progress bars of ``packages`` (``datasets``, ``transformers``,
    ``huggingface_hub``) that are installed; restore them on exit."""
    restore: list[Callable[[], object]] = []
    for name in dict.fromkeys(m for p in packages for m in _MODULES[p]):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue  # not installed: it draws nothing
        query, says_on, off, on = _SWITCHES[name]
        answer = bool(getattr(module, query)())
        if answer == says_on:  # the bars are on now
            getattr(module, off)()
            restore.append(getattr(module, on))
    try:
        yield
    finally:
        for undo in reversed(restore):
            undo()
