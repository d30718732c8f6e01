"""OSWorld's own evaluation code, run against a VM made of a cuagym sandbox.

OSWorld's ``desktop-env`` package (PyPI ``desktop-env``, the wheel ``make test`` downloads
into ``.cache/osworld``, or ``$CUAGYM_DESKTOP_ENV_WHEEL``) holds the code that reads a task's
config.json: ``SetupController._<type>_setup`` for each setup step, the getters and the
metrics. Its packages import heavy dependencies on load, so the functions a cuagym config uses
are taken from the wheel's source files as they are (the getter module ``general.py`` is
imported whole; single functions are compiled from their own source) and run unchanged:

* ``SetupController._execute_setup``, ``_launch_setup``, ``_open_setup`` (config steps);
* ``get_vm_command_line`` and ``get_rule`` (evaluator getters), ``check_include_exclude``
  (the metric).

The VM they talk to is :class:`SandboxVM`: an HTTP server with the OSWorld VM server's
endpoints (``/setup/execute`` and ``/execute`` run a command with ``shell=True`` and answer
``output``/``error``/``returncode``; ``/setup/launch`` and ``/setup/open_file`` are recorded,
the latter checking the file exists), each command run in a cuagym sandbox whose
``/home/user`` and ``/tmp/cuagym`` persist across commands, as a VM's would.
"""

from __future__ import annotations

import ast
import asyncio
import hashlib
import importlib.util
import json
import logging
import os
import shutil
import tempfile
import textwrap
import threading
import time
import traceback
import types
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Optional, TypeVar, Union

import requests

from cuagym.core._osworld_names import OSWORLD_NAME_SOURCES
from cuagym.core.osworld import OSWorldConfig
from cuagym.sandbox import HubLink, Sandbox

WHEEL_NAME = "desktop_env-1.0.2-py3-none-any.whl"
WHEEL_SHA256 = "302831c776141a6710cbe8805c7ee67b27362c06be782765ee21ad3bd340f594"
REPO = Path(__file__).resolve().parents[2]


def find_wheel() -> Path | None:
    """The desktop-env wheel: ``$CUAGYM_DESKTOP_ENV_WHEEL`` or ``.cache/osworld/`` of the repo
    (``make test`` downloads it there with ``pip download --no-deps desktop-env==1.0.2``)."""
    given = os.environ.get("CUAGYM_DESKTOP_ENV_WHEEL")
    candidates = [Path(given)] if given else []
    candidates += [REPO / ".cache" / "osworld" / WHEEL_NAME]
    return next((p for p in candidates if p.is_file()), None)


class DesktopEnvCode:
    """Functions of OSWorld's desktop-env, compiled from the wheel's own source text."""

    def __init__(self, wheel: Path) -> None:
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if digest != WHEEL_SHA256:
            raise RuntimeError(f"{wheel} is not desktop-env 1.0.2 (sha256 {digest})")
        self.zip = zipfile.ZipFile(wheel)
        for kind, (name, sha) in OSWORLD_NAME_SOURCES.items():
            got = hashlib.sha256(self.zip.read(name)).hexdigest()
            assert got == sha, f"{kind}: {name} differs from the recorded one"
        getters = self._module("desktop_env/evaluators/getters/general.py", "osworld_getters")
        self.get_vm_command_line: Callable[..., Any] = getters.get_vm_command_line
        self.get_rule = self._function("desktop_env/evaluators/getters/misc.py", "get_rule")
        self.check_include_exclude = self._function(
            "desktop_env/evaluators/metrics/general.py", "check_include_exclude"
        )
        setup = "desktop_env/controllers/setup.py"
        self.execute_setup = self._function(setup, "_execute_setup", "SetupController")
        self.launch_setup = self._function(setup, "_launch_setup", "SetupController")
        self.open_setup = self._function(setup, "_open_setup", "SetupController")

    def _module(self, name: str, as_name: str) -> types.ModuleType:
        spec = importlib.util.spec_from_loader(as_name, loader=None)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        exec(compile(self.zip.read(name), name, "exec"), module.__dict__)
        return module

    def _function(self, name: str, func: str, cls: str | None = None) -> Callable[..., Any]:
        """One function (or method of ``cls``) of ``name``, compiled alone from its source, with
        the module-level names it uses (logging, requests, typing, ...) provided."""
        source = self.zip.read(name).decode("utf-8")
        tree = ast.parse(source)
        body = tree.body
        if cls is not None:
            body = next(n for n in body if isinstance(n, ast.ClassDef) and n.name == cls).body
        node = next(n for n in body if isinstance(n, ast.FunctionDef) and n.name == func)
        text = ast.get_source_segment(source, node)
        assert text is not None
        namespace: dict[str, Any] = {
            "json": json, "os": os, "time": time, "traceback": traceback, "requests": requests,
            "logger": logging.getLogger(f"osworld.{func}"), "Any": Any, "Dict": dict,
            "List": list, "Optional": Optional, "Union": Union, "TypeVar": TypeVar,
            "R": TypeVar("R"),
        }  # fmt: skip
        exec(compile(textwrap.dedent(text), name, "exec"), namespace)
        fn: Callable[..., Any] = namespace[func]
        return fn


@dataclass
class Recorded:
    launched: list[dict[str, Any]] = field(default_factory=list)
    opened: list[str] = field(default_factory=list)
    executed: list[str] = field(default_factory=list)


