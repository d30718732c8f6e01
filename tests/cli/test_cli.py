"""The cuagym command: version, help, and `hub serve` as a real process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
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
    result = runner.invoke(app, ["hub", "serve", "--workers", "2"])
    assert result.exit_code != 0 and "redis" in result.output


@pytest.mark.redis
def test_hub_serve_with_two_workers_shares_sessions_through_redis(
    tmp_path: Path, redis_server: Any
) -> None:
    port = free_port()
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
            "w-token",
            "--workers",
            "2",
            "--store",
            redis_server.url,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(400):
            try:
                if httpx.get(f"{url}/healthz", timeout=0.5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.05)
        auth = {"Authorization": "Bearer w-token"}
        state = httpx.get(f"{url}/team-chat/go?sid=w", headers=auth).json()["current_state"]
        state["channels"][next(iter(state["channels"]))]["topic"] = "shared by two workers"
        r = httpx.post(
            f"{url}/team-chat/post?sid=w",
            json={"action": "set_current", "state": state},
            headers=auth,
        )
        assert r.status_code == 200, r.text
        # New connections land on either worker; every one sees the same session.
        for _ in range(8):
            with httpx.Client() as fresh:
                diff = fresh.get(f"{url}/team-chat/go?sid=w", headers=auth).json()["state_diff"]
            assert [e["new"] for e in diff.values()] == ["shared by two workers"]
    finally:
        process.terminate()
        process.wait(timeout=15)


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
        from cuagym.hub import discover_web_apps

        installed = [a.app_id for a in discover_web_apps()]
        assert httpx.get(f"{url}/healthz").json() == {"apps": installed}
        assert "team-chat" in installed
        auth = {"Authorization": "Bearer cli-token"}
        r = httpx.post(f"{url}/team-chat/post?sid=cli", json={"action": "reset"}, headers=auth)
        assert r.status_code == 200 and r.json()["success"] is True
        assert httpx.get(f"{url}/team-chat/go?sid=cli").status_code == 401
        banner = log.read_text()
        assert f"{url}/team-chat/" in banner and "/bind?sid=demo" in banner and "curl" in banner
        assert "?sid=demo in a browser" not in banner  # binding by sid is off by default
        assert "(generated)" not in banner
    finally:
        process.terminate()
        process.wait(timeout=10)
