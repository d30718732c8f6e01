"""``cuagym appgen``: mock-app synthesis and the app audit (DESIGN.md §12).

    cuagym appgen plan --category C --product P --out DIR
    cuagym appgen build DIR [--backend command|llm] [--rounds K]
    cuagym appgen audit APP_ID|DIR [--json] [--out REPORT_DIR]
    cuagym appgen install DIR

The commands live in their own modules; each registers itself on :data:`appgen_app`.
"""

from __future__ import annotations

import typer

__all__ = ["appgen_app"]

appgen_app = typer.Typer(
    help="Synthesize mock web apps (plan, build, install) and audit them in a real browser.",
    no_args_is_help=True,
    add_completion=False,
)

# Each command registers itself on appgen_app when its module is imported (kept last: the
# modules import appgen_app from here).
from cuagym.cli import _appgen_audit, _appgen_build  # noqa: E402, F401