class SandboxVM:
    """An OSWorld VM stand-in: its server's endpoints over a persistent cuagym sandbox.

    Commands see no ``CUAGYM_*`` variable of the sandbox itself: whatever a task needs (the
    hub's address, its token, the session) must come from the config's commands.
    """

    def __init__(self, hub: HubLink | None = None) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="cuagym-osworld-vm-"))
        self.work.chmod(0o755)
        os.chown(self.work, 1000, 1000)
        # An OSWorld VM has plain network to the hub and chooses its own session (its commands
        # carry the token, by OSWorld's design): the relay passes its requests as they are.
        if hub is not None:
            hub = hub.model_copy(update={"relay": "passthrough"})
        self.box = Sandbox(hub=hub, binds=[(self.work, "/tmp/cuagym", False)])
        self.recorded = Recorded()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.server: ThreadingHTTPServer | None = None
        self.client_password = ""

    @property
    def hub_url_in_vm(self) -> str | None:
        """The hub's root URL as commands in the VM reach it (the sandbox's relay)."""
        if self.box.hub is None:
            return None
        _host, port, prefix = self.box.hub.target()
        return f"http://127.0.0.1:{port}{prefix}"

    async def __aenter__(self) -> SandboxVM:
        self.loop = asyncio.get_running_loop()
        await self.box.start()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
        await self.box.close()
        shutil.rmtree(self.work, ignore_errors=True)

    # -- what DesktopEnv gives getters and the setup controller ----------------------------------
    @property
    def vm_ip(self) -> str:
        return "127.0.0.1"

    @property
    def server_port(self) -> int:
        assert self.server is not None
        return int(self.server.server_address[1])

    @property
    def http_server(self) -> str:
        return f"http://{self.vm_ip}:{self.server_port}"

    # -- running commands ------------------------------------------------------------------------
    def run(self, command: str | list[str], shell: bool) -> dict[str, Any]:
        argv = ["/bin/sh", "-c", command] if shell else list(command)
        clean = ["/usr/bin/env", "-u", "CUAGYM_HUB", "-u", "CUAGYM_HUB_TOKEN", "-u", "CUAGYM_SID"]
        assert self.loop is not None
        future = asyncio.run_coroutine_threadsafe(
            self.box.run([*clean, *argv], timeout=120), self.loop
        )
        result = future.result(timeout=300)
        return {
            "status": "success",
            "output": result.stdout,
            "error": result.stderr,
            "returncode": result.exit_code,
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        vm = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _answer(self, code: int, body: Any) -> None:
                data = json.dumps(body).encode() if not isinstance(body, bytes) else body
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                self._answer(200, {"status": "ok"})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                payload = json.loads(self.rfile.read(length) or b"{}")
                if self.path in ("/setup/execute", "/execute"):
                    command = payload.get("command")
                    vm.recorded.executed.append(str(command))
                    self._answer(200, vm.run(command, bool(payload.get("shell"))))
                elif self.path == "/setup/launch":
                    vm.recorded.launched.append(payload)
                    self._answer(200, {"status": "success"})
                elif self.path == "/setup/open_file":
                    path = str(payload.get("path", ""))
                    found = vm.run(["/usr/bin/test", "-e", path], shell=False)["returncode"] == 0
                    if found:
                        vm.recorded.opened.append(path)
                    self._answer(200 if found else 404, {"status": "ok" if found else "missing"})
                else:
                    self._answer(404, {"status": "unknown endpoint " + self.path})

        return Handler


class OSWorldRun:
    """Drives a config the way OSWorld's DesktopEnv does, with OSWorld's own functions.

    Its methods block on HTTP calls to the VM, whose sandbox runs on the test's event loop:
    call them from a thread (the async helpers ``reset``, ``evaluate``, ``agent`` do)."""

    def __init__(self, code: DesktopEnvCode, vm: SandboxVM) -> None:
        self.code = code
        self.vm = vm
        self.controller = types.SimpleNamespace(
            http_server=vm.http_server,
            client_password=vm.client_password,
            screen_width=1920,
            screen_height=1080,
            cache_dir=str(vm.work),
            use_proxy=False,
        )

    def steps(self, steps: list[dict[str, Any]]) -> None:
        """``SetupController.setup``: each step's ``_<type>_setup(**parameters)``."""
        for step in steps:
            params = step["parameters"]
            if step["type"] == "execute":
                self.code.execute_setup(self.controller, **params)
            elif step["type"] == "launch":
                self.code.launch_setup(self.controller, **params)
            elif step["type"] == "open":
                self.code.open_setup(self.controller, **params)
            elif step["type"] == "sleep":
                pass  # nothing draws in this VM
            else:
                raise AssertionError(f"this test VM does not run {step['type']} steps")

    async def reset(self, config: OSWorldConfig) -> None:
        await asyncio.to_thread(self.steps, config.to_json()["config"])

    async def evaluate(self, config: OSWorldConfig) -> tuple[float, str]:
        return await asyncio.to_thread(self.evaluate_now, config)

    async def agent(self, command: str) -> str:
        """What an agent does between reset and evaluate (a shell in the VM)."""
        return await asyncio.to_thread(self.shell, command)

    def evaluate_now(self, config: OSWorldConfig) -> tuple[float, str]:
        """``DesktopEnv.evaluate``: postconfig, the result and expected getters, the metric."""
        data = config.to_json()
        evaluator = data["evaluator"]
        self.steps(evaluator.get("postconfig", []))
        assert evaluator["func"] == "check_include_exclude"
        result = self.code.get_vm_command_line(self.vm, evaluator["result"])
        expected = self.code.get_rule(self.vm, evaluator["expected"])
        return float(self.code.check_include_exclude(result, expected)), result

    def shell(self, command: str) -> str:
        return str(self.vm.run(command, shell=True)["output"])
