"""The appgen pipeline's own time, model and browser left out: plan → build → install.

    .venv/bin/python benchmarks/appgen_bench.py [--repeat 3] [--audit none|real] [--json]

The Plan and Dev agents are the scripted chat double (in-process; no model): the Plan double
writes the known plan (tests/appgen/known_plan.json), the Dev double writes the known app
(tests/appgen/known_app, no defect) in one round. Measured per run: ``plan`` (the Plan agent's
tool loop, the plan's checks, the documents written), ``build`` (scaffold, the Dev round, the
static checks with the project loaded in a fresh interpreter, the audit), ``install`` (the
editable install into a scratch site folder and the check that a new interpreter finds the app).
``--audit none`` stands in a clean verdict for the audit (the pipeline's overhead alone);
``--audit real`` runs ``cuagym appgen audit`` (Chromium; needs the audit command). The machine is
shared: the load average is reported with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cuagym.appgen import (
    AuditOutcome,
    AuditReport,
    BuildSettings,
    build_app,
    install_app,
    plan_with_model,
    write_plan,
)
from cuagym.appgen._checks import SubprocessAuditor
from cuagym.appgen._dev_llm import LlmDevBackend
from cuagym.appgen._install import verify_install
from cuagym.llm import make_client
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi, ScriptedRequest

REPO = Path(__file__).resolve().parent.parent
KNOWN = REPO / "tests" / "appgen"


class CleanVerdict:
    """Stands in for the audit: every round clean (the pipeline's overhead alone)."""

    def audit(self, project: Path, out: Path) -> AuditOutcome:
        return AuditOutcome(AuditReport.of("recipe-box", 0, 0, [], []))


def _client(api: ScriptedChatApi) -> Any:
    return make_client("openai:scripted-double", api_key="bench", http_client=api.client())


def _dev_script() -> Any:
    root = KNOWN / "known_app"
    files = {
        p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts and p.name != "README.md"
    }

    def script(request: ScriptedRequest) -> Reply:
        if request.turn == 1:
            return Reply(
                calls=[Call("write_file", {"path": p, "content": t}) for p, t in files.items()]
            )
        return Reply(text="done")

    return script


async def _run(audit: str) -> dict[str, float]:
    plan_data = json.loads((KNOWN / "known_plan.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="appgen-bench-") as tmp:
        ws, site = Path(tmp) / "ws", Path(tmp) / "site"
        t0 = time.perf_counter()
        plan_api = ScriptedChatApi(
            [Reply(calls=[Call("write_plan", {"plan": plan_data})]), Reply(text="done")]
        )
        run = await plan_with_model(_client(plan_api), category="Media", product="Paprika")
        assert run.plan is not None, run.transcript
        write_plan(run.plan, ws)
        t1 = time.perf_counter()
        auditor = SubprocessAuditor() if audit == "real" else CleanVerdict()
        dev = LlmDevBackend(_client(ScriptedChatApi(_dev_script())))
        settings = BuildSettings(backend="llm", model="openai:scripted-double", rounds=2)
        record = await build_app(ws, dev, settings, auditor=auditor)
        assert record.status == "clean", record.model_dump_json(indent=2)
        t2 = time.perf_counter()
        verify_install(install_app(ws, site))
        t3 = time.perf_counter()
        rnd = record.rounds[0]
        return {
            "plan_s": t1 - t0, "build_s": t2 - t1, "install_s": t3 - t2, "total_s": t3 - t0,
            "dev_s": rnd.dev_s, "checks_s": rnd.checks_s, "audit_s": rnd.audit_s,
        }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--audit", choices=("none", "real"), default="none")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    runs = [asyncio.run(_run(args.audit)) for _ in range(args.repeat)]
    medians = {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]}
    out = {
        "bench": "appgen_pipeline",
        "audit": args.audit,
        "repeat": args.repeat,
        "median": medians,
        "runs": [{k: round(v, 3) for k, v in r.items()} for r in runs],
        "cores": os.cpu_count(),
        "load_before": round(load_before, 2),
        "load_after": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps(out))
        return
    what = f"scripted agents, audit {args.audit}"
    print(f"appgen plan → build → install ({what}), median of {args.repeat}:")
    for key, value in medians.items():
        print(f"  {key:10s} {value:8.3f} s")
    print(f"  load average {out['load_before']} → {out['load_after']} on {out['cores']} cores")


if __name__ == "__main__":
    main()
