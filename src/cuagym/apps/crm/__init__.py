"""crm: a mock sales CRM (leads, accounts, contacts, opportunities, lead conversion) on the hub.

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree, which the procedural task families in ``_families`` cover.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.crm._app import CrmApp
from cuagym.apps.crm._schema import CrmState
from cuagym.apps.crm._seed import build_seed

__all__ = ["CrmApp", "CrmState", "app", "build_seed"]

app = AppSpec(
    app_id="crm",
    title="CRM",
    kind="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=CrmApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    category="CRM / customer service",
    paper_domain="Business & CRM",
    release=Release(generic_name="CRM"),
    surface="cuagym.apps.crm",
)
