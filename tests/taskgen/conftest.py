"""The real MiniLM model, loaded once per test process (it takes seconds)."""

from __future__ import annotations

import pytest

from cuagym.taskgen._embed import MiniLMEmbedder


@pytest.fixture(scope="session")
def minilm() -> MiniLMEmbedder:
    embedder = MiniLMEmbedder()
    embedder.embed(["warm up"])
    return embedder
