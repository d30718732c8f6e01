"""mail: a mock webmail app (folders, labels, threads, compose, contacts, templates).

The domain's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` is its feature tree and ``_families`` its procedural task families.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.domains._registry import Domain
from cuagym.domains.mail._app import MailApp
from cuagym.domains.mail._families import FAMILIES
from cuagym.domains.mail._schema import LABEL_COLORS, MailState
from cuagym.domains.mail._seed import build_seed

__all__ = ["LABEL_COLORS", "MailApp", "MailState", "build_seed", "domain"]

domain = Domain(
    id="mail",
    title="Mail",
    platform="web",
    skill_file=Path(__file__).with_name("SKILL.md"),
    web_app=MailApp(),
    taxonomy_file=Path(__file__).with_name("taxonomy.yaml"),
    families=FAMILIES,
)
