"""``cuagym rollout`` checks its model server before anything expensive (DESIGN.md §14).

A malformed ``--base-url``, a closed port and a server that accepts connections but never
answers are each refused in seconds with one stderr line naming the option and the URL, exit 2,
before any environment starts. The "servers" are local sockets this test opens (never the
network).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "tests" / "synth" / "bundles" / "final" / "team-chat--set-channel-topic--0"


def _rollout(base_url: str, out: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    t0 = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "cuagym.cli", "rollout", str(BUNDLE), "--policy",
         "openai:some-model", "--base-url", base_url, "--out", str(out), "--json"],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    return done, time.monotonic() - t0


@pytest.fixture
def silent_server() -> Iterator[str]:
    """Accepts TCP connections and never answers (a wedged server, a firewall that drops)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}/v1"


def _closed_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"  # nothing listens there once closed


@pytest.mark.parametrize("kind", ["malformed", "closed", "silent"])
def test_a_bad_base_url_is_refused_in_seconds_naming_it(
    kind: str, tmp_path: Path, silent_server: str
) -> None:
    url = {"malformed": "notaurl", "closed": _closed_port(), "silent": silent_server}[kind]
    done, took = _rollout(url, tmp_path / "run")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert took < 20, f"{took:.1f} s: the URL must be checked before environments start"
    assert done.stdout == "", "errors go to stderr; stdout stays machine-readable"
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --base-url"), done.stderr
    assert url.rstrip("/") in lines[0] or repr(url) in lines[0]
    assert not (tmp_path / "run").exists(), "nothing started, nothing written"
