"""The cuagym command: version, help, and `hub serve` as a real process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
from typer.testing import CliRunner

from cuagym import __version__
from cuagym.cli import app
from tests.redis_server import free_port

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"cuagym {__version__}"


def test_help_lists_the_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "hub" in result.stdout and "computer-use agents" in result.stdout


def test_hub_apps_lists_installed_web_apps() -> None:
    result = runner.invoke(app, ["hub", "apps"])
    assert result.exit_code == 0
    assert "team-chat" in result.stdout


def test_hub_serve_rejects_unknown_apps_and_stores() -> None:
    result = runner.invoke(app, ["hub", "serve", "--apps", "nope"])
    assert result.exit_code != 0 and "nope" in result.output
    result = runner.invoke(app, ["hub", "serve", "--store", "mongodb://x"])
    assert result.exit_code != 0 and "unknown store" in result.output


def test_hub_serve_runs_a_real_server(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "out.txt"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cuagym.cli",
                "hub",
                "serve",
                "--port",
                str(port),
                "--token",
                "cli-token",
                "--ttl",
                "60",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                if httpx.get(f"{url}/healthz", timeout=0.5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        assert httpx.get(f"{url}/healthz").json() == {"apps": ["team-chat"]}
        auth = {"Authorization": "Bearer cli-token"}
        r = httpx.post(f"{url}/team-chat/post?sid=cli", json={"action": "reset"}, headers=auth)
        assert r.status_code == 200 and r.json()["success"] is True
        assert httpx.get(f"{url}/team-chat/go?sid=cli").status_code == 401
        banner = log.read_text()
        assert f"{url}/team-chat/?sid=demo" in banner and "curl" in banner
        assert "(generated)" not in banner
    finally:
        process.terminate()
        process.wait(timeout=10)
