"""The fast static checks after each round (TEST.md), and the audit that follows them (AUDIT.md).

Static checks: the project loads in a fresh interpreter as a web app whose seed fits its schema
and invariants (``_probe``), serves every route of the plan, ships a SKILL.md and a taxonomy.yaml
of the house's form, and keeps the release rules in its templates and static files. The audit is
an :class:`Auditor`; the default, :class:`SubprocessAuditor`, runs ``cuagym appgen audit`` (real
Chromium against a hub serving the app, DESIGN.md §12) in a subprocess.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from pydantic import ValidationError

from cuagym.appgen._build_models import Finding, ProbeResult
from cuagym.appgen._forms import skill_problems, taxonomy_problems
from cuagym.appgen._plan_models import AppPlan
from cuagym.appgen._release import BrandList, scan_release
from cuagym.appgen._report import AuditErrorKind, AuditReport

__all__ = [
    "P1_AUDIT_KINDS",
    "AuditOutcome",
    "Auditor",
    "SubprocessAuditor",
    "audit_findings",
    "probe_project",
    "static_checks",
]

PROBE_TIMEOUT_S = 120.0
AUDIT_TIMEOUT_S = 1800.0
#: audit errors about form and accessibility (AUDIT.md P1); every other kind, and every dead
#: control, is P0: the app does not work.
P1_AUDIT_KINDS: frozenset[AuditErrorKind] = frozenset(
    {"missing_h1", "tab_without_active", "unlabelled_field"}
)
_PARAM = re.compile(r"\{[^}]*\}")


def probe_project(project: Path) -> ProbeResult:
    """Load the project in a fresh interpreter (``_probe``); what it found."""
    argv = [sys.executable, "-m", "cuagym.appgen._probe", str(project)]
    try:
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=PROBE_TIMEOUT_S, cwd="/"
        )
    except subprocess.TimeoutExpired:
        return ProbeResult(
            loaded=False, problems=[f"loading the project took over {PROBE_TIMEOUT_S:g} s"]
        )
    lines = done.stdout.strip().splitlines()
    try:
        return ProbeResult.model_validate_json(lines[-1] if lines else "")
    except ValidationError:
        tail = (done.stderr or done.stdout).strip()[-1500:]
        return ProbeResult(loaded=False, problems=[f"loading the project crashed: {tail}"])


def _route_shape(path: str) -> str:
    return _PARAM.sub("{}", path.rstrip("/") or "/")


def static_checks(project: Path, plan: AppPlan, brands: BrandList) -> list[Finding]:
    """Every static finding about the app project at ``project`` (``DIR/app``)."""
    found: list[Finding] = []

    def add(priority: Literal["P0", "P1"], where: str, detail: str) -> None:
        found.append(Finding(source="test", priority=priority, where=where, detail=detail))

    probe = probe_project(project)
    for problem in probe.problems:
        add("P0", "load", problem)
    if not probe.loaded:
        return found
    if probe.app_id != plan.app_id:
        add("P0", "load", f"the app is {probe.app_id!r}; the plan says {plan.app_id!r}")
    package = Path(probe.package_dir)
    served = {_route_shape(p) for p in probe.routes}
    for route in plan.routes:
        if _route_shape(route.path) not in served:
            add("P0", f"route {route.path}", "the plan's route is not served")
    for name, check in (("SKILL.md", skill_problems), ("taxonomy.yaml", None)):
        path = package / name
        if not path.is_file():
            continue  # the probe said so
        text = path.read_text(encoding="utf-8")
        problems = check(text) if check else taxonomy_problems(text, plan.app_id)
        for problem in problems:
            add("P1", name, problem)
    for problem in scan_release(package, brands):
        add("P0" if "names the product" in problem else "P1", "release", problem)
    return found


@dataclass(frozen=True)
class AuditOutcome:
    """An audit that ran (``report``) or could not run (``failure`` says why)."""

    report: AuditReport | None
    failure: str | None = None


class Auditor(Protocol):
    def audit(self, project: Path, out: Path) -> AuditOutcome:
        """Audit the app project at ``project``; its HTML report goes to ``out``."""
        ...


class SubprocessAuditor:
    """``python -m cuagym.cli appgen audit PROJECT --json --out OUT`` (the contract of §12:
    exit 0 ok, 1 findings, both with the JSON report on stdout; 2 bad input)."""

    def __init__(self, timeout_s: float = AUDIT_TIMEOUT_S) -> None:
        self.timeout_s = timeout_s

    def audit(self, project: Path, out: Path) -> AuditOutcome:
        argv = [sys.executable, "-m", "cuagym.cli", "appgen", "audit", str(project), "--json"]
        argv += ["--out", str(out)]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=self.timeout_s)
        except subprocess.TimeoutExpired:
            return AuditOutcome(None, f"the audit took over {self.timeout_s:g} s")
        if done.returncode in (0, 1):
            lines = done.stdout.strip().splitlines()
            try:
                return AuditOutcome(AuditReport.model_validate_json(lines[-1] if lines else ""))
            except ValidationError as exc:
                return AuditOutcome(None, f"the audit's JSON does not fit the contract: {exc}")
        # The last line that says something (a typer error comes in a box of line art).
        lines = [ln.strip(" │╭╮╰╯─") for ln in (done.stderr or done.stdout).splitlines()]
        said = [ln for ln in lines if any(c.isalnum() for c in ln)]
        return AuditOutcome(
            None, f"the audit exited {done.returncode}: {said[-1] if said else 'no output'}"
        )


def audit_findings(report: AuditReport) -> list[Finding]:
    """The audit's report as findings: dead controls and errors P0, form/accessibility P1."""
    found = [
        Finding(
            source="audit",
            priority="P0",
            where=dead.route,
            detail=f"control {dead.control} is dead: acting on it changed neither the page, "
            "the URL nor the session state (give it a handler or remove it)",
        )
        for dead in report.dead
    ]
    for error in report.errors:
        priority = "P1" if error.kind in P1_AUDIT_KINDS else "P0"
        found.append(
            Finding(
                source="audit",
                priority=priority,
                where=error.route,
                detail=f"{error.kind}: {error.detail}",
            )
        )
    return found
