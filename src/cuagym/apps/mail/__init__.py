"""mail: a mock webmail app (folders, labels, threads, compose, contacts, templates).

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` is its feature tree and its task families live in ``cuagym.families``.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.mail._app import MailApp
from cuagym.apps.mail._schema import LABEL_COLORS, MailState
from cuagym.apps.mail._seed import build_seed

__all__ = ["LABEL_COLORS", "MailApp", "MailState", "app", "build_seed"]

app = AppSpec(
    app_id="mail",
    title="Mail",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=MailApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="Communication / messaging",
    paper_domain="Communication",
    release=Release(generic_name="Mail"),
    surface="cuagym.apps.mail",
)
