"""``cuagym appgen build``: the Dev agent's rounds, each checked and audited (DESIGN.md §12).

Round 1 starts from the scaffold (written from the plan into ``DIR/app``). After each round the
static checks run, then (if the project loads) the audit; a round with findings writes
``AUDIT.md`` (the audit's: dead controls and errors P0, form and accessibility P1) and
``TEST.md`` (the static checks'), which the next round answers. The build stops when a round is
clean, or after K rounds: then the app is marked ``needs_review``. ``DIR/appgen.json`` records
every round (tokens, cost, time, the audit's summary, the findings), written after each.

Resume (§14): a re-run with the same settings skips the finished rounds (a finished build does
nothing) and redoes a round that ended in an infrastructure error; other settings are refused
unless ``force``, which starts again from the plan.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from cuagym.appgen._build_models import (
    AuditSummary,
    BuildRecord,
    BuildSettings,
    Finding,
    RoundRecord,
)
from cuagym.appgen._checks import Auditor, SubprocessAuditor, audit_findings, static_checks
from cuagym.appgen._dev import DevBackend, DevSession
from cuagym.appgen._plan import PlanError, read_plan_file, write_plan
from cuagym.appgen._plan_models import AppPlan
from cuagym.appgen._release import BrandList
from cuagym.appgen._render import render
from cuagym.appgen._scaffold import write_scaffold

__all__ = ["BUILD_RECORD", "BuildRefused", "build_app", "kit_notes", "load_record"]

BUILD_RECORD = "appgen.json"
FEEDBACK = ("AUDIT.md", "TEST.md")


class BuildRefused(ValueError):
    """The workspace cannot be built as asked (no plan, other settings); exit 2."""


def load_record(workspace: Path) -> BuildRecord | None:
    path = workspace / BUILD_RECORD
    if not path.is_file():
        return None
    return BuildRecord.model_validate_json(path.read_text(encoding="utf-8"))


def _save(workspace: Path, record: BuildRecord) -> None:
    tmp = workspace / f".{BUILD_RECORD}.tmp"
    tmp.write_text(record.model_dump_json(indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, workspace / BUILD_RECORD)


def kit_notes(package: str) -> str:
    """What the Dev agent reads about the web kit: its README where it has one."""
    import cuagym.apps.webkit as kit

    readme = Path(kit.__file__).with_name("README.md")
    if readme.is_file():
        return readme.read_text(encoding="utf-8")
    return render(
        "KIT.md.j2",
        doc=(kit.__doc__ or "").strip(),
        names=kit.__all__,
        palette=dict(kit.NEUTRAL_PALETTE),
        package=package,
    )


def _docs(workspace: Path, plan: AppPlan) -> dict[str, str]:
    docs = {"KIT.md": kit_notes(plan.package)}
    for name in ("DESIGN.md", "TODO.md", "plan.json", *FEEDBACK):
        path = workspace / name
        if path.is_file():
            docs[name] = path.read_text(encoding="utf-8")
    return docs


def _start_over(workspace: Path, plan: AppPlan) -> None:
    """Back to what ``plan`` wrote: no app, no rounds, no feedback."""
    for name in ("app", "rounds"):
        if (workspace / name).exists():
            shutil.rmtree(workspace / name)
    for name in (*FEEDBACK, BUILD_RECORD):
        (workspace / name).unlink(missing_ok=True)
    write_plan(plan, workspace)


async def build_app(
    workspace: Path,
    backend: DevBackend,
    settings: BuildSettings,
    *,
    auditor: Auditor | None = None,
    force: bool = False,
    round_timeout_s: float = 3600.0,
    on_round: Callable[[RoundRecord], None] | None = None,
) -> BuildRecord:
    """Build the app planned in ``workspace``; returns the record (also in appgen.json)."""
    try:
        plan = read_plan_file(workspace / "plan.json", "")
    except PlanError as exc:
        raise BuildRefused(
            f"{workspace}: no valid plan.json (run cuagym appgen plan): {exc}"
        ) from None
    record = load_record(workspace)
    if record is not None and not force:
        if record.settings != settings:
            raise BuildRefused(
                f"{workspace} was built with other settings ({record.settings.model_dump()}); "
                "use --force to build it again from the plan"
            )
        if record.status in ("clean", "needs_review"):
            return record
    if force and record is not None:
        _start_over(workspace, plan)
        record = None
    if record is None:
        record = BuildRecord(app_id=plan.app_id, settings=settings)
    record.rounds = [r for r in record.rounds if r.status != "error"]  # redo infra errors
    record.status = "running"
    project = workspace / "app"
    if not (project / "pyproject.toml").is_file():
        write_scaffold(plan, workspace)
    _save(workspace, record)
    brands = BrandList.load(plan.reference_product)
    auditor = auditor or SubprocessAuditor()
    for k in range(len(record.rounds) + 1, settings.rounds + 1):
        done = await _round(k, workspace, plan, backend, auditor, brands, round_timeout_s)
        record.rounds.append(done)
        if on_round is not None:
            on_round(done)
        if done.status != "findings":
            record.status = "clean" if done.status == "clean" else "error"
            break
        _write_feedback(workspace, done)
    else:
        record.status = "needs_review"
    if record.status == "clean":
        for name in FEEDBACK:
            (workspace / name).unlink(missing_ok=True)
    _save(workspace, record)
    return record


def _write_feedback(workspace: Path, done: RoundRecord) -> None:
    audit = [f for f in done.findings if f.source == "audit"]
    test = [f for f in done.findings if f.source == "test"]
    (workspace / "AUDIT.md").write_text(
        render(
            "AUDIT.md.j2",
            round=done.round,
            summary=done.audit,
            failure="the project did not load (see TEST.md)",
            findings=audit,
        ),
        encoding="utf-8",
    )
    if test:
        (workspace / "TEST.md").write_text(
            render("TEST.md.j2", round=done.round, findings=test), encoding="utf-8"
        )
    else:
        (workspace / "TEST.md").unlink(missing_ok=True)


async def _round(
    k: int,
    workspace: Path,
    plan: AppPlan,
    backend: DevBackend,
    auditor: Auditor,
    brands: BrandList,
    timeout_s: float,
) -> RoundRecord:
    project = workspace / "app"
    folder = workspace / "rounds" / str(k)
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    t0 = time.perf_counter()

    def check() -> list[Finding]:
        return static_checks(project, plan, brands)

    session = DevSession(k, project, plan, _docs(workspace, plan), check, timeout_s)
    try:
        turn = await backend.run_round(session)
    except Exception as exc:  # the sandbox or the model client failed: redo on resume
        wall = round(time.perf_counter() - t0, 3)
        return RoundRecord(round=k, status="error", wall_s=wall, error=f"dev agent: {exc!r}")
    (folder / "transcript.txt").write_text(
        "\n".join([turn.transcript, *turn.notes]) + "\n", encoding="utf-8"
    )
    rec = RoundRecord(
        round=k,
        status="findings",
        dev_exit=turn.exit_code,
        model=turn.model,
        tokens_in=turn.tokens_in,
        tokens_out=turn.tokens_out,
        cost_usd=turn.cost_usd,
        dev_s=round(time.perf_counter() - t0, 3),
    )
    t1 = time.perf_counter()
    findings = await asyncio.to_thread(check)
    rec.checks_s = round(time.perf_counter() - t1, 3)
    loads = not any(f.where == "load" and f.priority == "P0" for f in findings)
    if loads:
        t2 = time.perf_counter()
        outcome = await asyncio.to_thread(auditor.audit, project, folder / "audit")
        rec.audit_s = round(time.perf_counter() - t2, 3)
        if outcome.report is None:
            rec.status, rec.error = "error", f"audit: {outcome.failure}"
        else:
            rec.audit = AuditSummary.of(outcome.report)
            findings += audit_findings(outcome.report)
    rec.findings = findings
    if rec.status != "error" and not findings and rec.audit is not None and rec.audit.ok:
        rec.status = "clean"
    rec.wall_s = round(time.perf_counter() - t0, 3)
    return rec
