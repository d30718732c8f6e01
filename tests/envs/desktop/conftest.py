"""Fixtures of the desktop tests: a home with a spreadsheet, a page that reports its events."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

APP_UID = 1000
SHOTS = Path(__file__).resolve().parents[3] / "artifacts" / "screenshots" / "desktop"
_TOOLS = ("/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/xmodmap", "/usr/bin/xhost")


def gui_missing() -> str | None:
    for tool in _TOOLS:
        if not Path(tool).exists():
            return f"{tool} is not installed"
    return None


def office_missing() -> str | None:
    if not Path("/usr/lib/libreoffice/program/libvclplug_gtk3lo.so").exists():
        return "LibreOffice with a GUI (libreoffice-calc, libreoffice-gtk3) is not installed"
    return None


def chromium_missing() -> str | None:
    return None if Path("/usr/bin/chromium").exists() else "chromium is not installed"


needs_gui = pytest.mark.skipif(gui_missing() is not None, reason=str(gui_missing()))
needs_office = pytest.mark.skipif(office_missing() is not None, reason=str(office_missing()))
needs_chromium = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="runs the apps as uid 1000")


def save_shot(name: str, png: bytes) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    path.write_bytes(png)
    return path


@pytest.fixture
def home() -> Iterator[Path]:
    """A home the app uid owns, holding ``budget.xlsx`` (Data!A1:B5).

    Not under pytest's tmp_path: that is private to root, and the apps run as uid 1000.
    """
    import openpyxl

    top = Path(tempfile.mkdtemp(prefix="cuagym-desktop-test-"))
    folder = top / "home"
    folder.mkdir()
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Data"
    for row in range(1, 6):
        ws.cell(row, 1, f"item {row}")
        ws.cell(row, 2, row * 10)
    wb.save(folder / "budget.xlsx")
    os.chmod(top, 0o755)
    if os.geteuid() == 0:
        shutil.chown(folder, APP_UID, APP_UID)
        shutil.chown(folder / "budget.xlsx", APP_UID, APP_UID)
    try:
        yield folder
    finally:
        shutil.rmtree(top, ignore_errors=True)


# -- a page that posts every input event back to the test ---------------------------------------
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>cuagym events</title><style>
 body { margin: 0; font: 16px sans-serif; height: 3000px; width: 3000px; }
 #pad { position: absolute; left: 100px; top: 100px; width: 300px; height: 200px;
        background: #4a90d9; }
 #field { position: absolute; left: 500px; top: 100px; width: 300px; font-size: 20px; }
</style></head><body>
<div id="pad"></div><input id="field" autocomplete="off">
<script>
function post(e) { fetch("/log", {method: "POST", body: JSON.stringify(e)}); }
const pad = document.getElementById("pad");
for (const type of ["click", "dblclick", "contextmenu", "auxclick", "mousedown", "mouseup"]) {
  pad.addEventListener(type, e => { if (type === "contextmenu") e.preventDefault();
    post({type, button: e.button, detail: e.detail, x: e.clientX, y: e.clientY,
          sx: e.screenX, sy: e.screenY}); });
}
let dragging = false;
pad.addEventListener("mousedown", () => { dragging = true; });
window.addEventListener("mouseup", e => { if (dragging) post({type: "dragend", x: e.clientX,
  y: e.clientY}); dragging = false; });
window.addEventListener("wheel", e => post({type: "wheel", dx: Math.sign(e.deltaX),
  dy: Math.sign(e.deltaY)}), {passive: true});
window.addEventListener("keydown", e => post({type: "keydown", key: e.key, ctrl: e.ctrlKey,
  shift: e.shiftKey, alt: e.altKey}));
document.getElementById("field").addEventListener("input", e => post({type: "input",
  value: e.target.value}));
window.addEventListener("load", () => post({type: "load",
  top: window.outerHeight - window.innerHeight, left: window.outerWidth - window.innerWidth}));
</script></body></html>"""


@dataclass
class EventPage:
    url: str
    events: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def wait_for(self, timeout: float = 5.0, **match: Any) -> dict[str, Any]:
        """The first logged event whose fields equal ``match`` (waits for it)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                for event in self.events:
                    if all(event.get(k) == v for k, v in match.items()):
                        return event
            time.sleep(0.02)
        with self.lock:
            seen = list(self.events)
        raise AssertionError(f"no event {match} within {timeout} s; got {seen}")

    def clear(self) -> None:
        with self.lock:
            self.events.clear()


@pytest.fixture
def event_page() -> Iterator[EventPage]:
    page = EventPage(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            event = json.loads(self.rfile.read(length) or b"{}")
            with page.lock:
                page.events.append(event)
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    page.url = f"http://127.0.0.1:{server.server_address[1]}/?sid=test"
    try:
        yield page
    finally:
        server.shutdown()
        server.server_close()
