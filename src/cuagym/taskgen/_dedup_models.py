"""The dedup checks' vocabulary, importable without numpy or torch (see ``_dedup``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DedupConfig",
    "DedupItem",
    "DedupRule",
    "DedupUnavailable",
    "DedupVerdict",
    "Embedder",
]


class DedupUnavailable(RuntimeError):
    """The ``dedup`` extra (numpy, torch, sentence-transformers, the packaged model) is
    missing."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length rows (cosine similarity is then a dot product)."""

    @property
    def name(self) -> str: ...

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]: ...


DedupRule = Literal["template", "ngram", "cosine"]


class DedupConfig(BaseModel):
    """The spec's thresholds; ``None`` turns a check off (benchmarks time them one by one)."""

    cosine: float | None = Field(0.85, gt=0.0, le=1.0)
    ngram: int = Field(4, ge=1)
    overlap: float | None = Field(0.5, ge=0.0, lt=1.0)
    per_template: int | None = Field(3, ge=1)


@dataclass(frozen=True)
class DedupItem:
    """A draft as the checks see it: its instruction, its apps and its slot template."""

    text: str
    apps: tuple[str, ...]
    template: str


@dataclass(frozen=True)
class DedupVerdict:
    accepted: bool
    rule: DedupRule | None = None
    score: float = 0.0
    other: int | None = None  # index of the accepted task it collides with

    def reason(self, texts: Sequence[str]) -> str:
        if self.accepted:
            return "accepted"
        what = {
            "template": f"slot template already used {int(self.score)} times in this app",
            "ngram": f"shares {self.score:.0%} of its 4-grams with an earlier task",
            "cosine": f"cosine similarity {self.score:.3f} with an earlier task",
        }[self.rule or "template"]
        if self.other is not None and 0 <= self.other < len(texts):
            what += f": {texts[self.other]!r}"
        return what
