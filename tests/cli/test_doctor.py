"""``cuagym doctor``: a real run on this machine, and each kind of missing thing (its probe
replaced) reported with how to install it; exit 1 only when the main job cannot run."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from typer.testing import CliRunner

from cuagym import doctor
from cuagym.cli import app

runner = CliRunner()


def _doctor_json() -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["doctor", "--json"])
    return result.exit_code, json.loads(result.stdout)


def _by_name(payload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in payload["checks"]}


@pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")
def test_a_real_run_finds_this_machine_ready_for_the_main_job() -> None:
    code, payload = _doctor_json()
    assert code == 0 and payload["main_job_ready"] is True
    checks = _by_name(payload)
    # The sandbox check ran a script for real, as a non-root uid, and restored a snapshot.
    assert checks["sandbox"]["ok"] and "ran as uid 1000" in checks["sandbox"]["detail"]
    for name in ("root", "bubblewrap", "overlayfs", "env image", "extra office"):
        assert checks[name]["ok"] and checks[name]["main_job"], checks[name]
    # Optional things are reported too, each with what it is for.
    for name in ("Xvfb", "LibreOffice", "Chromium", "Redis", "GPU", "extra ray", "extra train"):
        assert not checks[name]["main_job"] and checks[name]["needed_for"]
    human = runner.invoke(app, ["doctor"])
    assert human.exit_code == 0
    assert "The main job (procedural synth + verify) can run on this machine." in human.stdout


def test_without_bubblewrap_the_main_job_cannot_run(monkeypatch: pytest.MonkeyPatch) -> None:
    real_which = doctor._which
    monkeypatch.setattr(doctor, "_which", lambda p: None if p == "bwrap" else real_which(p))
    code, payload = _doctor_json()
    assert code == 1 and payload["main_job_ready"] is False
    checks = _by_name(payload)
    assert checks["bubblewrap"] == {
        "name": "bubblewrap", "ok": False, "detail": "bwrap not found",
        "needed_for": "the jail of every script", "fix": "apt-get install -y bubblewrap",
        "main_job": True,
    }  # fmt: skip
    # The sandbox is not started when what it needs is missing: its failure would repeat that.
    assert not checks["sandbox"]["ok"] and "no bubblewrap" in checks["sandbox"]["detail"]
    human = runner.invoke(app, ["doctor"])
    assert human.exit_code == 1
    assert "bubblewrap: apt-get install -y bubblewrap" in human.stdout
    assert "cannot run here: no bubblewrap, sandbox." in human.stdout


def test_a_missing_gui_app_or_extra_is_reported_but_the_main_job_still_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_which, real_has = doctor._which, doctor._has_module
    monkeypatch.setattr(doctor, "_which", lambda p: None if p == "Xvfb" else real_which(p))
    monkeypatch.setattr(doctor, "_has_module", lambda m: m != "ray" and real_has(m))
    # The sandbox is tested for real above; here its check is replaced by a passing one.
    checks = {c.name: c for c in doctor.run_checks(_with_patched_sandbox()).checks}
    assert not checks["Xvfb"].ok and checks["Xvfb"].fix == "apt-get install -y xvfb"
    assert not checks["extra ray"].ok and checks["extra ray"].detail == "missing ray"
    assert checks["extra ray"].fix == "pip install 'cuagym[ray]'"
    assert doctor.run_checks(_with_patched_sandbox()).main_job_ready


def test_a_missing_office_extra_stops_the_main_job(monkeypatch: pytest.MonkeyPatch) -> None:
    real_has = doctor._has_module
    monkeypatch.setattr(doctor, "_has_module", lambda m: m != "pptx" and real_has(m))
    report = doctor.run_checks(_with_patched_sandbox())
    assert not report.main_job_ready and report.main_job_missing == ["extra office", "sandbox"]


def test_the_gpu_check_reads_nvidia_smi(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctor, "_which", lambda p: "/usr/bin/nvidia-smi")
    monkeypatch.setattr(doctor, "_run", lambda cmd, timeout=10.0: (0, "GPU 0: NVIDIA H200 (UUID)"))
    gpu = doctor.check_gpu()
    assert gpu.ok and gpu.detail == "1 GPU(s): GPU 0: NVIDIA H200 (UUID)"
    monkeypatch.setattr(doctor, "_run", lambda cmd, timeout=10.0: (9, "driver not loaded"))
    gpu = doctor.check_gpu()
    assert not gpu.ok and "driver not loaded" in gpu.detail and gpu.fix


def _sandbox_ok() -> doctor.Check:
    return doctor.Check(name="sandbox", ok=True, detail="patched", needed_for="x", main_job=True)


def _with_patched_sandbox() -> list[Any]:
    _sandbox_ok.__name__ = "check_sandbox"
    return [_sandbox_ok if c.__name__ == "check_sandbox" else c for c in doctor.CHECKS]
