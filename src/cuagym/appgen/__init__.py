"""Mock-app synthesis and the app audit (DESIGN.md §12).

* the audit: every route and every interactive control of a web app, in real Chromium against
  a hub serving it; dead controls, HTTP and page errors, missing ``h1``, tabs without active
  markup, unlabelled fields, state-API conformance and session isolation (:class:`AuditReport`;
  :func:`audit_app`, :func:`run_audit`);
* the pipeline: ``plan`` (Plan agent: DESIGN.md, TODO.md, SKILL.md, taxonomy.yaml), ``build``
  (Dev agent in a sandboxed workspace, up to K rounds answered with AUDIT.md), ``install``.
"""

from cuagym.appgen._audit import (
    AuditProgress,
    AuditUnavailable,
    audit_app,
    audit_record,
    check_browser,
    chromium,
    run_audit,
)
from cuagym.appgen._audit_record import AuditRecord
from cuagym.appgen._build import build_app
from cuagym.appgen._build_models import BuildRecord, BuildSettings
from cuagym.appgen._checks import Auditor, AuditOutcome
from cuagym.appgen._dev import DevBackend
from cuagym.appgen._install import install_app
from cuagym.appgen._plan import PlanError, load_plan, plan_with_model, write_plan
from cuagym.appgen._plan_models import AppPlan
from cuagym.appgen._report import AuditError, AuditErrorKind, AuditReport, DeadControl

__all__ = [
    "AppPlan",
    "AuditError",
    "AuditErrorKind",
    "AuditOutcome",
    "AuditProgress",
    "AuditRecord",
    "AuditReport",
    "AuditUnavailable",
    "Auditor",
    "BuildRecord",
    "BuildSettings",
    "DeadControl",
    "DevBackend",
    "PlanError",
    "audit_app",
    "audit_record",
    "build_app",
    "check_browser",
    "chromium",
    "install_app",
    "load_plan",
    "plan_with_model",
    "run_audit",
    "write_plan",
]
