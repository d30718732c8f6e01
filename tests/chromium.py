"""One Chromium for a browser test module: the machine's /usr/bin/chromium, launched as the
project launches it (no sandbox as root, nothing reaching the network on its own).

    @pytest.fixture(scope="module")
    def browser() -> Iterator[Any]:
        with module_chromium(SHOTS) as chromium:
            yield chromium
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@contextmanager
def module_chromium(shots: Path | None = None) -> Iterator[Any]:
    """A launched Chromium (Playwright's sync API), closed after; skips the test when Chromium
    or Playwright is missing. ``shots``: a folder for the module's screenshots, made here."""
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
