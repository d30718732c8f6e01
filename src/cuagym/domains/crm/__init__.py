"""crm: a mock sales CRM (leads, accounts, contacts, opportunities, lead conversion) on the hub.

The domain's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` its feature tree, which the procedural task families in ``_families`` cover.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.domains._registry import Domain
from cuagym.domains.crm._app import CrmApp
from cuagym.domains.crm._families import FAMILIES
from cuagym.domains.crm._schema import CrmState
from cuagym.domains.crm._seed import build_seed

__all__ = ["CrmApp", "CrmState", "build_seed", "domain"]

domain = Domain(
    id="crm",
    title="CRM",
    platform="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=CrmApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    families=FAMILIES,
)
