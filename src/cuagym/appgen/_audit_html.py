"""The audit's ``--out`` folder: ``index.html`` (per route its screenshot, its controls and what
each changed; dead controls and errors highlighted), ``shots/*.png`` and ``audit.json``."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from cuagym.appgen._audit_record import AuditRecord

__all__ = ["write_report"]

_TEMPLATES = Path(__file__).with_name("templates")


def render_report(record: AuditRecord) -> str:
    env = Environment(
        loader=FileSystemLoader(str(_TEMPLATES)), autoescape=select_autoescape(["html"])
    )
    template = env.get_template("audit.html")
    return template.render(
        report=record.report,
        routes=record.routes,
        api=record.api,
        unvisited=record.unvisited,
        skipped=record.skipped,
        seconds=record.seconds,
    )


def write_report(out: Path, record: AuditRecord, shots: dict[str, bytes]) -> None:
    """Write the report into ``out`` (created if missing; earlier shots are replaced)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "shots").mkdir(exist_ok=True)
    for old in (out / "shots").glob("*.png"):
        old.unlink()
    for name, data in shots.items():
        (out / name).write_bytes(data)
    (out / "audit.json").write_text(record.model_dump_json(indent=1) + "\n", encoding="utf-8")
    (out / "index.html").write_text(render_report(record), encoding="utf-8")
