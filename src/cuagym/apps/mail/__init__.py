"""mail: a mock webmail app (folders, labels, threads, compose, contacts, templates).

The app's SKILL.md (beside this file) documents the state layout and the task scripts;
``taxonomy.yaml`` is its feature tree and its task families live in ``cuagym.families``.

Its public surface, for task families:

- world builders: :func:`build_seed`, :func:`varied_seed`, :func:`add_thread`,
  :func:`add_contact`, :func:`person`, :func:`pick_people`, :func:`march_date`,
  :data:`WORLD_NOW`, the vocabularies of :mod:`.pools` and the app's own state operations in
  :mod:`.ops`;
- state readers for rewards: :data:`REWARD_LIBRARY` (the module a reward inlines) and the
  readers from it that host code also uses (:func:`body_parts`, :func:`exact`,
  :func:`text_lines`);
- UI skills for oracles: :class:`MailOracle`.
"""

from __future__ import annotations

from pathlib import Path

from cuagym.apps._registry import AppSpec, Release
from cuagym.apps.mail import ops, pools
from cuagym.apps.mail._app import MailApp
from cuagym.apps.mail._schema import LABEL_COLORS, MailState
from cuagym.apps.mail._seed import SEED_FILES_URL, build_seed
from cuagym.apps.mail._seed_people import ACCOUNT
from cuagym.apps.mail._ui_skills import MailOracle
from cuagym.apps.mail._world import (
    WORLD_NOW,
    add_contact,
    add_thread,
    march_date,
    person,
    pick_people,
    varied_seed,
)
from cuagym.apps.mail.reward_lib import body_parts, exact, text_lines

__all__ = [
    "ACCOUNT",
    "LABEL_COLORS",
    "REWARD_LIBRARY",
    "SEED_FILES_URL",
    "WORLD_NOW",
    "MailApp",
    "MailOracle",
    "MailState",
    "add_contact",
    "add_thread",
    "app",
    "body_parts",
    "build_seed",
    "exact",
    "march_date",
    "ops",
    "person",
    "pick_people",
    "pools",
    "text_lines",
    "varied_seed",
]

#: The reward's state readers: a reward.py inlines this file below its marker (it imports only
#: the standard library, so it runs in any sandbox).
REWARD_LIBRARY = Path(__file__).with_name("reward_lib.py")

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
